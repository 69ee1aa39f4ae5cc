import type { LeaveRequest, LeaveStatus } from '@contract/time-off';
import { addDays } from '@contract/zoned-time';
import type { BadgeVariant } from '@/components/ui/badge';
import { formatDayShort, formatDuration } from '@/lib/format';

/** 1 → '1 day', 2.5 → '2.5 days', −1 → '−1 day'. */
export function formatDays(days: number): string {
  const n = Math.round(days * 10) / 10;
  const text = n < 0 ? `−${Math.abs(n)}` : String(n);
  return `${text} ${Math.abs(n) === 1 ? 'day' : 'days'}`;
}

export const statusView: Record<LeaveStatus, { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Pending', variant: 'amber' },
  approved: { label: 'Approved', variant: 'green' },
  rejected: { label: 'Rejected', variant: 'red' },
  cancelled: { label: 'Cancelled', variant: 'gray' },
};

/** 'Mon 3 Nov – Fri 7 Nov', with the half ends: 'Mon 3 Nov (afternoon) – Tue 4 Nov (morning)'. */
export function formatRange(r: Pick<LeaveRequest, 'startDate' | 'endDate' | 'startHalf' | 'endHalf'>) {
  if (r.startDate === r.endDate) {
    const half = r.startHalf ? ' (afternoon)' : r.endHalf ? ' (morning)' : '';
    return `${formatDayShort(r.startDate)}${half}`;
  }
  return `${formatDayShort(r.startDate)}${r.startHalf ? ' (afternoon)' : ''} – ${formatDayShort(r.endDate)}${
    r.endHalf ? ' (morning)' : ''
  }`;
}

/** What a request costs: '5 days', or an hourly request's hours. */
export const formatCost = (r: Pick<LeaveRequest, 'hours' | 'days' | 'seconds'>) =>
  r.hours !== null ? formatDuration(r.seconds) : formatDays(r.days);

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
export const monthTitle = (month: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
