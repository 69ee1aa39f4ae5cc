import type { AbsenceCalendar } from '@contract/time-off';
import { formatDayShort } from '@/lib/format';
import { formatRange } from './format';
import { Swatch } from './status-badge';

/** The month as a list (narrow screens): each day someone is out or a holiday falls, with who and why. */
export function CalendarAgenda({ calendar, days }: { calendar: AbsenceCalendar; days: string[] }) {
  const entries = days
    .map((day) => ({
      day,
      holidays: calendar.holidays.filter((h) => h.date === day),
      absences: calendar.absences.filter((a) => a.startDate <= day && a.endDate >= day),
    }))
    .filter((e) => e.holidays.length || e.absences.length);
  if (!entries.length)
    return <p className="py-6 text-center text-sm text-muted-foreground">Nobody is out this month.</p>;
  return (
    <ol className="grid gap-3" aria-label="Days with absences" data-testid="calendar-agenda">
      {entries.map((e) => (
        <li key={e.day} className="rounded-md border p-3">
          <h3 className="text-sm font-semibold">{formatDayShort(e.day)}</h3>
          <ul className="mt-1 grid gap-1 text-sm">
            {e.holidays.map((h) => (
              <li key={h.date + h.name} className="text-muted-foreground">
                Holiday: {h.name}
                {h.halfDay && ' (half day)'}
              </li>
            ))}
            {e.absences.map((a) => (
              <li key={a.id} className="flex min-w-0 items-center gap-2">
                <Swatch color={a.color} />
                <span className="min-w-0 truncate">
                  <span className="font-medium">{a.userName}</span> · {a.typeName}
                  {a.status === 'pending' && ' (pending)'}
                  <span className="sr-only">, {formatRange(a)}</span>
                </span>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
