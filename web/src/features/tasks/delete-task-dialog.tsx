import type { Task } from '@contract/tasks';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { undoToast } from '@/components/ui/undo-toast';
import { toast } from '@/components/ui/use-toast';
import { restoreTask, useDeleteTask } from './api';
import { errorDescription } from './error-description';

/**
 * Asks first; the task then waits in the Trash, and the toast offers Undo for ten seconds
 * (docs/product/tasks.md#deleting). The time tracked on it keeps its hours.
 */
export function DeleteTaskDialog({
  task,
  open,
  onOpenChange,
  onDeleted,
}: {
  task: Task;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** after the deletion, while the toast shows (the task page goes back where the user came from) */
  onDeleted?: () => void;
}) {
  const { t } = useTranslation('tasks');
  const remove = useDeleteTask();
  return (
    <ConfirmDialog
      open={open}
      onClose={() => onOpenChange(false)}
      testId="delete-task-dialog"
      title={t('delete.title', { title: task.title })}
      description={t('delete.description')}
      confirmLabel={t('delete.confirm')}
      pendingLabel={t('delete.pending')}
      pending={remove.isPending}
      destructive
      onConfirm={() =>
        remove.mutate(
          { params: { id: task.id } },
          {
            onSuccess: () => {
              undoToast({
                title: t('common:undo.deleted'),
                description: task.title,
                undoLabel: t('common:undo.undo'),
                altText: t('common:undo.altText'),
                undo: () => restoreTask(task.id),
                restored: t('common:undo.restored'),
                failed: t('common:undo.failed'),
              });
              onOpenChange(false);
              onDeleted?.();
            },
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: t('toast.error'),
                description: errorDescription(t('toast.deleteFailed'), error),
              }),
          },
        )
      }
    />
  );
}
