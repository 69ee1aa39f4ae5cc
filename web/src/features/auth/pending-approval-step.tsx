import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Trans } from '@/components/trans';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** Stage three: verified, waiting for an admin (docs/product/accounts.md#approval: 1-2 business days, e-mail on approval). */
export function PendingApprovalStep({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  return (
    <div className="flex flex-col items-center text-center" data-testid="pending-approval">
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-warning-soft text-warning">
        <Clock className="size-6" aria-hidden />
      </div>
      <h2 className="text-lg font-semibold text-foreground">{t('pending.heading')}</h2>
      <p className="mt-2 text-sm text-muted-foreground">
        <Trans
          t={t}
          i18nKey="pending.body"
          values={{ email }}
          components={{ email: <span className="font-medium text-foreground" /> }}
        />
      </p>
      <Button asChild variant="outline" className="mt-6 w-full">
        <Link to="/login">{t('pending.back')}</Link>
      </Button>
    </div>
  );
}
