import { CalendarClock, Clock, ListChecks } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatHours } from '@/lib/format';
import { useHoursWhileRunning } from '@/lib/use-hours-while-running';
import { useTimeSummary } from './api';

/**
 * Total Hours (one decimal), Entries, Today: all three from GET /api/time-entries/summary; Today
 * keeps counting while a timer runs.
 */
export function SummaryCards() {
  const summary = useTimeSummary();
  const data = summary.data;
  const today = useHoursWhileRunning(data?.todayHours, summary.dataUpdatedAt);
  return (
    <div className="grid grid-cols-3 gap-3 sm:gap-4">
      <StatCard
        label="Total Hours"
        icon={<Clock aria-hidden />}
        value={data && formatHours(data.totalHours)}
      />
      <StatCard label="Entries" icon={<ListChecks aria-hidden />} value={data && String(data.entries)} />
      <StatCard
        label="Today"
        icon={<CalendarClock aria-hidden />}
        value={today === undefined ? undefined : formatHours(today)}
      />
    </div>
  );
}

function StatCard({ label, icon, value }: { label: string; icon: ReactNode; value: string | undefined }) {
  return (
    <Card className="flex items-center gap-4 p-3 sm:p-5">
      <span className="hidden size-10 shrink-0 sm:flex items-center justify-center rounded-lg bg-primary-soft text-primary [&_svg]:size-5">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="truncate text-xs text-muted-foreground sm:text-sm">{label}</p>
        {value === undefined ? (
          <Skeleton className="mt-1 h-7 w-16" />
        ) : (
          <p
            className="text-2xl font-semibold tabular-nums"
            data-testid={`stat-${label.toLowerCase().replace(' ', '-')}`}
          >
            {value}
          </p>
        )}
      </div>
    </Card>
  );
}
