import type { Task, TaskStatus } from '@contract/tasks';
import { CheckCircle2, Play } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useChangeTaskStatus } from './api';
import { errorDescription } from './error-description';
import { useOpenSubtasksConfirm } from './open-subtasks-confirm';
import { TaskCard } from './task-card';
import { TaskManageActions } from './task-manage-actions';

/** A My Tasks card: Start moves todo → in progress, Complete moves in progress → completed. */
export function MyTaskCard({ task, actions }: { task: Task; actions?: ReactNode }) {
  const { t } = useTranslation('tasks');
  const change = useChangeTaskStatus();
  const confirm = useOpenSubtasksConfirm();
  const move = (status: TaskStatus, force?: boolean) =>
    change.mutate(
      { params: { id: task.id }, body: { status, force } },
      {
        onSuccess: (updated) =>
          toast({
            title: t('toast.updated'),
            description: t('toast.movedTo', { title: updated.title, status: t(`status.${updated.status}`) }),
          }),
        onError: (error) => {
          if (confirm.refused(error, () => move(status, true))) return;
          toast({
            variant: 'destructive',
            title: t('toast.error'),
            description: errorDescription(t('toast.updateFailed'), error),
          });
        },
      },
    );
  // Tasks sent back for rework are finished through a review, not by Complete.
  const canComplete = task.status === 'in_progress' && task.reviewStatus !== 'rework';
  return (
    <TaskCard task={task} actions={actions}>
      {task.status === 'todo' && (
        <Button size="sm" onClick={() => move('in_progress')} disabled={change.isPending}>
          <Play aria-hidden /> {t('card.start')}
        </Button>
      )}
      {canComplete && (
        <Button size="sm" onClick={() => move('completed')} disabled={change.isPending}>
          <CheckCircle2 aria-hidden /> {t('card.complete')}
        </Button>
      )}
      <TaskManageActions task={task} />
      {confirm.dialog}
    </TaskCard>
  );
}
