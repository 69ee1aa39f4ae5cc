import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/** The product mark above the signed-out screens. */
export function BrandMark({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={cn('flex items-center justify-center gap-2.5', className)}>
      <img src="/favicon.svg" alt="" className="size-9" />
      <span className="text-xl font-semibold tracking-tight text-foreground">{t('app.name')}</span>
    </div>
  );
}
