import type { Label, TaskProgress } from '@contract/tasks';
import { ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/** The relative luminance of #rrggbb (WCAG 2). */
function luminance(hex: string) {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/**
 * Black or white, whichever reads better on the label's colour: the better of the two always has a
 * contrast of at least 4.5:1 (docs/product/tasks.md#labels).
 */
export function labelTextColor(hex: string) {
  const l = luminance(hex);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

export function LabelChip({ label, className }: { label: Label; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex max-w-40 items-center truncate rounded-full px-2 py-0.5 text-xs font-medium',
        className,
      )}
      style={{ backgroundColor: label.color, color: labelTextColor(label.color) }}
      data-testid="label-chip"
    >
      {label.name}
    </span>
  );
}

/** A task's labels as coloured chips; nothing when it has none. */
export function LabelChips({ labels, className }: { labels: Label[]; className?: string }) {
  const { t } = useTranslation('tasks');
  if (labels.length === 0) return null;
  return (
    <ul className={cn('flex flex-wrap gap-1', className)} aria-label={t('labels.list')}>
      {labels.map((l) => (
        <li key={l.id}>
          <LabelChip label={l} />
        </li>
      ))}
    </ul>
  );
}

/** "3 of 5": sub-tasks completed plus checklist items done; nothing for a task without either. */
export function TaskProgressText({ progress, className }: { progress: TaskProgress; className?: string }) {
  const { t } = useTranslation('tasks');
  if (progress.total === 0) return null;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap text-xs text-muted-foreground',
        className,
      )}
      data-testid="task-progress"
    >
      <ListChecks className="size-3.5 shrink-0" aria-hidden />
      <span className="sr-only">{t('progress.label')}</span>
      {t('progress.of', { done: progress.done, total: progress.total })}
    </span>
  );
}
