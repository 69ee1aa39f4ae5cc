import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';

/**
 * How much of a project's budget its current period has used (docs/product/billing.md#budgets):
 * a bar that turns amber at 80% and red past 100%, with the share written beside it.
 */
export function BudgetBar({ share, label, className }: { share: number; label: string; className?: string }) {
  const { t } = useTranslation('common');
  const percent = Math.round(share * 100);
  const shown = formatNumber(share, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <div className={cn('grid gap-1', className)}>
      <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>{label}</span>
        <span className="tabular-nums font-medium text-foreground">
          {t('billing.used', { share: shown })}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(100, percent)}
        aria-valuetext={t('billing.used', { share: shown })}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            'h-full rounded-full',
            percent >= 100 ? 'bg-destructive' : percent >= 80 ? 'bg-warning' : 'bg-primary',
          )}
          style={{ width: `${Math.min(100, percent)}%` }}
        />
      </div>
    </div>
  );
}
