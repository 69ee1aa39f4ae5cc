import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useHoursWhileRunning } from '@/lib/use-hours-while-running';
import { formatBalance, formatHours, formatLocale, formatNumber } from '@/lib/format';
import { todayIn, useOwnTimeZone } from '@/lib/time-zone';
import { useDashboardStats, useOwnWeek } from './api';

/** Expected hours keep at most two decimals (a schedule is in minutes: 7.5h, 7.75h; '7,75 Std.'). */
const formatExpected = (hours: number) =>
  formatNumber(Math.round(hours * 100) / 100, {
    style: 'unit',
    unit: 'hour',
    unitDisplay: formatLocale().startsWith('en') ? 'narrow' : 'short',
    maximumFractionDigits: 2,
  });

/** Hours of the user's scheduled day and tasks completed of the user's tasks, both from the server's figures. */
export function TodaysProgress() {
  const { t } = useTranslation('dashboard');
  const { data, dataUpdatedAt } = useDashboardStats();
  const hoursToday = useHoursWhileRunning(data?.totalHoursToday, dataUpdatedAt) ?? 0;
  const week = useOwnWeek(todayIn(useOwnTimeZone()));
  const overtime = week.data?.overtime;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('progress.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        {data ? (
          <>
            <Bar
              label={t('progress.workDay')}
              detail={t('progress.workDayDetail', {
                hours: formatHours(hoursToday),
                expected: formatExpected(data.expectedHoursToday),
              })}
              value={hoursToday}
              max={data.expectedHoursToday}
            />
            <Bar
              label={t('progress.tasks')}
              detail={t('progress.tasksDetail', {
                done: formatNumber(data.completedTasks),
                total: formatNumber(data.totalTasks),
              })}
              value={data.completedTasks}
              max={data.totalTasks}
            />
            {overtime && (
              <p className="flex items-baseline justify-between gap-2 text-sm" data-testid="overtime-month">
                <span className="font-medium">{t('progress.overtime')}</span>
                <span className="tabular-nums text-muted-foreground">
                  {t('progress.overtimeDetail', { balance: formatBalance(overtime.monthSeconds) })}
                </span>
              </p>
            )}
          </>
        ) : (
          <>
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function Bar({ label, detail, value, max }: { label: string; detail: string; value: number; max: number }) {
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span className="tabular-nums text-muted-foreground">{detail}</span>
      </div>
      <div
        className="h-2 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={detail}
      >
        <div className="h-full rounded-full bg-primary transition-all" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
