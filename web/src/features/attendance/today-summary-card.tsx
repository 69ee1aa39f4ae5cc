import type { TodaySummary } from '@contract/attendance';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatExpectedHours, formatHoursAsTime, formatMinutes, useOwnTime } from './time-format';
import { useNow } from '@/lib/use-now';

type Props = { summary: TodaySummary | undefined; fetchedAt: number };

/** The server's totals, moved on locally each second while a record is open and no break runs. */
export function TodaySummaryCard({ summary, fetchedAt }: Props) {
  const { t } = useTranslation('attendance');
  const now = useNow();
  const own = useOwnTime();
  const working =
    summary?.current && !summary.current.breakStartedAt && summary.current.date === summary.date;
  const onBreak = summary?.current?.breakStartedAt && summary.current.date === summary.date;
  const sinceFetch = Math.max(0, now.getTime() - fetchedAt);
  const hours = (summary?.hoursSoFar ?? 0) + (working ? sinceFetch / 3_600_000 : 0);
  const breakMinutes = (summary?.breakMinutes ?? 0) + (onBreak ? Math.floor(sinceFetch / 60_000) : 0);
  const expected = summary?.expectedHours ?? 0;
  const progress = expected > 0 ? Math.min(100, (hours / expected) * 100) : 0;

  const stats = [
    { key: 'firstIn', label: t('today.firstIn'), value: own.time(summary?.firstIn) },
    { key: 'lastOut', label: t('today.lastOut'), value: own.time(summary?.lastOut) },
    {
      key: 'hours',
      label: t('today.hoursToday'),
      value: formatHoursAsTime(hours),
      testId: 'hours-today',
    },
    {
      key: 'break',
      label: t('today.breakTime'),
      value: formatMinutes(breakMinutes),
      testId: 'break-today',
    },
  ];

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('today.title')}</CardTitle>
        <CardDescription>
          {summary ? t('today.records', { count: summary.records }) : t('common:states.loading')}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <dl className="grid grid-cols-2 gap-3">
          {stats.map((s) => (
            <div key={s.key} className="rounded-md bg-subtle px-3 py-2.5">
              <dt className="text-xs font-medium text-muted-foreground">{s.label}</dt>
              <dd className="mt-1 text-lg font-semibold tabular-nums text-foreground" data-testid={s.testId}>
                {summary ? s.value : <Skeleton className="h-6 w-16" />}
              </dd>
            </div>
          ))}
        </dl>
        <div>
          <div className="mb-1.5 flex justify-between text-xs text-muted-foreground">
            <span>{t('today.workDay')}</span>
            <span className="tabular-nums">
              {t('today.ofExpected', {
                worked: formatHoursAsTime(hours),
                expected: formatExpectedHours(expected),
              })}
            </span>
          </div>
          <div
            className="h-2 overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-label={t('today.progressLabel')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress)}
          >
            <div
              className="h-full rounded-full bg-primary transition-[width]"
              style={{ width: `${progress}%` }}
            />
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
