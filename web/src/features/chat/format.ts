import { formatDate, formatTime } from '@/lib/format';

/** Today's messages show the time; older ones the date (the list has room for one of them). */
export function formatMessageTime(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  return d.toDateString() === now.toDateString() ? formatTime(d) : formatDate(d);
}

/** Under a message: the time for today's, the date and time for older ones. */
export function formatMessageStamp(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  return d.toDateString() === now.toDateString() ? formatTime(d) : `${formatDate(d)}, ${formatTime(d)}`;
}
