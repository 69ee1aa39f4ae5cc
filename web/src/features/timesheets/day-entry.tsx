import type { TimesheetDay } from '@contract/timesheets';
import { zonedDate } from '@contract/zoned-time';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { formatClock, formatDayShort, formatDuration, formatTimeRange } from '@/lib/format';

type Entry = TimesheetDay['entries'][number];

/** A marker's words wrap within the entry on a narrow screen rather than run under its duration. */
const wraps = 'max-w-full shrink whitespace-normal';

/**
 * The times of an entry as one day lists it, in the person's zone: an entry from the previous day
 * names the day it began ("Tue 28 Oct 22:00–01:00"); one that goes on names the next ("22:00–01:00 (+1 day)").
 */
function times(e: Entry, timeZone: string, t: TFunction) {
  if (e.fromPreviousDay) {
    const began = formatDayShort(zonedDate(new Date(e.startTime), timeZone));
    return `${began} ${formatClock(e.startTime, timeZone)}–${formatClock(e.endTime, timeZone)}`;
  }
  const range = formatTimeRange(e.startTime, e.endTime, timeZone);
  return e.intoNextDay ? t('timesheets:entry.nextDay', { range }) : range;
}

/**
 * One entry of a timesheet day (docs/product/timesheets.md#week): its times, what it was, the part
 * counted on this day (of the whole, when only part counts here) and its markers.
 */
export function DayEntry({ entry: e, timeZone }: { entry: Entry; timeZone: string }) {
  const { t } = useTranslation('timesheets');
  const what = `${e.task ?? e.project ?? t('entry.noProject')}${e.description ? ` · ${e.description}` : ''}`;
  return (
    <li
      className="flex min-w-0 items-start justify-between gap-3 rounded bg-subtle px-2 py-1.5"
      data-testid="sheet-entry"
    >
      <div className="grid min-w-0 gap-0.5">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium tabular-nums text-foreground" data-testid="sheet-entry-times">
            {times(e, timeZone, t)}
          </span>
          {e.running && <Badge variant="green">{t('entry.running')}</Badge>}
          {e.fromPreviousDay && (
            <Badge variant="indigo" className={wraps}>
              {t('entry.fromPreviousDay')}
            </Badge>
          )}
          {e.intoNextDay && (
            <Badge variant="indigo" className={wraps}>
              {t('entry.intoNextDay')}
            </Badge>
          )}
          {e.billable && (
            <Badge variant="gray" title={t('common:billing.billable')}>
              <span aria-hidden>$</span>
              <span className="sr-only">{t('common:billing.billable')}</span>
            </Badge>
          )}
          {e.overlaps && (
            <Badge variant="amber" title={t('entry.overlapsHint')}>
              {t('entry.overlaps')}
            </Badge>
          )}
        </p>
        {/* Wrapped on a phone, so the project and description show whole; one line, cut with an
            ellipsis, from 640 px up, the whole line being its tooltip. */}
        <p className="min-w-0 truncate-wide" title={what}>
          {what}
        </p>
      </div>
      <p className="shrink-0 text-right tabular-nums">
        <span className="block font-medium text-foreground" data-testid="sheet-entry-counted">
          {formatDuration(e.countedSeconds)}
        </span>
        {e.countedSeconds !== e.duration && (
          <span className="block text-xs text-muted-foreground">
            {t('entry.ofDuration', { duration: formatDuration(e.duration) })}
          </span>
        )}
      </p>
    </li>
  );
}
