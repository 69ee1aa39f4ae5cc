import { Square, Timer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatElapsed } from '@/lib/format';
import { useActiveTimer, useElapsedSeconds, useStopTimer } from './api';

/** My Tasks' active-timer banner: polls every 2 s (docs/product/client-behaviour.md#active-timer-poll), elapsed ticks every second. */
export function ActiveTimerBanner() {
  const { t } = useTranslation('time');
  const active = useActiveTimer({ poll: true });
  const timer = active.data?.timer ?? null;
  const elapsed = useElapsedSeconds(timer?.startTime);
  const stop = useStopTimer();
  if (!timer) return null;

  return (
    <section
      aria-label={t('timer.activeLabel')}
      className="mb-6 flex flex-col gap-3 rounded-lg border border-primary-border bg-primary-soft p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
          <Timer className="size-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="text-xs font-medium uppercase tracking-wide text-primary-soft-foreground">
            {t('timer.running')}
          </p>
          <p className="truncate text-sm font-semibold text-foreground">
            {timer.task ?? timer.description}
            <span className="font-normal text-muted-foreground"> · {timer.project ?? t('noProject')}</span>
          </p>
        </div>
      </div>
      <div className="flex items-center justify-between gap-4 sm:justify-end">
        <span
          className="font-mono text-2xl font-semibold tabular-nums text-primary-soft-foreground"
          role="timer"
          aria-label={t('timer.elapsed')}
        >
          {formatElapsed(elapsed)}
        </span>
        <Button
          variant="destructive"
          size="sm"
          onClick={() => stop.mutate({ body: { timerId: timer.id } })}
          disabled={stop.isPending}
        >
          <Square aria-hidden /> {t('timer.stop')}
        </Button>
      </div>
    </section>
  );
}
