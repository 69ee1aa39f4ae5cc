import { Clock, FolderKanban, TrendingUp, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useStoredUser } from '@/lib/auth';
import { formatHours, formatNumber } from '@/lib/format';
import { useHoursWhileRunning } from '@/lib/use-hours-while-running';
import { useDashboardStats } from './api';

/** Active Users, Hours Today, Active Projects, Productivity (docs/product/dashboard.md#stat-cards). */
export function DashboardStatCards() {
  const { t } = useTranslation('dashboard');
  const { data, dataUpdatedAt } = useDashboardStats();
  const user = useStoredUser();
  // Keeps counting while a timer runs, like the tracker's Today card.
  const hoursToday = useHoursWhileRunning(data?.totalHoursToday, dataUpdatedAt);
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      <Stat
        label={t('stats.activeUsers')}
        hint={t('stats.activeUsersHint')}
        testId="Active Users"
        icon={<Users />}
        tone="bg-info-soft text-info"
        value={data && formatNumber(data.activeUsers)}
      />
      <Stat
        label={t('stats.hoursToday')}
        hint={t('stats.hoursTodayHint')}
        testId="Hours Today"
        icon={<Clock />}
        tone="bg-primary-soft text-primary"
        value={hoursToday === undefined ? undefined : formatHours(hoursToday)}
      />
      <Stat
        label={t('stats.activeProjects')}
        // an employee's own projects; managers and admins oversee every one
        hint={t(user?.role === 'employee' ? 'stats.activeProjectsOwnHint' : 'stats.activeProjectsHint')}
        testId="Active Projects"
        icon={<FolderKanban />}
        tone="bg-warning-soft text-warning"
        value={data && formatNumber(data.activeProjects)}
      />
      <Stat
        label={t('stats.productivity')}
        hint={t('stats.productivityHint')}
        testId="Productivity"
        icon={<TrendingUp />}
        tone="bg-success-soft text-success"
        value={data && formatNumber(data.productivityScore / 100, { style: 'percent' })}
      />
    </div>
  );
}

type StatProps = {
  label: string;
  hint: string;
  /** The stat's name in its test id, whatever the language ('dashboard-Hours Today'). */
  testId: string;
  icon: ReactNode;
  tone: string;
  value: string | undefined;
};

function Stat({ label, hint, testId, icon, tone, value }: StatProps) {
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <span
          className={`flex size-8 shrink-0 items-center justify-center rounded-md [&_svg]:size-4 ${tone}`}
          aria-hidden
        >
          {icon}
        </span>
      </div>
      {value === undefined ? (
        <Skeleton className="mt-2 h-8 w-16" />
      ) : (
        <p
          className="mt-1 text-2xl font-semibold tabular-nums sm:text-3xl"
          data-testid={`dashboard-${testId}`}
        >
          {value}
        </p>
      )}
      <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
    </Card>
  );
}
