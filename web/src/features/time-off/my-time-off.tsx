import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { YearPicker } from './year-picker';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useRequests } from './api';
import { BalanceCard } from './balance-card';
import { RequestDialog } from './request-dialog';
import { RequestList } from './request-list';

/** "My time off": the year's allowance, one's requests, and the form to ask for more. */
export function MyTimeOff({ userId, today }: { userId: string; today: string }) {
  const { t } = useTranslation('time-off');
  const [year, setYear] = useState(Number(today.slice(0, 4)));
  const requests = useRequests({ userId });
  return (
    <div className="grid min-w-0 gap-6 [&>*]:min-w-0">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <YearPicker year={year} onYear={setYear} />
        <RequestDialog today={today} />
      </div>
      <BalanceCard userId={userId} year={year} />
      <Card>
        <CardHeader>
          <CardTitle>{t('mine.requests')}</CardTitle>
          <CardDescription>{t('mine.requestsDescription')}</CardDescription>
        </CardHeader>
        <CardContent>
          <RequestList requests={requests.data} loading={requests.isLoading} label={t('mine.requests')} />
        </CardContent>
      </Card>
    </div>
  );
}
