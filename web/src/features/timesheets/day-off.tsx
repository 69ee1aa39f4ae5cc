import type { DayOff } from '@contract/timesheets';
import { CalendarOff } from 'lucide-react';
import { formatDuration } from '@/lib/format';

/** "Public holiday: Christmas Day", "Vacation (half day)", "Time in lieu (2h 0m)". */
function dayOffLabel(off: DayOff): string {
  const part =
    off.fraction === 0.5 ? ' (half day)' : off.seconds > 0 ? ` (${formatDuration(off.seconds)})` : '';
  return off.kind === 'holiday' ? `Public holiday: ${off.name}${part}` : `${off.name}${part}`;
}

/**
 * What the day off does to the day's expected time, in the server's figures
 * (docs/product/time-off.md#counting): a holiday is not owed, paid leave is credited, unpaid leave is
 * not owed and not credited, Overtime compensation is owed and taken from the overtime balance.
 */
function effect(off: DayOff): string {
  if (off.kind === 'holiday') return off.fraction === 1 ? 'Not owed' : 'Half the day not owed';
  if (off.compensation) return 'From the overtime balance';
  if (off.creditSeconds > 0) return `Leave credit ${formatDuration(off.creditSeconds)}`;
  return off.paid ? 'Not owed' : 'Unpaid, not owed';
}

/** The holidays and leave of a timesheet day, one row each (docs/product/timesheets.md#week). */
export function DayOffRows({ off }: { off: DayOff[] }) {
  if (off.length === 0) return null;
  return (
    <ul className="grid grid-cols-1 gap-1 text-sm" aria-label="Time off">
      {off.map((o) => (
        <li
          key={`${o.kind} ${o.name}`}
          className="flex min-w-0 items-center justify-between gap-3 rounded border border-dashed px-2 py-1.5"
          data-testid="sheet-day-off"
        >
          <span className="flex min-w-0 items-center gap-2">
            {o.kind === 'holiday' ? (
              <CalendarOff className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            ) : (
              <span
                className="size-3 shrink-0 rounded-full"
                style={{ backgroundColor: o.color ?? undefined }}
                aria-hidden
              />
            )}
            <span className="min-w-0 truncate font-medium" title={dayOffLabel(o)}>
              {dayOffLabel(o)}
            </span>
          </span>
          <span className="shrink-0 text-right text-xs tabular-nums text-muted-foreground">{effect(o)}</span>
        </li>
      ))}
    </ul>
  );
}
