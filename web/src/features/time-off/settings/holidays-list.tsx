import type { Holiday } from '@contract/time-off';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { formatDayShort } from '@/lib/format';
import { useAddHoliday, useHolidays, useRemoveHoliday } from '../api';
import { YearPicker } from '../year-picker';
import { CompanyDayDialog } from './company-day-dialog';

/** A holiday's badge colour by where it comes from (its words: settings.holidays.source.*). */
const sourceVariant = { public: 'blue', company: 'green', removed: 'gray' } as const;

/** A year's days off: the data set's public holidays, those the organisation works, and its own days. */
export function HolidaysList({ thisYear }: { thisYear: number }) {
  const { t } = useTranslation('time-off');
  const failed = (error: Error) =>
    toast({ variant: 'destructive', title: t('settings.failed'), description: error.message });
  const [year, setYear] = useState(thisYear);
  const holidays = useHolidays(year);
  const add = useAddHoliday();
  const remove = useRemoveHoliday();
  const work = (h: Holiday) =>
    add.mutate(
      { body: { date: h.date, kind: 'removed', name: h.name } },
      {
        onSuccess: () =>
          toast({
            title: t('settings.holidays.removed'),
            description: t('settings.holidays.workingDay', { name: h.name }),
          }),
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
            title:
              h.source === 'company'
                ? t('settings.holidays.companyDeleted')
                : t('settings.holidays.restored'),
            description: h.name,
          }),
        onError: failed,
      },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settings.holidays.title', { year })}</CardTitle>
        <CardDescription>{t('settings.holidays.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <YearPicker year={year} onYear={setYear} />
          <CompanyDayDialog year={year} />
        </div>
        {holidays.isLoading ? (
          <Skeleton className="h-32" />
        ) : !holidays.data?.length ? (
          <p className="text-sm text-muted-foreground">{t('settings.holidays.empty', { year })}</p>
        ) : (
          <ul className="flex flex-col divide-y" aria-label={t('settings.holidays.list', { year })}>
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
                    {h.halfDay && <Badge variant="outline">{t('settings.holidays.halfDay')}</Badge>}
                    <Badge variant={sourceVariant[h.source]}>
                      {t(`settings.holidays.source.${h.source}`)}
                    </Badge>
                  </span>
                </div>
                {h.source === 'public' ? (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t('settings.holidays.removeLabel', { name: h.name })}
                    onClick={() => work(h)}
                  >
                    {t('common:actions.remove')}
                  </Button>
                ) : (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={
                      h.source === 'company'
                        ? t('settings.holidays.deleteLabel', { name: h.name })
                        : t('settings.holidays.restoreLabel', { name: h.name })
                    }
                    onClick={() => undo(h)}
                  >
                    {h.source === 'company' ? t('common:actions.delete') : t('settings.holidays.restore')}
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
