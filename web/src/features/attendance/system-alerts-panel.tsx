import { ALERT_WINDOW_DAYS } from '@contract/alerts';
import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { useAdminAlerts } from './api';
import { AlertList, AlertListSkeleton } from './alert-list';

/** Admin Dashboard 'System Alerts' tab: everyone's attendance alerts. */
export function SystemAlertsPanel() {
  const { t } = useTranslation('attendance');
  const alerts = useAdminAlerts();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('alerts.system')}</CardTitle>
        <CardDescription>{t('alerts.systemDescription', { days: ALERT_WINDOW_DAYS })}</CardDescription>
      </CardHeader>
      <CardContent>
        {alerts.isLoading ? (
          <AlertListSkeleton />
        ) : alerts.data?.length ? (
          <AlertList alerts={alerts.data} showUser />
        ) : (
          <EmptyState
            icon={ShieldCheck}
            title={t('alerts.none')}
            description={t('alerts.systemNone', { days: ALERT_WINDOW_DAYS })}
          />
        )}
      </CardContent>
    </Card>
  );
}
