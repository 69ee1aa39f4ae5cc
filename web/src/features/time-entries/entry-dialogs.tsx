import { editEntryForm, type TimeEntry } from '@contract/time-entries';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DialogFrame } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { todayIn } from '@/lib/time-zone';
import { useCreateEntry, useDeleteEntry, useTimeEntries, useTimeSummary, useUpdateEntry } from './api';
import { EntryForm } from './entry-form';
import { overlapWarning, zonedParts } from './zoned';

/** The toast after a save: the answer's overlaps are said even when the dialog could not see them. */
function saved(title: string, entry: TimeEntry, timeZone: string) {
  if (entry.overlaps.length === 0) return toast({ title, description: 'Your time entry was saved.' });
  toast({ title, description: `${overlapWarning(entry.overlaps, timeZone)}.` });
}

/**
 * 'Add Manual Entry' → the 'Add Time Entry' dialog; the date defaults to the person's today, and the
 * times are read in their zone (`timeZone`).
 */
export function AddEntryDialog({ timeZone }: { timeZone: string }) {
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
          <Plus aria-hidden /> Add Manual Entry
        </Button>
      }
      title="Add Time Entry"
      description="Log time you did not track with the timer. An end before the start is the next day."
    >
      {open && (
        <EntryForm
          defaults={{ projectId: '', description: '', date: today, startTime: '09:00', endTime: '10:00' }}
          timeZone={timeZone}
          others={entries.data?.pages.flat() ?? []}
          submitLabel="Add Entry"
          pendingLabel="Adding..."
          onCancel={() => setOpen(false)}
          onSubmit={async (body) => {
            const entry = await create.mutateAsync({ body });
            setOpen(false);
            saved('Entry Added', entry, timeZone);
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
  const update = useUpdateEntry();
  const start = zonedParts(entry.startTime, timeZone);
  const end = zonedParts(entry.endTime, timeZone);
  return (
    <DialogFrame
      open
      onOpenChange={(open) => !open && onClose()}
      title="Edit Time Entry"
      description="Change the project, description or times of this entry."
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
        submitLabel="Save Changes"
        pendingLabel="Saving..."
        onCancel={onClose}
        onSubmit={async (body) => {
          const updated = await update.mutateAsync({ params: { id: entry.id }, body });
          onClose();
          saved('Entry Updated', updated, timeZone);
        }}
      />
    </DialogFrame>
  );
}

export function DeleteEntryDialog({ entry, onClose }: { entry: TimeEntry; onClose: () => void }) {
  const remove = useDeleteEntry();
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      className="max-w-md"
      title="Delete time entry?"
      description={`“${entry.description || entry.project || 'This entry'}” will be removed from your tracked time. This cannot be undone.`}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      destructive
      onConfirm={() =>
        remove.mutate(
          { params: { id: entry.id } },
          {
            onSuccess: () => {
              onClose();
              toast({ title: 'Entry Deleted', description: 'The time entry was removed.' });
            },
            onError: (error) =>
              toast({
                title: 'Could not delete the entry',
                description: error.message,
                variant: 'destructive',
              }),
          },
        )
      }
    />
  );
}
