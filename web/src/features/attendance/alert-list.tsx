import type { AlertSeverity, AttendanceAlert } from '@contract/alerts';
import { AlarmClock, Clock4, LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useOwnTime } from './time-format';

const severityBadge: Record<AlertSeverity, BadgeVariant> = {
  info: 'blue',
  warning: 'amber',
  critical: 'red',
};
const kindIcon = { late_arrival: AlarmClock, missing_clock_out: LogOut, long_day: Clock4 } as const;
const iconTone: Record<AlertSeverity, string> = {
  info: 'bg-info-soft text-info',
  warning: 'bg-warning-soft text-warning',
  critical: 'bg-danger-soft text-danger',
};

/** Alerts as docs/product/attendance.md#alerts shows them: message, time and a severity badge (and whose, for admins). */
export function AlertList({ alerts, showUser = false }: { alerts: AttendanceAlert[]; showUser?: boolean }) {
  const { t } = useTranslation('attendance');
  const own = useOwnTime();
  return (
    <ul className="divide-y" data-testid="alert-list">
      {alerts.map((alert) => {
        const Icon = kindIcon[alert.kind];
        return (
          <li key={alert.id} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
            <span
              className={cn(
                'mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full',
                iconTone[alert.severity],
              )}
            >
              <Icon className="size-4" aria-hidden />
            </span>
            <div className="min-w-0 flex-1">
              {showUser && <p className="text-sm font-semibold text-foreground">{alert.userName}</p>}
              <p className="text-sm text-foreground">{alert.message}</p>
              <p className="mt-0.5 text-xs text-muted-foreground">
                <time dateTime={alert.timestamp}>{own.dateTime(alert.timestamp)}</time>
              </p>
            </div>
            <Badge variant={severityBadge[alert.severity]}>{t(`alerts.severity.${alert.severity}`)}</Badge>
          </li>
        );
      })}
    </ul>
  );
}

export function AlertListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="space-y-4" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-start gap-3">
          <Skeleton className="size-8 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-32" />
          </div>
          <Skeleton className="h-5 w-16 rounded-full" />
        </div>
      ))}
    </div>
  );
}
