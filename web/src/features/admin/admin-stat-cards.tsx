import type { LucideIcon } from 'lucide-react';
import { AlertTriangle, Clock, UserCheck, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useAdminStats, useStatsFollowSettings } from './api';

function StatCard({
  label,
  value,
  hint,
  icon: Icon,
  tone,
  to,
}: {
  label: string;
  value: number | string | undefined;
  hint: string;
  icon: LucideIcon;
  tone: string;
  to?: string;
}) {
  const { t } = useTranslation('admin');
  const body = (
    <Card
      className={cn(
        'flex h-full items-start justify-between gap-3 p-4 sm:p-5',
        to && 'transition-colors hover:border-primary/40 hover:bg-primary-soft/30',
      )}
    >
      <div className="min-w-0">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        {value === undefined ? (
          <Skeleton className="mt-2 h-8 w-12" />
        ) : (
          <p className="mt-1 text-3xl font-semibold tracking-tight text-foreground">
            {typeof value === 'number' ? formatNumber(value) : value}
          </p>
        )}
        <p className="mt-1 hidden text-xs text-muted-foreground sm:block">{hint}</p>
        {/* a link's name starts with what it shows; where it leads comes after */}
        {to && <span className="sr-only">{t('stats.openQueue')}</span>}
      </div>
      <div className={cn('hidden size-10 shrink-0 items-center justify-center rounded-lg sm:flex', tone)}>
        <Icon className="size-5" aria-hidden />
      </div>
    </Card>
  );
  return to ? (
    <Link to={to} className="rounded-lg focus-visible:outline-2 focus-visible:outline-ring">
      {body}
    </Link>
  ) : (
    body
  );
}

/**
 * Admin Dashboard figures, all counted by the server, never from a capped list (docs/product/admin.md#admin-stats; Active
 * Users = approved, not suspended; System Alerts = everyone's attendance alerts).
 */
export function AdminStatCards() {
  const { t } = useTranslation('admin');
  const stats = useAdminStats();
  useStatsFollowSettings();
  const s = stats.data;
  const value = (n: number | undefined) => (stats.isError ? '—' : n);
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard
        label={t('stats.totalUsers')}
        value={value(s?.totalUsers)}
        hint={t('stats.totalUsersHint')}
        icon={Users}
        tone="bg-primary-soft text-primary"
      />
      <StatCard
        label={t('stats.pendingApprovals')}
        value={value(s?.pendingApprovals)}
        hint={t('stats.pendingApprovalsHint')}
        icon={Clock}
        tone="bg-warning-soft text-warning"
        to="/admin/pending-users"
      />
      <StatCard
        label={t('stats.activeUsers')}
        value={value(s?.activeUsers)}
        hint={t('stats.activeUsersHint')}
        icon={UserCheck}
        tone="bg-success-soft text-success"
      />
      <StatCard
        label={t('stats.systemAlerts')}
        value={value(s?.systemAlerts)}
        hint={t('stats.systemAlertsHint')}
        icon={AlertTriangle}
        tone="bg-danger-soft text-danger"
      />
    </div>
  );
}
