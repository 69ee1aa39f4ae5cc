import { zonedClock, zonedDate } from '@contract/zoned-time';
import { formatDateTime, isBrowserTimeZone } from '@/lib/format';

/**
 * Due dates are wall-clock times of the person's own zone (docs/product/tasks.md#overdue): typed in
 * it, sent without an offset, shown in it.
 */

/** An instant as the date-time input shows it: 'YYYY-MM-DDTHH:MM' in the zone. */
export function dueInput(iso: string | null, timeZone: string): string | null {
  if (!iso) return null;
  const instant = new Date(iso);
  return `${zonedDate(instant, timeZone)}T${zonedClock(instant, timeZone)}`;
}

/** 'Nov 21, 2025, 5:00 PM' in the zone. */
export const formatDue = (iso: string, timeZone: string | undefined) => formatDateTime(iso, '—', timeZone);

/** The zone to name under the field when it is not the browser's (the time is read in it), else undefined. */
export const dueHintZone = (timeZone: string | undefined) =>
  timeZone && !isBrowserTimeZone(timeZone) ? timeZone : undefined;
