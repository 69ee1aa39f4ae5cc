import { useState } from 'react';
import { YearPicker } from './year-picker';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useRequests } from './api';
import { BalanceCard } from './balance-card';
import { RequestDialog } from './request-dialog';
import { RequestList } from './request-list';

/** "My time off": the year's allowance, one's requests, and the form to ask for more. */
export function MyTimeOff({ userId, today }: { userId: string; today: string }) {
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
          <CardTitle>My requests</CardTitle>
          <CardDescription>Every request you made, newest first.</CardDescription>
        </CardHeader>
        <CardContent>
          <RequestList requests={requests.data} loading={requests.isLoading} label="My requests" />
        </CardContent>
      </Card>
    </div>
  );
}
