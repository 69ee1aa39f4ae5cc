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

/**
 * A task's address in a message — this app's `/tasks/{id}`, with or without the scheme and host —
 * split out so it shows as a link into the app (docs/product/chat.md#task-links).
 */
const TASK_LINK =
  /(?:https?:\/\/[^\s/]+)?\/tasks\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?![\w-])/gi;

export type MessagePart = { text: string; taskId?: string };

export function taskLinkParts(content: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of content.matchAll(TASK_LINK)) {
    const at = match.index ?? 0;
    if (at > last) parts.push({ text: content.slice(last, at) });
    parts.push({ text: match[0], taskId: match[1].toLowerCase() });
    last = at + match[0].length;
  }
  if (last < content.length) parts.push({ text: content.slice(last) });
  return parts;
}
