import { CalendarClock, Clock, ListChecks } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatHours, formatNumber } from '@/lib/format';
import { useHoursWhileRunning } from '@/lib/use-hours-while-running';
import { useTimeSummary } from './api';

/**
 * Total Hours (one decimal), Entries, Today: all three from GET /api/time-entries/summary; Today
 * keeps counting while a timer runs.
 */
export function SummaryCards() {
  const { t } = useTranslation('time');
  const summary = useTimeSummary();
  const data = summary.data;
  const today = useHoursWhileRunning(data?.todayHours, summary.dataUpdatedAt);
  return (
    <div className="grid grid-cols-3 gap-3 sm:gap-4">
      <StatCard
        label={t('summary.totalHours')}
        testId="total-hours"
        icon={<Clock aria-hidden />}
        value={data && formatHours(data.totalHours)}
      />
      <StatCard
        label={t('summary.entries')}
        testId="entries"
        icon={<ListChecks aria-hidden />}
        value={data && formatNumber(data.entries)}
      />
      <StatCard
        label={t('summary.today')}
        testId="today"
        icon={<CalendarClock aria-hidden />}
        value={today === undefined ? undefined : formatHours(today)}
      />
    </div>
  );
}

type StatProps = { label: string; testId: string; icon: ReactNode; value: string | undefined };

function StatCard({ label, testId, icon, value }: StatProps) {
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
          <p className="text-2xl font-semibold tabular-nums" data-testid={`stat-${testId}`}>
            {value}
          </p>
        )}
      </div>
    </Card>
  );
}
