import type { Task, TaskStatus } from '@contract/tasks';
import { CheckCircle2, Play } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useChangeTaskStatus } from './api';
import { errorDescription } from './error-description';
import { statusLabels } from './task-badges';
import { TaskCard } from './task-card';
import { TaskManageActions } from './task-manage-actions';

/** A My Tasks card: Start moves todo → in progress, Complete moves in progress → completed. */
export function MyTaskCard({ task, actions }: { task: Task; actions?: ReactNode }) {
  const change = useChangeTaskStatus();
  const move = (status: TaskStatus) =>
    change.mutate(
      { params: { id: task.id }, body: { status } },
      {
        onSuccess: (updated) =>
          toast({
            title: 'Task Updated',
            description: `${updated.title} is now ${statusLabels[updated.status]}.`,
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: errorDescription('Failed to update task', error),
          }),
      },
    );
  // Tasks sent back for rework are finished through a review, not by Complete.
  const canComplete = task.status === 'in_progress' && task.reviewStatus !== 'rework';
  return (
    <TaskCard task={task} actions={actions}>
      {task.status === 'todo' && (
        <Button size="sm" onClick={() => move('in_progress')} disabled={change.isPending}>
          <Play aria-hidden /> Start
        </Button>
      )}
      {canComplete && (
        <Button size="sm" onClick={() => move('completed')} disabled={change.isPending}>
          <CheckCircle2 aria-hidden /> Complete
        </Button>
      )}
      <TaskManageActions task={task} />
    </TaskCard>
  );
}
