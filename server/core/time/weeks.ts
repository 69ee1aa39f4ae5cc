import { addDays, zonedDayRange } from '@contract/zoned-time';

/** The Monday of the week an ISO date falls in (weeks start on Monday: docs/product/timesheets.md). */
export function mondayOf(date: string): string {
  const sundayFirst = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((sundayFirst + 6) % 7));
}

/** [start, end) of the week starting on `monday` in the zone: 167 or 169 hours long in DST weeks. */
export function weekRange(monday: string, zone: string) {
  return { start: zonedDayRange(monday, zone).start, end: zonedDayRange(addDays(monday, 7), zone).start };
}
