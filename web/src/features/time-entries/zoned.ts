import { zonedClock, zonedDate } from '@contract/zoned-time';

/** Wall-clock parts of an instant in the user's time zone (manual entries use them). */
export function zonedParts(iso: string, timeZone: string) {
  const instant = new Date(iso);
  return { date: zonedDate(instant, timeZone), time: zonedClock(instant, timeZone) };
}

/** '9:05 AM' in the org zone, so the list matches the times typed into the dialog. */
export function formatZonedTime(iso: string, timeZone: string) {
  return new Intl.DateTimeFormat(undefined, { timeZone, hour: 'numeric', minute: '2-digit' }).format(
    new Date(iso),
  );
}

/** 'Mar 28, 2025' for a 'YYYY-MM-DD' org-zone date. */
export function formatEntryDate(date: string) {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(undefined, {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** The first day of the month of a 'YYYY-MM-DD' date. */
export const monthStart = (date: string) => `${date.slice(0, 7)}-01`;
