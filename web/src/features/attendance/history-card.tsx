import type { AttendanceRecord } from '@contract/attendance';
import { CalendarX2, Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { type DateRange, exportUrl, useAttendanceHistory } from './api';
import { formatDay, formatHoursAsTime, formatMinutes, useOwnTime } from './time-format';

function StatusBadge({ record }: { record: AttendanceRecord }) {
  const { t } = useTranslation('attendance');
  return (
    <span className="flex flex-wrap gap-1">
      <Badge variant={record.status === 'late' ? 'amber' : 'green'}>
        {record.status === 'late' ? t('history.late') : t('history.present')}
      </Badge>
      {record.autoClosed && <Badge variant="gray">{t('history.autoClosed')}</Badge>}
      {!record.clockOut && <Badge variant="blue">{t('history.open')}</Badge>}
    </span>
  );
}

export function HistoryCard() {
  const [range, setRange] = useState<DateRange>({ from: '', to: '' });
  const { t } = useTranslation('attendance');
  const history = useAttendanceHistory(range);
  const own = useOwnTime();
  const records = history.data?.pages.flat() ?? [];
  const invalid = Boolean(range.from && range.to && range.from > range.to);
  const filtered = Boolean(range.from || range.to);
  const hours = (r: AttendanceRecord) =>
    r.totalHours === null ? t('history.inProgress') : formatHoursAsTime(r.totalHours);

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle>{t('history.title')}</CardTitle>
          <CardDescription>{t('history.description')}</CardDescription>
        </div>
        <div className="grid grid-cols-2 items-end gap-2 sm:flex">
          <div className="grid gap-1.5">
            <Label htmlFor="history-from">{t('history.from')}</Label>
            <Input
              id="history-from"
              type="date"
              className="sm:w-38"
              value={range.from}
              max={range.to || undefined}
              onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="history-to">{t('history.to')}</Label>
            <Input
              id="history-to"
              type="date"
              className="sm:w-38"
              value={range.to}
              min={range.from || undefined}
              onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
            />
          </div>
          {filtered && (
            <Button variant="ghost" className="col-span-2" onClick={() => setRange({ from: '', to: '' })}>
              {t('common:actions.clear')}
            </Button>
          )}
          <Button
            variant="outline"
            asChild
            className={cn('col-span-2', invalid && 'pointer-events-none opacity-50')}
          >
            <a href={exportUrl(range)} download aria-disabled={invalid}>
              <Download aria-hidden />
              {t('history.export')}
            </a>
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {invalid ? (
          <p className="py-6 text-center text-sm text-destructive">{t('history.invalid')}</p>
        ) : history.isLoading ? (
          <div className="space-y-3" aria-busy="true">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : records.length === 0 ? (
          <EmptyState
            icon={CalendarX2}
            title={filtered ? t('history.emptyFiltered') : t('history.empty')}
            description={filtered ? t('history.emptyFilteredHint') : t('history.emptyHint')}
          />
        ) : (
          <>
            <ul className="divide-y sm:hidden" data-testid="history-list">
              {records.map((r) => (
                <li key={r.id} className="space-y-1.5 py-3 first:pt-0">
                  <div className="flex items-center justify-between gap-2">
                    <span className="text-sm font-medium">{formatDay(r.date)}</span>
                    <StatusBadge record={r} />
                  </div>
                  <p className="text-sm text-muted-foreground">
                    {t('history.line', {
                      in: own.time(r.clockIn),
                      out: own.time(r.clockOut, t('history.now')),
                      hours: hours(r),
                      break: formatMinutes(r.breakTime),
                    })}
                  </p>
                </li>
              ))}
            </ul>
            <div className="hidden sm:block" data-testid="history-table">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead essential>{t('history.date')}</TableHead>
                    <TableHead>{t('history.clockIn')}</TableHead>
                    <TableHead>{t('history.clockOut')}</TableHead>
                    <TableHead essential>{t('history.hours')}</TableHead>
                    <TableHead>{t('history.break')}</TableHead>
                    <TableHead>{t('history.status')}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {records.map((r) => (
                    <TableRow key={r.id}>
                      <TableCell className="font-medium">{formatDay(r.date)}</TableCell>
                      <TableCell className="tabular-nums">{own.time(r.clockIn)}</TableCell>
                      <TableCell className="tabular-nums">{own.time(r.clockOut)}</TableCell>
                      <TableCell className="tabular-nums">{hours(r)}</TableCell>
                      <TableCell className="tabular-nums">{formatMinutes(r.breakTime)}</TableCell>
                      <TableCell>
                        <StatusBadge record={r} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            {history.hasNextPage && (
              <div className="mt-4 flex justify-center">
                <Button
                  variant="outline"
                  onClick={() => history.fetchNextPage()}
                  disabled={history.isFetchingNextPage}
                >
                  {history.isFetchingNextPage ? t('history.loadingMore') : t('common:actions.loadMore')}
                </Button>
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
