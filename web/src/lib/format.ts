/** Display helpers (docs/product/time-tracking.md#durations: durations as hours and minutes, totals with one decimal). */

const pad = (n: number) => String(n).padStart(2, '0');

/** 3725 → '01:02:05'. Hours keep counting past 99. */
export function formatElapsed(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** Seconds since an ISO start time until `now` (for live clocks). */
export function secondsSince(startIso: string, now: number = Date.now()): number {
  const start = Date.parse(startIso);
  return Number.isNaN(start) ? 0 : Math.max(0, Math.floor((now - start) / 1000));
}

/** 5400 → '1h 30m'; under a minute in seconds (45 → '45s'), not a misleading '0h 0m'; 0 → '0h 0m'. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  if (s > 0 && s < 60) return `${s}s`;
  return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
}

/** 7.25 → '7.3h'. */
export function formatHours(hours: number): string {
  return `${(Number.isFinite(hours) ? hours : 0).toFixed(1)}h`;
}

type DateInput = string | number | Date;

/** 'YYYY-MM-DD' is a calendar date in local time, not UTC midnight. */
export function toDate(value: DateInput): Date {
  if (typeof value === 'string') {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (m) return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  }
  return new Date(value);
}

const dateFmt = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const timeFmt = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const relFmt = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** Formatters by zone and options (a zone's formatter is built once; `undefined`: the browser's zone). */
const formatters = new Map<string, Intl.DateTimeFormat>();
function zoned(timeZone: string | undefined, options: Intl.DateTimeFormatOptions, locale?: string) {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, f);
  }
  return f;
}

function safe(value: DateInput | null | undefined, fmt: Intl.DateTimeFormat, fallback: string): string {
  if (value === null || value === undefined || value === '') return fallback;
  const d = toDate(value);
  return Number.isNaN(d.getTime()) ? fallback : fmt.format(d);
}

/** 'Nov 21, 2025'. */
export const formatDate = (v: DateInput | null | undefined, fallback = '—') => safe(v, dateFmt, fallback);
/** '9:05 AM' (locale dependent), in the browser's zone: chat and notifications (the viewer's own). */
export const formatTime = (v: DateInput | null | undefined, fallback = '—') => safe(v, timeFmt, fallback);
/** 'Nov 21, 2025, 9:05 AM', in `timeZone` (a person's own zone: a due date), else the browser's. */
export const formatDateTime = (v: DateInput | null | undefined, fallback = '—', timeZone?: string) =>
  safe(v, zoned(timeZone, { dateStyle: 'medium', timeStyle: 'short' }), fallback);

/** The zone this browser runs in: a screen names a person's zone when it is another. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Whether `timeZone` is the browser's own, under any of its names (Etc/GMT-0 and Etc/UTC are UTC). */
export function isBrowserTimeZone(timeZone: string): boolean {
  try {
    return new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone === browserTimeZone();
  } catch {
    return false;
  }
}

/**
 * '09:05': an instant's wall clock in a person's zone, 24-hour, as the entry dialog's times are typed
 * and the API takes them (docs/product/time-tracking.md#time-zones). With `seconds`: '09:05:07'.
 */
export function formatClock(
  v: DateInput | null | undefined,
  timeZone: string | undefined,
  { seconds = false, fallback = '—' } = {},
) {
  const options: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  if (seconds) options.second = '2-digit';
  return safe(v, zoned(timeZone, options, 'en-GB'), fallback);
}

/** '22:00–01:00 (+1 day)': an entry's times in its owner's zone; `nextDay` when it ends on a later day. */
export function formatTimeRange(start: DateInput, end: DateInput, timeZone: string, nextDay = false) {
  return `${formatClock(start, timeZone)}–${formatClock(end, timeZone)}${nextDay ? ' (+1 day)' : ''}`;
}

/** 'Fri 31 Oct' for a 'YYYY-MM-DD' calendar day (no zone shifts it). */
export const formatDayShort = (date: string) =>
  zoned('UTC', { weekday: 'short', day: 'numeric', month: 'short' }, 'en-GB').format(
    new Date(`${date}T12:00:00Z`),
  );
/** 'Friday, November 21', in `timeZone` (a person's own), else the browser's. */
export const formatLongDate = (v: DateInput | null | undefined, fallback = '—', timeZone?: string) =>
  safe(v, zoned(timeZone, { weekday: 'long', month: 'long', day: 'numeric' }), fallback);

/** '5 minutes ago', 'yesterday', 'in 2 hours'. */
export function formatRelative(
  value: DateInput | null | undefined,
  now: number = Date.now(),
  fallback = '—',
) {
  if (value === null || value === undefined || value === '') return fallback;
  const t = toDate(value).getTime();
  if (Number.isNaN(t)) return fallback;
  const diff = Math.round((t - now) / 1000);
  const abs = Math.abs(diff);
  if (abs < 45) return 'just now';
  if (abs < 3600) return relFmt.format(Math.round(diff / 60), 'minute');
  if (abs < 86400) return relFmt.format(Math.round(diff / 3600), 'hour');
  if (abs < 86400 * 30) return relFmt.format(Math.round(diff / 86400), 'day');
  return formatDate(t);
}

/** 'admin' → 'Admin'. */
export function capitalize(s: string): string {
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : s;
}

/** Initials from first and last name: 'Ada', 'Lovelace' → 'AL'. */
export function initials(firstName?: string | null, lastName?: string | null): string {
  const a = firstName?.trim().charAt(0) ?? '';
  const b = lastName?.trim().charAt(0) ?? '';
  return (a + b).toUpperCase() || '?';
}

/** A balance in seconds, signed: 11700 → '+3h 15m', −3600 → '−1h 0m', −1800 → '−30m', 0 → '0m'. */
export function formatBalance(seconds: number): string {
  const s = Math.round(Number.isFinite(seconds) ? seconds : 0);
  const sign = s > 0 ? '+' : s < 0 ? '−' : '';
  const abs = Math.abs(s);
  const hours = Math.floor(abs / 3600);
  const minutes = Math.floor((abs % 3600) / 60);
  return hours === 0 ? `${sign}${minutes}m` : `${sign}${hours}h ${minutes}m`;
}
