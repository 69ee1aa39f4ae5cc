import { ALERT_WINDOW_DAYS } from '@contract/alerts';
import { BellOff } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { useMyAlerts } from './api';
import { AlertList, AlertListSkeleton } from './alert-list';

export function MyAlertsCard() {
  const alerts = useMyAlerts();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Alerts</CardTitle>
        <CardDescription>
          Late arrivals, missing clock-outs and long days, last {ALERT_WINDOW_DAYS} days
        </CardDescription>
      </CardHeader>
      <CardContent>
        {alerts.isLoading ? (
          <AlertListSkeleton rows={2} />
        ) : alerts.data?.length ? (
          <AlertList alerts={alerts.data} />
        ) : (
          <EmptyState
            icon={BellOff}
            title="No alerts"
            description="Nothing needs attention."
            className="py-6"
          />
        )}
      </CardContent>
    </Card>
  );
}
