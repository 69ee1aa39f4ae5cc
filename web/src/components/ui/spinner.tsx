import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { StrokeIcon } from './stroke-icon';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <span role="status" className="inline-flex items-center">
      {/* lucide's LoaderCircle */}
      <StrokeIcon className={cn('size-5 animate-spin text-primary', className)}>
        <path d="M21 12a9 9 0 1 1-6.219-8.56" />
      </StrokeIcon>
      <span className="sr-only">{label ?? t('states.loadingLabel')}</span>
    </span>
  );
}
