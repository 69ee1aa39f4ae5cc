import type { AbsenceCalendar } from '@contract/time-off';
import { useTranslation } from 'react-i18next';
import { formatDayShort } from '@/lib/format';
import { Swatch } from './status-badge';

type Entry = { key: string; from: string; to: string; title: string; detail: string; color?: string };

/**
 * The month as a list (narrow screens): each absence and holiday once, by its first day, with who
 * and why; an absence that began last month starts on the 1st.
 */
export function CalendarAgenda({ calendar }: { calendar: AbsenceCalendar }) {
  const { t } = useTranslation('time-off');
  const clamp = (d: string, lo: string, hi: string) => (d < lo ? lo : d > hi ? hi : d);
  const entries: Entry[] = [
    ...calendar.holidays.map((h) => ({
      key: `h-${h.date}-${h.name}`,
      from: h.date,
      to: h.date,
      title: h.name,
      detail:
        h.source === 'company'
          ? t(h.halfDay ? 'calendar.agendaCompanyHalf' : 'calendar.agendaCompany')
          : t(h.halfDay ? 'calendar.agendaHolidayHalf' : 'calendar.agendaHoliday'),
    })),
    ...calendar.absences.map((a) => ({
      key: a.id,
      from: clamp(a.startDate, calendar.from, calendar.to),
      to: clamp(a.endDate, calendar.from, calendar.to),
      title: a.userName,
      detail: a.status === 'pending' ? t('calendar.agendaPending', { type: a.typeName }) : a.typeName,
      color: a.color,
    })),
  ].sort((a, b) => a.from.localeCompare(b.from) || a.title.localeCompare(b.title));
  if (!entries.length)
    return <p className="py-6 text-center text-sm text-muted-foreground">{t('calendar.nobodyOut')}</p>;
  return (
    <ul className="flex flex-col divide-y" aria-label={t('calendar.agenda')} data-testid="calendar-agenda">
      {entries.map((e) => (
        <li key={e.key} className="grid gap-0.5 py-2.5">
          <p className="text-xs font-medium text-muted-foreground">
            {e.from === e.to
              ? formatDayShort(e.from)
              : t('range.span', { from: formatDayShort(e.from), to: formatDayShort(e.to) })}
          </p>
          <p className="flex min-w-0 items-center gap-2 text-sm">
            {e.color ? (
              <Swatch color={e.color} />
            ) : (
              <span aria-hidden className="size-2.5 shrink-0 rounded-sm bg-muted-foreground/40" />
            )}
            <span className="min-w-0 truncate">
              <span className="font-medium">{e.title}</span> · {e.detail}
            </span>
          </p>
        </li>
      ))}
    </ul>
  );
}
