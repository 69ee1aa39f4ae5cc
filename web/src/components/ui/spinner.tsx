import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <span role="status" className="inline-flex items-center">
      {/* lucide's LoaderCircle, drawn here: the sign-in page shows it, and lucide's runtime would
          weigh more than the icon (docs/decisions/040-login-budget.md). */}
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={cn('size-5 animate-spin text-primary', className)}
        aria-hidden
      >
        <path d="M21 12a9 9 0 1 1-6.219-8.56" />
      </svg>
      <span className="sr-only">{label ?? t('states.loadingLabel')}</span>
    </span>
  );
}
