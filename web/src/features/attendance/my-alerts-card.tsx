import { ALERT_WINDOW_DAYS } from '@contract/alerts';
import { BellOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { useMyAlerts } from './api';
import { AlertList, AlertListSkeleton } from './alert-list';

export function MyAlertsCard() {
  const { t } = useTranslation('attendance');
  const alerts = useMyAlerts();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('alerts.mine')}</CardTitle>
        <CardDescription>{t('alerts.mineDescription', { days: ALERT_WINDOW_DAYS })}</CardDescription>
      </CardHeader>
      <CardContent>
        {alerts.isLoading ? (
          <AlertListSkeleton rows={2} />
        ) : alerts.data?.length ? (
          <AlertList alerts={alerts.data} />
        ) : (
          <EmptyState
            icon={BellOff}
            title={t('alerts.none')}
            description={t('alerts.nothing')}
            className="py-6"
          />
        )}
      </CardContent>
    </Card>
  );
}
