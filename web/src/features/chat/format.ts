import type { TFunction } from 'i18next';
import { formatDate, formatDateTime, formatNumber, formatTime } from '@/lib/format';

/** Today's messages show the time; older ones the date (the list has room for one of them). */
export function formatMessageTime(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  return d.toDateString() === now.toDateString() ? formatTime(d) : formatDate(d);
}

/** Under a message: the time for today's, the date and time for older ones. */
export function formatMessageStamp(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  return d.toDateString() === now.toDateString() ? formatTime(d) : formatDateTime(d);
}

/** A file's size: '512 B', '34 KB', '1.5 MB' (the number in the person's locale). */
export function formatSize(bytes: number, t: TFunction<'chat'>): string {
  if (bytes < 1024) return t('chat:size.bytes', { size: formatNumber(bytes) });
  if (bytes < 1024 * 1024) return t('chat:size.kilobytes', { size: formatNumber(Math.round(bytes / 1024)) });
  const megabytes = bytes / (1024 * 1024);
  return t('chat:size.megabytes', {
    size: formatNumber(megabytes, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  });
}
