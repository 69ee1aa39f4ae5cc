import { useOrgSettings } from './api';

const cache = new Map<string, Intl.DateTimeFormat>();
function fmt(timeZone: string | undefined, options: Intl.DateTimeFormatOptions) {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(undefined, { ...options, timeZone });
    cache.set(key, f);
  }
  return f;
}

/** Times in the organisation's zone: the zone the server dates records and judges lateness in. */
export function useOrgTime() {
  const timeZone = useOrgSettings().data?.timeZone;
  return {
    timeZone,
    time: (iso: string | null | undefined, fallback = '—') =>
      iso ? fmt(timeZone, { hour: 'numeric', minute: '2-digit' }).format(new Date(iso)) : fallback,
    clock: (date: Date) =>
      fmt(timeZone, { hour: 'numeric', minute: '2-digit', second: '2-digit' }).format(date),
    longDate: (date: Date) =>
      fmt(timeZone, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(date),
    dateTime: (iso: string) =>
      fmt(timeZone, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
  };
}

/** 'YYYY-MM-DD' → 'Mon, Mar 10' without shifting the calendar day. */
export function formatDay(date: string) {
  const [y, m, d] = date.split('-').map(Number);
  return fmt('UTC', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** 90 → '1h 30m'; 45 → '45m'. */
export function formatMinutes(minutes: number) {
  const m = Math.max(0, Math.round(minutes));
  return m >= 60 ? `${Math.floor(m / 60)}h ${m % 60}m` : `${m}m`;
}

/** 7.5 → '7h 30m'. */
export const formatHoursAsTime = (hours: number) => formatMinutes(hours * 60);
