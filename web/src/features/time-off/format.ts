import type { LeaveRequest, LeaveStatus } from '@contract/time-off';
import { addDays } from '@contract/zoned-time';
import type { TFunction } from 'i18next';
import type { BadgeVariant } from '@/components/ui/badge';
import { formatDayShort, formatDuration, formatNumber } from '@/lib/format';

/** 1 → '1 day', 2.5 → '2.5 days', −1 → '−1 day' ('2,5 Tage' in German). */
export function formatDays(days: number, t: TFunction): string {
  const n = Math.round(days * 10) / 10;
  const text = `${n < 0 ? '−' : ''}${formatNumber(Math.abs(n), { maximumFractionDigits: 1 })}`;
  return t('time-off:days', { count: n, days: text });
}

export const statusVariant: Record<LeaveStatus, BadgeVariant> = {
  pending: 'amber',
  approved: 'green',
  rejected: 'red',
  cancelled: 'gray',
};

/** 'Mon 3 Nov – Fri 7 Nov', with the half ends: 'Mon 3 Nov (afternoon) – Tue 4 Nov (morning)'. */
export function formatRange(
  r: Pick<LeaveRequest, 'startDate' | 'endDate' | 'startHalf' | 'endHalf'>,
  t: TFunction,
) {
  const afternoon = (day: string) => t('time-off:range.afternoon', { day: formatDayShort(day) });
  const morning = (day: string) => t('time-off:range.morning', { day: formatDayShort(day) });
  if (r.startDate === r.endDate)
    return r.startHalf
      ? afternoon(r.startDate)
      : r.endHalf
        ? morning(r.startDate)
        : formatDayShort(r.startDate);
  return t('time-off:range.span', {
    from: r.startHalf ? afternoon(r.startDate) : formatDayShort(r.startDate),
    to: r.endHalf ? morning(r.endDate) : formatDayShort(r.endDate),
  });
}

/** What a request costs: '5 days', or an hourly request's hours. */
export const formatCost = (r: Pick<LeaveRequest, 'hours' | 'days' | 'seconds'>, t: TFunction) =>
  r.hours !== null ? formatDuration(r.seconds) : formatDays(r.days, t);

/** The month 'YYYY-MM' of a day, its first and last days, and the days between. */
export const monthOf = (date: string) => date.slice(0, 7);
export const firstOfMonth = (month: string) => `${month}-01`;
export function lastOfMonth(month: string) {
  const [y, m] = month.split('-').map(Number);
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}
export function shiftMonth(month: string, by: number) {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 7);
}
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}
/** 0 Sunday … 6 Saturday of a calendar day. */
export const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
export const isWeekend = (date: string) => weekdayOf(date) === 0 || weekdayOf(date) === 6;
