import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
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

export function YearPicker({ year, onYear }: { year: number; onYear: (year: number) => void }) {
  return (
    <div className="flex items-center gap-2">
      <Button variant="outline" size="icon" aria-label="Previous year" onClick={() => onYear(year - 1)}>
        <ChevronLeft aria-hidden />
      </Button>
      <h2 className="min-w-14 text-center text-base font-semibold tabular-nums" data-testid="year-title">
        {year}
      </h2>
      <Button variant="outline" size="icon" aria-label="Next year" onClick={() => onYear(year + 1)}>
        <ChevronRight aria-hidden />
      </Button>
    </div>
  );
}
