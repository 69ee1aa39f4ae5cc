import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useHoursWhileRunning } from '@/lib/use-hours-while-running';
import { formatBalance } from '@/lib/format';
import { todayIn, useOwnTimeZone } from '@/lib/time-zone';
import { useDashboardStats, useOwnWeek } from './api';

/** Expected hours keep at most two decimals (a schedule is in minutes: 7.5, 7.75). */
const formatExpected = (hours: number) => String(Math.round(hours * 100) / 100);

/** Hours of the user's scheduled day and tasks completed of the user's tasks, both from the server's figures. */
export function TodaysProgress() {
  const { data, dataUpdatedAt } = useDashboardStats();
  const hoursToday = useHoursWhileRunning(data?.totalHoursToday, dataUpdatedAt) ?? 0;
  const week = useOwnWeek(todayIn(useOwnTimeZone()));
  const overtime = week.data?.overtime;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Today's Progress</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        {data ? (
          <>
            <Bar
              label="Work day"
              detail={`${hoursToday.toFixed(1)}h of ${formatExpected(data.expectedHoursToday)}h`}
              value={hoursToday}
              max={data.expectedHoursToday}
            />
            <Bar
              label="Tasks completed"
              detail={`${data.completedTasks} of ${data.totalTasks}`}
              value={data.completedTasks}
              max={data.totalTasks}
            />
            {overtime && (
              <p className="flex items-baseline justify-between gap-2 text-sm" data-testid="overtime-month">
                <span className="font-medium">Overtime</span>
                <span className="tabular-nums text-muted-foreground">
                  {formatBalance(overtime.monthSeconds)} this month so far
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
