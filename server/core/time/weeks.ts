import { addDays, weekdayOf, zonedDayRange } from '@contract/zoned-time';

/** The Monday of the week an ISO date falls in (weeks start on Monday: docs/product/timesheets.md). */
export function mondayOf(date: string): string {
  return addDays(date, -weekdayOf(date));
}

/** [start, end) of the week starting on `monday` in the zone: 167 or 169 hours long in DST weeks. */
export function weekRange(monday: string, zone: string) {
  return { start: zonedDayRange(monday, zone).start, end: zonedDayRange(addDays(monday, 7), zone).start };
}
