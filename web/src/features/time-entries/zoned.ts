import type { OverlappingEntry } from '@contract/time-entries';
import { zonedClock, zonedDate } from '@contract/zoned-time';
import { formatTimeRange } from '@/lib/format';
import { i18n } from '@/lib/i18n';

/** Wall-clock parts of an instant in the user's time zone (manual entries use them). */
export function zonedParts(iso: string, timeZone: string) {
  const instant = new Date(iso);
  return { date: zonedDate(instant, timeZone), time: zonedClock(instant, timeZone) };
}

/** The first day of the month of a 'YYYY-MM-DD' date. */
export const monthStart = (date: string) => `${date.slice(0, 7)}-01`;

/** An entry as a person recognises it: its description, else its project. */
export const entryName = (entry: { description: string; project: string | null }) =>
  entry.description || entry.project || i18n.t('time:generalWork');

/**
 * '22:00–01:00 (+1 day)': an entry's times in its owner's zone, the next day said in the reader's
 * language when it ends on a later day.
 */
export function timeRange(start: string | Date, end: string | Date, timeZone: string, nextDay = false) {
  const range = formatTimeRange(start, end, timeZone, false);
  return nextDay ? i18n.t('time:nextDay', { range }) : range;
}

/**
 * "Overlaps Build 09:00–17:00 — the shared time counts once" (docs/product/time-tracking.md#overlaps):
 * the other entries named with their times in the owner's zone.
 */
export function overlapWarning(others: readonly OverlappingEntry[], timeZone: string) {
  const named = others.map((o) => {
    const nextDay = zonedDate(new Date(o.endTime), timeZone) !== zonedDate(new Date(o.startTime), timeZone);
    return i18n.t('time:overlap.entry', {
      name: entryName(o),
      times: timeRange(o.startTime, o.endTime, timeZone, nextDay),
    });
  });
  const list =
    named.length > 1
      ? i18n.t('time:overlap.list', { rest: named.slice(0, -1).join(', '), last: named.at(-1) })
      : named[0];
  return i18n.t('time:overlap.warning', { list });
}
