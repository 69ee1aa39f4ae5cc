import { editEntryForm, type TimeEntry } from '@contract/time-entries';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DialogFrame } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { i18n } from '@/lib/i18n';
import { todayIn } from '@/lib/time-zone';
import {
  restoreEntry,
  useCreateEntry,
  useDeleteEntry,
  useTimeEntries,
  useTimeSummary,
  useUpdateEntry,
} from './api';
import { undoToast } from '@/components/ui/undo-toast';
import { EntryForm } from './entry-form';
import { overlapWarning, zonedParts } from './zoned';

/** The toast after a save: the answer's overlaps are said even when the dialog could not see them. */
function saved(title: string, entry: TimeEntry, timeZone: string) {
  if (entry.overlaps.length === 0) return toast({ title, description: i18n.t('time:dialogs.saved') });
  const warning = overlapWarning(entry.overlaps, timeZone);
  toast({ title, description: i18n.t('time:dialogs.savedWithOverlap', { warning }) });
}

/**
 * 'Add Manual Entry' → the 'Add Time Entry' dialog; the date defaults to the person's today, and the
 * times are read in their zone (`timeZone`).
 */
export function AddEntryDialog({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation('time');
  const [open, setOpen] = useState(false);
  const summary = useTimeSummary();
  const entries = useTimeEntries();
  const create = useCreateEntry();
  const today = summary.data?.today ?? todayIn(timeZone);
  return (
    <DialogFrame
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button>
          <Plus aria-hidden /> {t('dialogs.add.trigger')}
        </Button>
      }
      title={t('dialogs.add.title')}
      description={t('dialogs.add.description')}
    >
      {open && (
        <EntryForm
          defaults={{ projectId: '', description: '', date: today, startTime: '09:00', endTime: '10:00' }}
          timeZone={timeZone}
          others={entries.data?.pages.flat() ?? []}
          submitLabel={t('dialogs.add.submit')}
          pendingLabel={t('dialogs.add.pending')}
          onCancel={() => setOpen(false)}
          onSubmit={async (body) => {
            const entry = await create.mutateAsync({ body });
            setOpen(false);
            saved(t('dialogs.add.done'), entry, timeZone);
          }}
        />
      )}
    </DialogFrame>
  );
}

export function EditEntryDialog(props: {
  entry: TimeEntry;
  timeZone: string;
  others: readonly TimeEntry[];
  onClose: () => void;
}) {
  const { entry, timeZone, others, onClose } = props;
  const { t } = useTranslation('time');
  const update = useUpdateEntry();
  const start = zonedParts(entry.startTime, timeZone);
  const end = zonedParts(entry.endTime, timeZone);
  return (
    <DialogFrame
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('dialogs.edit.title')}
      description={t('dialogs.edit.description')}
    >
      <EntryForm
        defaults={{
          projectId: entry.projectId ?? '',
          description: entry.description,
          date: start.date,
          startTime: start.time,
          endTime: end.time,
        }}
        schema={editEntryForm}
        timeZone={timeZone}
        editing={entry}
        others={others}
        submitLabel={t('dialogs.edit.submit')}
        pendingLabel={t('dialogs.edit.pending')}
        onCancel={onClose}
        onSubmit={async (body) => {
          const updated = await update.mutateAsync({ params: { id: entry.id }, body });
          onClose();
          saved(t('dialogs.edit.done'), updated, timeZone);
        }}
      />
    </DialogFrame>
  );
}

export function DeleteEntryDialog({ entry, onClose }: { entry: TimeEntry; onClose: () => void }) {
  const { t } = useTranslation('time');
  const remove = useDeleteEntry();
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      className="max-w-md"
      title={t('dialogs.delete.title')}
      description={t('dialogs.delete.description', {
        name: entry.description || entry.project || t('dialogs.delete.thisEntry'),
      })}
      confirmLabel={t('common:actions.delete')}
      pendingLabel={t('dialogs.delete.pending')}
      pending={remove.isPending}
      destructive
      onConfirm={() =>
        remove.mutate(
          { params: { id: entry.id } },
          {
            onSuccess: () => {
              onClose();
              undoToast({
                title: t('common:undo.deleted'),
                description: entry.description || entry.project || t('dialogs.delete.thisEntry'),
                undoLabel: t('common:undo.undo'),
                altText: t('common:undo.altText'),
                undo: () => restoreEntry(entry.id),
                restored: t('common:undo.restored'),
                failed: t('common:undo.failed'),
              });
            },
            onError: (error) =>
              toast({
                title: t('dialogs.delete.failed'),
                description: error.message,
                variant: 'destructive',
              }),
          },
        )
      }
    />
  );
}
