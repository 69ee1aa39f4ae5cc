import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { PageHeader } from '@/components/ui/page-header';
import { AccessDenied, UserCredentials } from '@/features/admin';
import { useStoredUser } from '@/lib/auth';

export function UserCredentialsPage() {
  const { t } = useTranslation('admin');
  const user = useStoredUser();
  if (user?.role !== 'admin') return <AccessDenied description={t('credentialsPage.denied')} />;
  return (
    <>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            {t('credentialsPage.title')}
            <Badge variant="red">
              <ShieldCheck aria-hidden /> {t('credentialsPage.adminOnly')}
            </Badge>
          </span>
        }
        description={t('credentialsPage.description')}
      />
      <UserCredentials />
    </>
  );
}
