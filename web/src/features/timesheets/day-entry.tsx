import type { TimesheetDay } from '@contract/timesheets';
import { zonedDate } from '@contract/zoned-time';
import { formatClock, formatDayShort, formatDuration, formatTimeRange } from '@/lib/format';
import { Badge } from '@/components/ui/badge';

type Entry = TimesheetDay['entries'][number];

/**
 * The times of an entry as one day lists it, in the person's zone: an entry from the previous day
 * names the day it began ("Tue 28 Oct 22:00–01:00"); one that goes on names the next ("22:00–01:00 (+1 day)").
 */
function times(e: Entry, timeZone: string) {
  if (e.fromPreviousDay) {
    const began = formatDayShort(zonedDate(new Date(e.startTime), timeZone));
    return `${began} ${formatClock(e.startTime, timeZone)}–${formatClock(e.endTime, timeZone)}`;
  }
  return formatTimeRange(e.startTime, e.endTime, timeZone, e.intoNextDay);
}

/**
 * One entry of a timesheet day (docs/product/timesheets.md#week): its times, what it was, the part
 * counted on this day (of the whole, when only part counts here) and its markers.
 */
export function DayEntry({ entry: e, timeZone }: { entry: Entry; timeZone: string }) {
  const what = `${e.task ?? e.project ?? 'No project'}${e.description ? ` · ${e.description}` : ''}`;
  return (
    <li
      className="flex min-w-0 items-start justify-between gap-3 rounded bg-subtle px-2 py-1.5"
      data-testid="sheet-entry"
    >
      <div className="grid min-w-0 gap-0.5">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium tabular-nums text-foreground" data-testid="sheet-entry-times">
            {times(e, timeZone)}
          </span>
          {e.running && <Badge variant="green">Running</Badge>}
          {e.fromPreviousDay && <Badge variant="indigo">Continues from the previous day</Badge>}
          {e.intoNextDay && <Badge variant="indigo">Continues into the next day</Badge>}
          {e.overlaps && (
            <Badge variant="amber" title="It shares time with another entry; the shared time counts once">
              Overlaps
            </Badge>
          )}
        </p>
        {/* Cut with an ellipsis on a phone; the whole line is its tooltip. */}
        <p className="min-w-0 truncate" title={what}>
          {what}
        </p>
      </div>
      <p className="shrink-0 text-right tabular-nums">
        <span className="block font-medium text-foreground" data-testid="sheet-entry-counted">
          {formatDuration(e.countedSeconds)}
        </span>
        {e.countedSeconds !== e.duration && (
          <span className="block text-xs text-muted-foreground">of {formatDuration(e.duration)}</span>
        )}
      </p>
    </li>
  );
}
