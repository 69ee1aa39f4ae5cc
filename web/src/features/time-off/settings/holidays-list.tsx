import type { Holiday } from '@contract/time-off';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { formatDayShort } from '@/lib/format';
import { useAddHoliday, useHolidays, useRemoveHoliday } from '../api';
import { YearPicker } from '../year-picker';
import { CompanyDayDialog } from './company-day-dialog';

const source = {
  public: { label: 'Public holiday', variant: 'blue' },
  company: { label: 'Company day', variant: 'green' },
  removed: { label: 'Worked', variant: 'gray' },
} as const;

const failed = (error: Error) =>
  toast({ variant: 'destructive', title: 'That did not work', description: error.message });

/** A year's days off: the data set's public holidays, those the organisation works, and its own days. */
export function HolidaysList({ thisYear }: { thisYear: number }) {
  const [year, setYear] = useState(thisYear);
  const holidays = useHolidays(year);
  const add = useAddHoliday();
  const remove = useRemoveHoliday();
  const work = (h: Holiday) =>
    add.mutate(
      { body: { date: h.date, kind: 'removed', name: h.name } },
      {
        onSuccess: () => toast({ title: 'Holiday removed', description: `${h.name} is a working day` }),
        onError: failed,
      },
    );
  const undo = (h: Holiday) =>
    h.id &&
    remove.mutate(
      { params: { id: h.id } },
      {
        onSuccess: () =>
          toast({
            title: h.source === 'company' ? 'Company day deleted' : 'Holiday restored',
            description: h.name,
          }),
        onError: failed,
      },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Holidays {year}</CardTitle>
        <CardDescription>
          Remove a public holiday the organisation works, or add days of its own.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <YearPicker year={year} onYear={setYear} />
          <CompanyDayDialog year={year} />
        </div>
        {holidays.isLoading ? (
          <Skeleton className="h-32" />
        ) : !holidays.data?.length ? (
          <p className="text-sm text-muted-foreground">
            No holidays in {year}: choose a country above, or add company days.
          </p>
        ) : (
          <ul className="flex flex-col divide-y" aria-label={`Holidays ${year}`}>
            {holidays.data.map((h) => (
              <li
                key={`${h.date}-${h.source}`}
                className="flex items-center justify-between gap-3 py-2"
                data-testid="holiday"
              >
                <div className="flex min-w-0 flex-1 flex-col gap-x-3 gap-y-0.5 sm:flex-row sm:items-center">
                  <span className="text-xs tabular-nums text-muted-foreground sm:w-24 sm:shrink-0 sm:text-sm">
                    {formatDayShort(h.date)}
                  </span>
                  <span className="flex min-w-0 flex-wrap items-center gap-2">
                    <span className={h.source === 'removed' ? 'font-medium line-through' : 'font-medium'}>
                      {h.name}
                    </span>
                    {h.halfDay && <Badge variant="outline">Half day</Badge>}
                    <Badge variant={source[h.source].variant}>{source[h.source].label}</Badge>
                  </span>
                </div>
                {h.source === 'public' ? (
                  <Button variant="outline" size="sm" aria-label={`Remove ${h.name}`} onClick={() => work(h)}>
                    Remove
                  </Button>
                ) : (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`${h.source === 'company' ? 'Delete' : 'Restore'} ${h.name}`}
                    onClick={() => undo(h)}
                  >
                    {h.source === 'company' ? 'Delete' : 'Restore'}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
