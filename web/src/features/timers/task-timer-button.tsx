import { Play, Square } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DisabledReason } from '@/components/ui/disabled-reason';
import { useActiveTimer, useStartTimer, useStopTimer } from './api';

type Props = { taskId: string; status: string; isPaused: boolean };

/**
 * Start or stop a timer for one task (My Tasks). Refused for completed and paused tasks and while
 * another timer runs (docs/product/time-tracking.md#task-timers); the server enforces the same rules.
 */
export function TaskTimerButton({ taskId, status, isPaused }: Props) {
  const { t } = useTranslation('time');
  const active = useActiveTimer();
  const start = useStartTimer();
  const stop = useStopTimer();
  const timer = active.data?.timer ?? null;

  if (timer?.taskId === taskId) {
    return (
      <Button
        size="sm"
        variant="destructive"
        onClick={() => stop.mutate({ body: { timerId: timer.id } })}
        disabled={stop.isPending}
      >
        <Square aria-hidden /> {t('timer.stop')}
      </Button>
    );
  }

  // A completed task is never timed again: no button at all rather than one disabled forever.
  if (status === 'completed') return null;
  const reason = isPaused ? t('timer.task.paused') : timer ? t('timer.task.otherRunning') : null;
  const button = (
    <Button
      size="sm"
      variant="outline"
      onClick={() => start.mutate({ body: { taskId } })}
      disabled={reason !== null || start.isPending || active.isLoading}
      aria-label={
        isPaused ? t('timer.task.startPaused') : timer ? t('timer.task.startBlocked') : t('timer.start')
      }
    >
      <Play aria-hidden /> {t('timer.start')}
    </Button>
  );
  if (!reason) return button;
  return <DisabledReason reason={reason}>{button}</DisabledReason>;
}
