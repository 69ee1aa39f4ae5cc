import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { BrandMark, VerificationCodesList } from '@/features/auth';
import { useStoredUser } from '@/lib/auth';

export function VerificationCodesPage() {
  // Signed out there is no shell: the page brings its own margins, the mark and the way back to
  // the registration it serves.
  const { t } = useTranslation('auth');
  const bare = useStoredUser() === null;
  const header = (
    <PageHeader
      title={t('codes.title')}
      description={t('codes.description')}
      actions={
        bare && (
          <Button asChild variant="outline">
            <Link to="/register">
              <ArrowLeft aria-hidden /> {t('codes.back')}
            </Link>
          </Button>
        )
      }
    />
  );
  if (!bare)
    return (
      <div>
        {header}
        <VerificationCodesList />
      </div>
    );
  return (
    <div className="flex-1 bg-gradient-to-b from-background to-primary-soft/40">
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
        <BrandMark className="mb-8 justify-start" />
        {header}
        <VerificationCodesList />
      </div>
    </div>
  );
}
