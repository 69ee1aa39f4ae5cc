import { type ManualEntryBody, type ManualEntryInput, manualEntryBody } from '@contract/time-entries';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { DialogActions } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { ApiError } from '@/lib/api-client';
import { useProjectOptions } from './api';

type Props = {
  defaults: ManualEntryInput;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (body: ManualEntryBody) => Promise<unknown>;
  onCancel: () => void;
};

const FIELDS = ['projectId', 'description', 'date', 'startTime', 'endTime'] as const;

/** Project, description, date, start and end (org-zone wall clock); validated by the contract's schema. */
export function EntryForm({ defaults, submitLabel, pendingLabel, onSubmit, onCancel }: Props) {
  const projects = useProjectOptions();
  const form = useForm<ManualEntryInput, unknown, ManualEntryBody>({
    resolver: zodResolver(manualEntryBody),
    defaultValues: defaults,
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    try {
      await onSubmit(body);
    } catch (error) {
      // The server's refusals (future entry, unknown project) land on their fields.
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : undefined;
      const field = FIELDS.find((f) => fieldErrors?.[f]?.length);
      const message = error instanceof Error ? error.message : 'Something went wrong. Please try again.';
      form.setError(field ?? 'root', { message: field ? fieldErrors?.[field]?.[0] : message });
    }
  });

  const fieldError = (name: (typeof FIELDS)[number]) =>
    errors[name]?.message ? (
      <p id={`entry-${name}-error`} className="text-sm text-destructive">
        {errors[name]?.message}
      </p>
    ) : null;

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <div className="grid gap-1.5">
        <Label htmlFor="entry-projectId">Project</Label>
        <Controller
          control={form.control}
          name="projectId"
          render={({ field }) => (
            <Select value={field.value ?? ''} onValueChange={field.onChange}>
              <SelectTrigger id="entry-projectId" aria-invalid={!!errors.projectId} onBlur={field.onBlur}>
                <SelectValue placeholder="Select a project" />
              </SelectTrigger>
              <SelectContent>
                {(projects.data ?? []).length === 0 ? (
                  <div className="px-2 py-1.5 text-sm text-muted-foreground">No projects yet</div>
                ) : (
                  (projects.data ?? []).map((p) => (
                    <SelectItem key={p.id} value={p.id}>
                      {p.name}
                    </SelectItem>
                  ))
                )}
              </SelectContent>
            </Select>
          )}
        />
        {fieldError('projectId')}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="entry-description">Description</Label>
        <Input
          id="entry-description"
          placeholder="What did you work on?"
          maxLength={500}
          aria-invalid={!!errors.description}
          {...form.register('description')}
        />
        {fieldError('description')}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="entry-date">Date</Label>
        <Input id="entry-date" type="date" aria-invalid={!!errors.date} {...form.register('date')} />
        {fieldError('date')}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="entry-startTime">Start time</Label>
          <Input
            id="entry-startTime"
            type="time"
            aria-invalid={!!errors.startTime}
            {...form.register('startTime')}
          />
          {fieldError('startTime')}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="entry-endTime">End time</Label>
          <Input
            id="entry-endTime"
            type="time"
            aria-invalid={!!errors.endTime}
            {...form.register('endTime')}
          />
          {fieldError('endTime')}
        </div>
      </div>
      {errors.root?.message && (
        <p role="alert" className="text-sm text-destructive">
          {errors.root.message}
        </p>
      )}
      <DialogActions
        onCancel={onCancel}
        label={submitLabel}
        pendingLabel={pendingLabel}
        pending={isSubmitting}
      />
    </form>
  );
}
