import {
  type editEntryForm,
  type ManualEntryBody,
  type ManualEntryInput,
  manualEntryBody,
} from '@contract/time-entries';
import { useState } from 'react';
import { applyServerErrors, Form, FormMessage, SelectField, TextField, useZodForm } from '@/components/form';
import { DialogActions } from '@/components/ui/dialog';
import { useProjectOptions } from '@/lib/use-project-options';

type Props = {
  defaults: ManualEntryInput;
  /** A new entry's end must be after its start; an edit leaves that to the server (editEntryForm). */
  schema?: typeof manualEntryBody | typeof editEntryForm;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (body: ManualEntryBody) => Promise<unknown>;
  onCancel: () => void;
};

/** Project, description, date, start and end (wall clock in the user's zone); validated by the contract's schema. */
export function EntryForm({
  defaults,
  schema = manualEntryBody,
  submitLabel,
  pendingLabel,
  onSubmit,
  onCancel,
}: Props) {
  const projects = useProjectOptions();
  const form = useZodForm(schema, { defaultValues: defaults });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (body: ManualEntryBody) => {
    setFailure(null);
    try {
      await onSubmit(body);
    } catch (error) {
      // The server's refusals (future entry, unknown project) land on their fields.
      if (!applyServerErrors(form, error))
        setFailure(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
    }
  };

  return (
    <Form form={form} onSubmit={submit} idPrefix="entry">
      <SelectField
        name="projectId"
        label="Project"
        placeholder="Select a project"
        emptyText="No projects yet"
        options={(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
      />
      <TextField name="description" label="Description" placeholder="What did you work on?" maxLength={500} />
      <TextField name="date" label="Date" type="date" />
      <div className="grid grid-cols-2 gap-3">
        <TextField name="startTime" label="Start time" type="time" />
        <TextField name="endTime" label="End time" type="time" />
      </div>
      <FormMessage>{failure}</FormMessage>
      <DialogActions
        onCancel={onCancel}
        label={submitLabel}
        pendingLabel={pendingLabel}
        pending={form.formState.isSubmitting}
      />
    </Form>
  );
}
