import type { TimeEntry } from '@contract/time-entries';
import { editedSpan, wallClockSpan, zonedDate } from '@contract/zoned-time';

/** The longest entry the server takes (docs/product/time-tracking.md#manual-entries: ENTRY_TOO_LONG). */
export const MAX_ENTRY_SECONDS = 24 * 60 * 60;

/** What typed times will be saved as: their instants, whole seconds, and whether it ends on a later day. */
export type Span = { start: Date; end: Date; seconds: number; nextDay: boolean };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const CLOCK = /^\d{2}:\d{2}$/;

/**
 * The span the dialog's values name in the owner's zone, as the server will read them: a new entry's
 * end at or before its start is the next day; an edit keeps the instants of times left as they read.
 * Null while a value is incomplete or the end is not after the start (the form or the server says why).
 */
export function spanOf(
  values: { date?: string; startTime?: string; endTime?: string },
  timeZone: string,
  editing?: TimeEntry,
): Span | null {
  const { date = '', startTime = '', endTime = '' } = values;
  if (!DATE.test(date) || !CLOCK.test(startTime) || !CLOCK.test(endTime)) return null;
  const { start, end } = editing
    ? editedSpan(
        { start: new Date(editing.startTime), end: new Date(editing.endTime) },
        { date, startTime, endTime },
        timeZone,
      )
    : wallClockSpan(date, startTime, endTime, timeZone);
  const seconds = Math.floor(end.getTime() / 1000) - Math.floor(start.getTime() / 1000);
  if (!(seconds > 0)) return null;
  return { start, end, seconds, nextDay: zonedDate(end, timeZone) !== zonedDate(start, timeZone) };
}

/** The entries among `others` that share time with the span (an edited entry is not its own overlap). */
export function overlapping(span: Span, others: readonly TimeEntry[], exceptId?: string) {
  return others.filter(
    (o) =>
      o.id !== exceptId &&
      Date.parse(o.startTime) < span.end.getTime() &&
      Date.parse(o.endTime) > span.start.getTime(),
  );
}
