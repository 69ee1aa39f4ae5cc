import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isBrowserTimeZone } from '@/lib/format';
import { cn } from '@/lib/utils';

/**
 * "Times in Europe/Berlin": said once on a screen that shows a person's times in their own zone,
 * when that zone is not the browser's (docs/product/time-tracking.md#time-zones). Nothing otherwise.
 */
export function ZoneNote({ timeZone, className }: { timeZone: string | undefined; className?: string }) {
  const { t } = useTranslation();
  if (!timeZone || isBrowserTimeZone(timeZone)) return null;
  return (
    // A span, so it can sit in a page header's description as its own line.
    <span
      className={cn('flex items-center gap-1.5 text-xs text-muted-foreground', className)}
      data-testid="zone-note"
    >
      <Globe className="size-3.5 shrink-0" aria-hidden />
      {t('zone.timesIn', { timeZone })}
    </span>
  );
}
