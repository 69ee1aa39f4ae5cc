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
import { useCreateEntry, useDeleteEntry, useTimeSummary, useUpdateEntry } from './api';
import { EntryForm } from './entry-form';
import { zonedParts } from './zoned';

/** 'Add Manual Entry' → the 'Add Time Entry' dialog; the date defaults to the org's today. */
export function AddEntryDialog() {
  const [open, setOpen] = useState(false);
  const summary = useTimeSummary();
  const create = useCreateEntry();
  const today = summary.data?.today ?? new Date().toISOString().slice(0, 10);
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
          <DialogDescription>Log time you did not track with the timer.</DialogDescription>
        </DialogHeader>
        {open && (
          <EntryForm
            defaults={{ projectId: '', description: '', date: today, startTime: '09:00', endTime: '10:00' }}
            submitLabel="Add Entry"
            pendingLabel="Adding..."
            onCancel={() => setOpen(false)}
            onSubmit={async (body) => {
              await create.mutateAsync({ body });
              setOpen(false);
              toast({ title: 'Entry Added', description: 'Your time entry was saved.' });
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

export function EditEntryDialog(props: { entry: TimeEntry; timeZone: string; onClose: () => void }) {
  const { entry, timeZone, onClose } = props;
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
          submitLabel="Save Changes"
          pendingLabel="Saving..."
          onCancel={onClose}
          onSubmit={async (body) => {
            await update.mutateAsync({ params: { id: entry.id }, body });
            onClose();
            toast({ title: 'Entry Updated', description: 'Your time entry was saved.' });
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
