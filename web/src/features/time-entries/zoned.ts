import type { OverlappingEntry } from '@contract/time-entries';
import { GENERAL_WORK } from '@contract/timers';
import { zonedClock, zonedDate } from '@contract/zoned-time';
import { formatTimeRange } from '@/lib/format';

/** Wall-clock parts of an instant in the user's time zone (manual entries use them). */
export function zonedParts(iso: string, timeZone: string) {
  const instant = new Date(iso);
  return { date: zonedDate(instant, timeZone), time: zonedClock(instant, timeZone) };
}

/** The first day of the month of a 'YYYY-MM-DD' date. */
export const monthStart = (date: string) => `${date.slice(0, 7)}-01`;

/** An entry as a person recognises it: its description, else its project. */
export const entryName = (entry: { description: string; project: string | null }) =>
  entry.description || entry.project || GENERAL_WORK;

/**
 * "Overlaps Build 09:00–17:00 — the shared time counts once" (docs/product/time-tracking.md#overlaps):
 * the other entries named with their times in the owner's zone.
 */
export function overlapWarning(others: readonly OverlappingEntry[], timeZone: string) {
  const named = others.map((o) => {
    const nextDay = zonedDate(new Date(o.endTime), timeZone) !== zonedDate(new Date(o.startTime), timeZone);
    return `${entryName(o)} ${formatTimeRange(o.startTime, o.endTime, timeZone, nextDay)}`;
  });
  const list = named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : named[0];
  return `Overlaps ${list} — the shared time counts once`;
}
