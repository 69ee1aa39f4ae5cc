import { editEntryForm, type TimeEntry } from '@contract/time-entries';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
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
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden /> Add Manual Entry
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Time Entry</DialogTitle>
          <DialogDescription>
            Log time you did not track with the timer. An end before the start is the next day.
          </DialogDescription>
        </DialogHeader>
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
      </DialogContent>
    </Dialog>
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
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Time Entry</DialogTitle>
          <DialogDescription>Change the project, description or times of this entry.</DialogDescription>
        </DialogHeader>
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
      </DialogContent>
    </Dialog>
  );
}

export function DeleteEntryDialog({ entry, onClose }: { entry: TimeEntry; onClose: () => void }) {
  const remove = useDeleteEntry();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Delete time entry?</DialogTitle>
          <DialogDescription>
            “{entry.description || entry.project || 'This entry'}” will be removed from your tracked time.
            This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
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
          >
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
