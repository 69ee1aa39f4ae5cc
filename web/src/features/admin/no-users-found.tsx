import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';

/** The admin user lists' empty state: nobody matched the search, or nobody has signed up. */
export function NoUsersFound({ search }: { search: string }) {
  const { t } = useTranslation('admin');
  return (
    <EmptyState
      icon={Users}
      title={t('users.noneFound')}
      description={search.trim() ? t('users.tryAdjusting') : t('users.noneSignedUp')}
    />
  );
}
