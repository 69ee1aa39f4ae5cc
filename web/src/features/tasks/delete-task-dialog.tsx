import type { Task } from '@contract/tasks';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { useDeleteTask } from './api';
import { errorDescription } from './error-description';

/** Asks first; the time tracked on the task stays with its hours (docs/product/tasks.md#deleting). */
export function DeleteTaskDialog({
  task,
  open,
  onOpenChange,
}: {
  task: Task;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteTask();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="delete-task-dialog">
        <DialogHeader>
          <DialogTitle className="break-words">Delete “{task.title}”?</DialogTitle>
          <DialogDescription>
            The task and its comments go. Time tracked on it stays in the timesheets and reports, without the
            task's name.
          </DialogDescription>
        </DialogHeader>
        <DialogActions
          onCancel={() => onOpenChange(false)}
          label="Delete Task"
          pendingLabel="Deleting..."
          pending={remove.isPending}
          destructive
          onConfirm={() =>
            remove.mutate(
              { params: { id: task.id } },
              {
                onSuccess: () => {
                  toast({ title: 'Task deleted', description: task.title });
                  onOpenChange(false);
                },
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: 'Error',
                    description: errorDescription('Failed to delete task', error),
                  }),
              },
            )
          }
        />
      </DialogContent>
    </Dialog>
  );
}
