import { formatClock, formatDateTime, formatLocale, formatLongDate, formatNumber } from '@/lib/format';
import { useOwnTimeZone } from '@/lib/time-zone';

/**
 * Attendance times in the person's own zone (their profile's, else the organisation's:
 * docs/product/time-tracking.md#time-zones), 24-hour. Until the zone is known nothing is shown
 * rather than the browser's clock.
 */
export function useOwnTime() {
  const timeZone = useOwnTimeZone();
  return {
    timeZone,
    time: (iso: string | null | undefined, fallback = '—') =>
      timeZone ? formatClock(iso, timeZone, { fallback }) : fallback,
    clock: (date: Date) => (timeZone ? formatClock(date, timeZone, { seconds: true }) : '--:--:--'),
    longDate: (date: Date) => (timeZone ? formatLongDate(date, '—', timeZone) : '—'),
    dateTime: (iso: string) => formatDateTime(iso, '—', timeZone),
  };
}

/** 'YYYY-MM-DD' → 'Mon, Mar 10, 2025' (in the person's locale) without shifting the calendar day. */
export function formatDay(date: string) {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(formatLocale(), {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** A whole number of hours or minutes in the person's locale: '1h', '30m' ('1 Std.', '30 Min.'). */
const unit = (value: number, name: 'hour' | 'minute') =>
  formatNumber(value, {
    style: 'unit',
    unit: name,
    unitDisplay: formatLocale().startsWith('en') ? 'narrow' : 'short',
    maximumFractionDigits: 2,
  });

/** 90 → '1h 30m'; 45 → '45m'. */
export function formatMinutes(minutes: number) {
  const m = Math.max(0, Math.round(minutes));
  return m >= 60 ? `${unit(Math.floor(m / 60), 'hour')} ${unit(m % 60, 'minute')}` : unit(m, 'minute');
}

/** Expected hours of a day, at most two decimals: 8 → '8h', 7.75 → '7.75h'. */
export const formatExpectedHours = (hours: number) => unit(Math.round(hours * 100) / 100, 'hour');

/** 7.5 → '7h 30m'. */
export const formatHoursAsTime = (hours: number) => formatMinutes(hours * 60);
