import { WORK_DAY_HOURS } from '@contract/dashboard';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useHoursWhileRunning } from '@/features/timers/api';
import { useDashboardStats } from './api';

/** Hours of the 8-hour day and tasks completed of the user's tasks, both from the server's figures. */
export function TodaysProgress() {
  const { data, dataUpdatedAt } = useDashboardStats();
  const hoursToday = useHoursWhileRunning(data?.totalHoursToday, dataUpdatedAt) ?? 0;
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
              detail={`${hoursToday.toFixed(1)}h of ${WORK_DAY_HOURS}h`}
              value={hoursToday}
              max={WORK_DAY_HOURS}
            />
            <Bar
              label="Tasks completed"
              detail={`${data.completedTasks} of ${data.totalTasks}`}
              value={data.completedTasks}
              max={data.totalTasks}
            />
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
        className="h-2 overflow-hidden rounded-full bg-slate-100"
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
