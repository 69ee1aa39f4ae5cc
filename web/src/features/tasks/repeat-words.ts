import type { Repeat, TaskRepeat } from '@contract/tasks';
import type { TFunction } from 'i18next';
import { formatDate } from '@/lib/format';

/**
 * A repeat rule in words, in the reader's language (docs/product/tasks.md#repeat): "Every week on
 * Monday, Friday · until 31 Dec 2026". Written from the rule's form with our own messages, as the
 * rrule library's toText speaks only English.
 */
export function repeatInWords(repeat: Repeat | TaskRepeat, t: TFunction): string {
  const days = [...repeat.weekdays].sort().map((d) => t(`tasks:repeat.day.${d}`));
  const day = repeat.monthDay ?? 1;
  let words: string;
  switch (repeat.frequency) {
    case 'daily':
      words = t('tasks:repeat.words.daily');
      break;
    case 'weekdays':
      words = t('tasks:repeat.words.weekdays');
      break;
    case 'weekly':
      words = t('tasks:repeat.words.weekly', { days: days.join(', ') });
      break;
    default:
      words =
        day > 28 ? t('tasks:repeat.words.monthlyEnd', { day }) : t('tasks:repeat.words.monthly', { day });
  }
  if (repeat.end.type === 'after')
    return `${words} · ${t('tasks:repeat.words.times', { count: repeat.end.count })}`;
  if (repeat.end.type === 'on')
    return `${words} · ${t('tasks:repeat.words.until', { date: formatDate(`${repeat.end.date}T12:00:00Z`) })}`;
  return words;
}
