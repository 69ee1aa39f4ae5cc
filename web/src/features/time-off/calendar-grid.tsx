import type { AbsenceCalendar, Holiday, LeaveRequest } from '@contract/time-off';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatWeekdayNarrow } from '@/lib/format';
import { cn } from '@/lib/utils';
import { textOn } from './colors';
import { formatRange, isWeekend } from './format';

/** A holiday's name as a day's title: "Christmas Eve (company day, half day)". */
export function holidayTitle(h: Holiday, t: TFunction): string {
  if (h.source === 'company')
    return h.halfDay
      ? t('time-off:calendar.dayCompanyHalf', { name: h.name })
      : t('time-off:calendar.dayCompany', { name: h.name });
  return h.halfDay ? t('time-off:calendar.dayHalf', { name: h.name }) : h.name;
}

/** The month as a table: a row per person, a column per day; an absence is one cell spanning its days. */
export function CalendarGrid({
  calendar,
  days,
  today,
  caption,
}: {
  calendar: AbsenceCalendar;
  days: string[];
  today: string;
  caption: string;
}) {
  const { t } = useTranslation('time-off');
  const holidays = new Map(calendar.holidays.map((h) => [h.date, holidayTitle(h, t)]));
  const shaded = (day: string) => isWeekend(day) || holidays.has(day);
  return (
    <Table region={caption} className="table-fixed" data-testid="calendar-grid">
      <caption className="sr-only">{caption}</caption>
      <colgroup>
        <col className="w-36" />
        {days.map((d) => (
          <col key={d} className="w-6" />
        ))}
      </colgroup>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead scope="col" essential>
            {t('calendar.person')}
          </TableHead>
          {days.map((d) => {
            const holiday = holidays.get(d);
            return (
              <TableHead
                key={d}
                scope="col"
                title={holiday}
                className={cn(
                  'px-0 text-center normal-case tracking-normal',
                  shaded(d) && 'bg-muted',
                  d === today && 'text-primary',
                )}
              >
                <span className="block text-[0.65rem]" aria-hidden>
                  {formatWeekdayNarrow(d)}
                </span>
                <span className={cn('tabular-nums', d === today && 'font-bold')}>{Number(d.slice(8))}</span>
                {holiday && <span className="sr-only">, {holiday}</span>}
              </TableHead>
            );
          })}
        </TableRow>
      </TableHeader>
      <TableBody>
        {calendar.people.map((person) => (
          <TableRow key={person.userId} className="hover:bg-transparent" data-testid="calendar-row">
            <th scope="row" className="truncate px-3 py-2 text-left text-sm font-medium" title={person.name}>
              {person.name}
            </th>
            {cellsOf(
              days,
              calendar.absences.filter((a) => a.userId === person.userId),
            ).map((cell) =>
              cell.absence ? (
                <td key={cell.day} colSpan={cell.span} className="px-0.5 py-1.5">
                  <AbsenceBar absence={cell.absence} />
                </td>
              ) : (
                <td key={cell.day} className={cn('py-2', shaded(cell.day) && 'bg-muted')}>
                  <span className="sr-only">{holidays.get(cell.day) ?? ''}</span>
                </td>
              ),
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A day's cell, or an absence's cell spanning the days it covers within the month. */
function cellsOf(days: string[], absences: LeaveRequest[]) {
  const cells: { day: string; span: number; absence?: LeaveRequest }[] = [];
  for (let i = 0; i < days.length; ) {
    const day = days[i];
    const absence = absences.find((a) => a.startDate <= day && a.endDate >= day);
    if (!absence) {
      cells.push({ day, span: 1 });
      i += 1;
      continue;
    }
    let span = 1;
    while (i + span < days.length && days[i + span] <= absence.endDate) span += 1;
    cells.push({ day, span, absence });
    i += span;
  }
  return cells;
}

function AbsenceBar({ absence: a }: { absence: LeaveRequest }) {
  const { t } = useTranslation('time-off');
  const pending = a.status === 'pending';
  const what = { type: a.typeName, range: formatRange(a, t) };
  const label = pending ? t('calendar.absencePending', what) : t('calendar.absence', what);
  return (
    <div
      title={label}
      data-testid="absence-bar"
      className={cn(
        'truncate rounded px-1.5 py-0.5 text-xs font-medium',
        pending && 'border-2 border-dashed border-current/60',
      )}
      style={{ backgroundColor: a.color, color: textOn(a.color) }}
    >
      <span aria-hidden>
        {a.typeName}
        {pending && ' ?'}
      </span>
      <span className="sr-only">{label}</span>
    </div>
  );
}
