import type { Task } from '@contract/tasks';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
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
    <ConfirmDialog
      open={open}
      onClose={() => onOpenChange(false)}
      testId="delete-task-dialog"
      title={`Delete “${task.title}”?`}
      description="The task and its comments go. Time tracked on it stays in the timesheets and reports, without the task's name."
      confirmLabel="Delete Task"
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
  );
}
