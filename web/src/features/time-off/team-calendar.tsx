import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FilterSelect } from '@/components/ui/filter-select';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDayShort, formatMonthYear } from '@/lib/format';
import { useCalendar, useTeams } from './api';
import { CalendarAgenda } from './calendar-agenda';
import { CalendarGrid } from './calendar-grid';
import { daysBetween, firstOfMonth, lastOfMonth, monthOf, shiftMonth } from './format';

/**
 * Who is out in a month (docs/product/time-off.md#who): the people of one's teams (or a team's;
 * admins any), their absences and the holidays; a grid on wide screens, a list on a phone.
 */
export function TeamCalendar({ today, isAdmin }: { today: string; isAdmin: boolean }) {
  const { t } = useTranslation('time-off');
  const [month, setMonth] = useState(monthOf(today));
  const [teamId, setTeamId] = useState<string | undefined>();
  const teams = useTeams();
  const from = firstOfMonth(month);
  const to = lastOfMonth(month);
  const calendar = useCalendar({ from, to, teamId });
  const days = daysBetween(from, to);
  const title = formatMonthYear(month);
  const data = calendar.data?.from === from ? calendar.data : undefined;
  return (
    <div className="grid min-w-0 gap-4 [&>*]:min-w-0">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex items-center gap-2">
          <Button
            variant="outline"
            size="icon"
            aria-label={t('calendar.previousMonth')}
            onClick={() => setMonth(shiftMonth(month, -1))}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <h2 className="min-w-36 text-center text-base font-semibold" data-testid="month-title">
            {title}
          </h2>
          <Button
            variant="outline"
            size="icon"
            aria-label={t('calendar.nextMonth')}
            onClick={() => setMonth(shiftMonth(month, 1))}
          >
            <ChevronRight aria-hidden />
          </Button>
          {month !== monthOf(today) && (
            <Button variant="ghost" size="sm" onClick={() => setMonth(monthOf(today))}>
              {t('calendar.thisMonth')}
            </Button>
          )}
        </div>
        <div className="w-full sm:w-64">
          <FilterSelect
            id="calendar-team"
            label={t('calendar.team')}
            value={teamId}
            allLabel={isAdmin ? t('calendar.everyone') : t('calendar.allMyTeams')}
            options={(teams.data ?? []).map((team) => ({ value: team.id, label: team.name }))}
            onChange={setTeamId}
          />
        </div>
      </div>
      <Card>
        <CardContent className="p-0 md:p-2">
          {!data ? (
            <Skeleton className="m-4 h-48" />
          ) : (
            <>
              <div className="hidden md:block">
                <CalendarGrid
                  calendar={data}
                  days={days}
                  today={today}
                  caption={t('calendar.caption', { month: title })}
                />
              </div>
              <div className="px-4 py-1 md:hidden">
                <CalendarAgenda calendar={data} />
              </div>
            </>
          )}
        </CardContent>
      </Card>
      {data && data.holidays.length > 0 && (
        <p className="hidden text-sm text-muted-foreground md:block" data-testid="month-holidays">
          <span className="font-medium text-foreground">{t('calendar.holidays')}</span>{' '}
          {data.holidays
            .map((h) =>
              t(
                h.source === 'company'
                  ? h.halfDay
                    ? 'calendar.companyHolidayHalf'
                    : 'calendar.companyHoliday'
                  : h.halfDay
                    ? 'calendar.holidayHalf'
                    : 'calendar.holiday',
                { date: formatDayShort(h.date), name: h.name },
              ),
            )
            .join(' · ')}
        </p>
      )}
      <Legend />
    </div>
  );
}

function Legend() {
  const { t } = useTranslation('time-off');
  return (
    <p className="hidden flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground md:flex">
      <span className="flex items-center gap-1.5">
        <span aria-hidden className="inline-block size-3 rounded-sm bg-muted ring-1 ring-border" />{' '}
        {t('calendar.legendShaded')}
      </span>
      <span className="flex items-center gap-1.5">
        <span
          aria-hidden
          className="inline-block size-3 rounded-sm border-2 border-dashed border-muted-foreground"
        />{' '}
        {t('calendar.legendPending')}
      </span>
      <span>{t('calendar.legendPrivate')}</span>
    </p>
  );
}
