import {
  type editEntryForm,
  type ManualEntryBody,
  type ManualEntryInput,
  manualEntryBody,
  type TimeEntry,
} from '@contract/time-entries';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  applyServerErrors,
  BillableField,
  Form,
  FormMessage,
  SelectField,
  TextField,
  useZodForm,
} from '@/components/form';
import { useProjectBilling } from '@/lib/use-project-billing';
import { DialogActions } from '@/components/ui/dialog';
import { useProjectOptions } from '@/lib/use-project-options';
import { EntryPreview } from './entry-preview';
import { MAX_ENTRY_SECONDS, type Span, spanOf } from './span';

type Props = {
  defaults: ManualEntryInput;
  /** A new entry's end must be after its start; an edit leaves that to the server (editEntryForm). */
  schema?: typeof manualEntryBody | typeof editEntryForm;
  /** The owner's zone: the times are typed, previewed and compared in it. */
  timeZone: string;
  /** The entry being edited: its unchanged times keep their instants. */
  editing?: TimeEntry;
  /** The owner's entries the screen has, to warn of an overlap before saving. */
  others: readonly TimeEntry[];
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (body: ManualEntryBody) => Promise<unknown>;
  onCancel: () => void;
};

/**
 * Project, description, date, start and end (wall clock in the owner's zone), validated by the
 * contract's schema; below the times, what they will be saved as (a night shift ends the next day)
 * and the entries they overlap (docs/product/time-tracking.md#manual-entries).
 */
export function EntryForm({
  defaults,
  schema = manualEntryBody,
  timeZone,
  editing,
  others,
  submitLabel,
  pendingLabel,
  onSubmit,
  onCancel,
}: Props) {
  const { t } = useTranslation('time');
  const projects = useProjectOptions();
  const form = useZodForm(schema, { defaultValues: defaults });
  const [failure, setFailure] = useState<string | null>(null);
  const [date, startTime, endTime, projectId] = useWatch({
    control: form.control,
    name: ['date', 'startTime', 'endTime', 'projectId'],
  });
  const billing = useProjectBilling(projectId || undefined);
  // An edited entry shows its own flag until its project changes; a new one its project's default.
  const projectDefault =
    editing && projectId === editing.projectId ? editing.billable : (billing.data?.billable ?? false);
  const span: Span | null = spanOf({ date, startTime, endTime }, timeZone, editing);

  const submit = async (body: ManualEntryBody) => {
    setFailure(null);
    // The server refuses it too; said here, the person need not wait for the answer.
    if (span && span.seconds > MAX_ENTRY_SECONDS) {
      form.setError('endTime', { type: 'range', message: t('form.tooLong') }, { shouldFocus: true });
      return;
    }
    try {
      await onSubmit(body);
    } catch (error) {
      // The server's refusals (future entry, over 24 hours, unknown project) land on their fields.
      if (!applyServerErrors(form, error))
        setFailure(error instanceof Error ? error.message : t('common:errors.tryAgain'));
    }
  };

  return (
    <Form form={form} onSubmit={submit} idPrefix="entry">
      <div className="grid grid-cols-[1fr_auto] items-end gap-3">
        <SelectField
          name="projectId"
          label={t('form.project')}
          placeholder={t('form.projectPlaceholder')}
          emptyText={t('form.noProjects')}
          options={(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
        <BillableField name="billable" projectDefault={projectDefault} />
      </div>
      <TextField
        name="description"
        label={t('form.description')}
        placeholder={t('form.descriptionPlaceholder')}
        maxLength={500}
      />
      <TextField name="date" label={t('form.date')} type="date" />
      <div className="grid grid-cols-2 gap-3">
        <TextField name="startTime" label={t('form.startTime')} type="time" />
        <TextField name="endTime" label={t('form.endTime')} type="time" />
      </div>
      <EntryPreview span={span} timeZone={timeZone} others={others} editingId={editing?.id} />
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
