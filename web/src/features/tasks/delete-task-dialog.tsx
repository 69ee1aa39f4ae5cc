import type { Task } from '@contract/tasks';
import { useTranslation } from 'react-i18next';
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
              toast({ title: t('toast.deleted'), description: task.title });
              onOpenChange(false);
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
