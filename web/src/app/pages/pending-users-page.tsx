import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { AccessDenied, PendingCountCard, PendingUsersList } from '@/features/admin';
import { useStoredUser } from '@/lib/auth';

export function PendingUsersPage() {
  const { t } = useTranslation('admin');
  const user = useStoredUser();
  if (user?.role !== 'admin') return <AccessDenied />;
  return (
    <>
      <PageHeader
        title={t('pendingPage.title')}
        description={t('pendingPage.description')}
        actions={
          <Button asChild variant="ghost">
            <Link to="/admin">
              <ArrowLeft aria-hidden /> {t('pendingPage.back')}
            </Link>
          </Button>
        }
      />
      <PendingCountCard />
      <PendingUsersList />
    </>
  );
}
