/** Wall-clock parts of an instant in the organisation's time zone (manual entries use them). */
export function zonedParts(iso: string, timeZone: string) {
  const parts: Record<string, string> = {};
  const fmt = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  for (const p of fmt.formatToParts(new Date(iso))) parts[p.type] = p.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
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
