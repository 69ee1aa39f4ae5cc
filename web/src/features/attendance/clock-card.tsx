import type { TodaySummary } from '@contract/attendance';
import { Coffee, LogIn, LogOut, Play, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Trans } from '@/components/trans';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { formatElapsed, secondsSince } from '@/lib/format';
import { useBreak, useClockIn, useClockOut } from './api';
import { ClockOutDialog } from './clock-out-dialog';
import { formatDay, formatHoursAsTime, useOwnTime } from './time-format';
import { useNow } from '@/lib/use-now';

export function ClockCard({ summary }: { summary: TodaySummary | undefined }) {
  const { t } = useTranslation('attendance');
  const now = useNow();
  const own = useOwnTime();
  const clockIn = useClockIn();
  const clockOut = useClockOut();
  const startBreak = useBreak('start');
  const endBreak = useBreak('end');
  const current = summary?.current ?? null;
  const onBreak = Boolean(current?.breakStartedAt);
  const leftOpen = current && summary && current.date < summary.date;
  const state = !current ? 'out' : onBreak ? 'break' : 'in';
  const busy = clockIn.isPending || clockOut.isPending || startBreak.isPending || endBreak.isPending;
  const [confirmingOut, setConfirmingOut] = useState(false);

  // Failures keep the data layer's handling (adopt the open record, or fix and say so).
  const doClockIn = () =>
    clockIn.mutate(undefined, {
      onSuccess: (record) =>
        toast({
          title: t('clock.clockedIn'),
          description:
            record.status === 'late'
              ? t('clock.clockedInLate', { time: own.time(record.clockIn) })
              : t('clock.clockedInAt', { time: own.time(record.clockIn) }),
        }),
    });
  const doClockOut = () =>
    clockOut.mutate(undefined, {
      onSuccess: (record) =>
        toast({
          title: t('clock.clockedOut'),
          description: t('clock.clockedOutAt', {
            time: own.time(record.clockOut),
            worked: formatHoursAsTime(record.totalHours ?? 0),
          }),
        }),
      onSettled: () => setConfirmingOut(false),
    });

  return (
    <Card className="overflow-hidden">
      <CardContent className="flex flex-col gap-6 p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground">{own.longDate(now)}</p>
          {summary ? (
            <Badge
              variant={state === 'in' ? 'green' : state === 'break' ? 'amber' : 'gray'}
              data-testid="clock-state"
            >
              {state === 'in'
                ? t('clock.clockedIn')
                : state === 'break'
                  ? t('clock.onBreak')
                  : t('clock.clockedOut')}
            </Badge>
          ) : (
            <Skeleton className="h-5 w-20 rounded-full" />
          )}
        </div>
        <div>
          <p
            className="font-mono text-4xl font-semibold tracking-tight tabular-nums text-foreground sm:text-5xl"
            aria-live="off"
            data-testid="live-clock"
          >
            {own.clock(now)}
          </p>
          <div className="mt-2 min-h-5 text-sm text-muted-foreground">
            {!summary ? (
              <Skeleton className="h-4 w-56" />
            ) : current && onBreak && current.breakStartedAt ? (
              <span>
                <Trans
                  t={t}
                  i18nKey="clock.onBreakSince"
                  values={{
                    time: own.time(current.breakStartedAt),
                    elapsed: formatElapsed(secondsSince(current.breakStartedAt, now.getTime())),
                  }}
                  components={{ mono: <span className="font-mono tabular-nums" /> }}
                />
              </span>
            ) : current ? (
              <span>
                <Trans
                  t={t}
                  i18nKey="clock.inSince"
                  values={{
                    time: own.time(current.clockIn),
                    elapsed: formatElapsed(secondsSince(current.clockIn, now.getTime())),
                  }}
                  components={{ mono: <span className="font-mono tabular-nums" /> }}
                />
              </span>
            ) : (
              <span>{t('clock.notIn')}</span>
            )}
          </div>
        </div>
        {leftOpen && (
          <p className="flex items-start gap-2 rounded-md border border-warning-border bg-warning-soft px-3 py-2 text-sm text-warning-foreground">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t('clock.leftOpen', { day: formatDay(current.date) })}
          </p>
        )}
        <div className="flex flex-col gap-2 sm:flex-row">
          {state === 'out' ? (
            <Button size="lg" className="sm:min-w-40" onClick={doClockIn} disabled={!summary || busy}>
              <LogIn aria-hidden />
              {clockIn.isPending ? t('clock.clockingIn') : t('clock.clockIn')}
            </Button>
          ) : (
            <>
              {state === 'break' ? (
                <Button size="lg" variant="outline" onClick={() => endBreak.mutate()} disabled={busy}>
                  <Play aria-hidden />
                  {t('clock.endBreak')}
                </Button>
              ) : (
                <Button
                  size="lg"
                  variant="outline"
                  onClick={() => startBreak.mutate()}
                  disabled={busy || Boolean(leftOpen)}
                >
                  <Coffee aria-hidden />
                  {t('clock.startBreak')}
                </Button>
              )}
              <Button
                size="lg"
                variant="destructive"
                className="sm:min-w-40"
                onClick={() => setConfirmingOut(true)}
                disabled={clockOut.isPending || busy}
              >
                <LogOut aria-hidden />
                {clockOut.isPending ? t('clock.clockingOut') : t('clock.clockOut')}
              </Button>
            </>
          )}
        </div>
        {current && (
          <ClockOutDialog
            record={current}
            open={confirmingOut}
            pending={clockOut.isPending}
            onOpenChange={setConfirmingOut}
            onConfirm={doClockOut}
          />
        )}
      </CardContent>
    </Card>
  );
}
