import { ALERT_WINDOW_DAYS } from '@contract/alerts';
import { ShieldCheck } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { useAdminAlerts } from './api';
import { AlertList, AlertListSkeleton } from './alert-list';

/** Admin Dashboard 'System Alerts' tab: everyone's attendance alerts. */
export function SystemAlertsPanel() {
  const alerts = useAdminAlerts();
  return (
    <Card>
      <CardHeader>
        <CardTitle>System Alerts</CardTitle>
        <CardDescription>
          Attendance alerts for everyone over the last {ALERT_WINDOW_DAYS} days, judged by the current
          settings
        </CardDescription>
      </CardHeader>
      <CardContent>
        {alerts.isLoading ? (
          <AlertListSkeleton />
        ) : alerts.data?.length ? (
          <AlertList alerts={alerts.data} showUser />
        ) : (
          <EmptyState
            icon={ShieldCheck}
            title="No alerts"
            description={`No late arrivals, missing clock-outs or long days in the last ${ALERT_WINDOW_DAYS} days.`}
          />
        )}
      </CardContent>
    </Card>
  );
}
