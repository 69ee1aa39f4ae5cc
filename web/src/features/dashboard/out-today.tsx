import type { LeaveRequest } from '@contract/time-off';
import type { TFunction } from 'i18next';
import { Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDayShort, formatNumber } from '@/lib/format';
import { useOutToday } from './api';

/**
 * When today's absence is only part of the day, or goes on after it: "morning", "2 h", "until Fri
 * 5 Dec". A private type comes from the server as "Out" already.
 */
function detail(a: LeaveRequest, today: string, t: TFunction): string | null {
  const parts: string[] = [];
  if (a.hours !== null) parts.push(t('dashboard:outToday.hours', { hours: formatNumber(a.hours) }));
  else if (a.startDate === today && a.startHalf) parts.push(t('dashboard:outToday.afternoon'));
  else if (a.endDate === today && a.endHalf) parts.push(t('dashboard:outToday.morning'));
  if (a.endDate > today) parts.push(t('dashboard:outToday.until', { day: formatDayShort(a.endDate) }));
  return parts.length ? parts.join(' · ') : null;
}

/** "Who's out today" (docs/product/dashboard.md#out-today): approved absences of the caller's teams. */
export function OutToday() {
  const { t } = useTranslation('dashboard');
  const out = useOutToday();
  const data = out.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('outToday.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {out.isError ? (
          <p className="text-sm text-destructive">{t('outToday.failed')}</p>
        ) : !data ? (
          <div className="grid gap-2">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : data.people.length === 0 ? (
          <EmptyState icon={Sun} title={t('outToday.everyoneIn')} className="py-4" />
        ) : (
          <ul className="grid grid-cols-1 gap-3" aria-label={t('outToday.listLabel')} data-testid="out-today">
            {data.people.map((a) => {
              const more = detail(a, data.date, t);
              return (
                <li key={a.id} className="flex min-w-0 items-center gap-3">
                  <Avatar name={a.userName} size="sm" />
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium">{a.userName}</p>
                    <p className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
                      <span
                        className="size-2 shrink-0 rounded-full"
                        style={{ backgroundColor: a.color }}
                        aria-hidden
                      />
                      <span className="truncate" data-testid="out-today-type">
                        {a.typeName}
                        {more ? ` · ${more}` : ''}
                      </span>
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
