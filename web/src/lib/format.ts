import { sentenceDay } from '@contract/zoned-time';
import { formatLocale, formats } from './format-settings';

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

/**
 * A number with a unit in the person's locale: English keeps the compact '1h 30m' of the spec, other
 * languages their usual abbreviations ('1 Std. 30 Min.').
 */
function unit(value: number, name: 'hour' | 'minute' | 'second', fractionDigits = 0): string {
  const english = formatLocale().startsWith('en');
  return numberFormat({
    style: 'unit',
    unit: name,
    unitDisplay: english ? 'narrow' : 'short',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}

/** Number formatters by locale and options, each built once (a list formats hundreds of durations). */
const numberFormatters = new Map<string, Intl.NumberFormat>();
function numberFormat(options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${formatLocale()}|${JSON.stringify(options ?? {})}`;
  let f = numberFormatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(formatLocale(), options);
    numberFormatters.set(key, f);
  }
  return f;
}

/** 5400 → '1h 30m'; under a minute in seconds (45 → '45s'), not a misleading '0h 0m'; 0 → '0h 0m'. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  if (s > 0 && s < 60) return unit(s, 'second');
  return `${unit(Math.floor(s / 3600), 'hour')} ${unit(Math.floor((s % 3600) / 60), 'minute')}`;
}

/** 7.25 → '7.3h' ('7,3 Std.' in German). */
export function formatHours(hours: number): string {
  return unit(Number.isFinite(hours) ? hours : 0, 'hour', 1);
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

export { formatLocale, setFormats } from './format-settings';

/** A fixed English locale for English readers ('Fri 31 Oct' reads the same everywhere), else the person's. */
const englishOr = (english: string) => (formatLocale().startsWith('en') ? english : formatLocale());

/** Formatters by locale, zone and options (each built once; zone `undefined`: the browser's zone). */
const formatters = new Map<string, Intl.DateTimeFormat>();
function zoned(timeZone: string | undefined, options: Intl.DateTimeFormatOptions, fixedLocale?: string) {
  const withClock =
    !fixedLocale && formats.hourCycle && (options.hour || options.timeStyle)
      ? { ...options, hourCycle: formats.hourCycle }
      : options;
  const useLocale = fixedLocale ?? formats.locale;
  const key = `${useLocale}|${timeZone}|${JSON.stringify(withClock)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(useLocale, { ...withClock, timeZone });
    formatters.set(key, f);
  }
  return f;
}

const dateFmt = () => zoned(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const timeFmt = () => zoned(undefined, { hour: 'numeric', minute: '2-digit' });
const relFmt = () => new Intl.RelativeTimeFormat(formats.locale, { numeric: 'auto' });

/** The first day of a week where the person lives: 1 Monday … 7 Sunday (Intl's week info). */
export function firstDayOfWeek(): number {
  try {
    const info = new Intl.Locale(formatLocale()) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    return info.getWeekInfo?.().firstDay ?? info.weekInfo?.firstDay ?? 1;
  } catch {
    return 1;
  }
}

/** A number in the person's locale: 1234.5 → '1,234.5' (en), '1.234,5' (de). */
export const formatNumber = (value: number, options?: Intl.NumberFormatOptions) =>
  numberFormat(options).format(Number.isFinite(value) ? value : 0);

function safe(value: DateInput | null | undefined, fmt: Intl.DateTimeFormat, fallback: string): string {
  if (value === null || value === undefined || value === '') return fallback;
  const d = toDate(value);
  return Number.isNaN(d.getTime()) ? fallback : fmt.format(d);
}

/** 'Nov 21, 2025'. */
export const formatDate = (v: DateInput | null | undefined, fallback = '—') => safe(v, dateFmt(), fallback);
/** '9:05 AM' (locale dependent), in the browser's zone: chat and notifications (the viewer's own). */
export const formatTime = (v: DateInput | null | undefined, fallback = '—') => safe(v, timeFmt(), fallback);
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
  zoned('UTC', { weekday: 'short', day: 'numeric', month: 'short' }, englishOr('en-GB')).format(
    new Date(`${date}T12:00:00Z`),
  );
/**
 * The day a week is named by, its Monday, in the person's locale: '23 Nov 2026', '23. Nov. 2026'. A
 * screen writes a week "Week of" this and nothing else (docs/product/glossary.md#week); the server's
 * notifications and reports write it with the same function.
 */
export const formatWeekOf = (monday: string) => sentenceDay(monday, formatLocale());
/** 'November 2025' for a month 'YYYY-MM' (or a day in it). */
export const formatMonthYear = (month: string) =>
  zoned('UTC', { month: 'long', year: 'numeric' }, englishOr('en-GB')).format(
    new Date(`${month.slice(0, 7)}-15T12:00:00Z`),
  );
/** A calendar day's weekday in two letters, for a day column's head: 'Mo', 'Tu' ('Mo', 'Di'). */
export const formatWeekdayNarrow = (date: string) =>
  zoned('UTC', { weekday: 'short' }, englishOr('en-GB'))
    .format(new Date(`${date}T12:00:00Z`))
    .replace(/\.$/, '')
    .slice(0, 2);
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
  // English keeps the spec's 'just now'; other languages say it their way ('jetzt').
  if (abs < 45) return formatLocale().startsWith('en') ? 'just now' : relFmt().format(0, 'second');
  if (abs < 3600) return relFmt().format(Math.round(diff / 60), 'minute');
  if (abs < 86400) return relFmt().format(Math.round(diff / 3600), 'hour');
  if (abs < 86400 * 30) return relFmt().format(Math.round(diff / 86400), 'day');
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
  const minutes = unit(Math.floor((abs % 3600) / 60), 'minute');
  return hours === 0 ? `${sign}${minutes}` : `${sign}${unit(hours, 'hour')} ${minutes}`;
}
