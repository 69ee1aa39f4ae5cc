import { UserCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatNumber } from '@/lib/format';
import { useAdminStats, usePendingUsers } from './api';
import { PendingUserCard } from './pending-user-card';

export function PendingUsersList() {
  const { t } = useTranslation('admin');
  const pending = usePendingUsers();
  if (pending.isLoading) {
    return (
      <div className="flex flex-col gap-3">
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-32" />
        ))}
      </div>
    );
  }
  if (pending.isError) {
    return (
      <Card>
        <EmptyState icon={UserCheck} title={t('pending.loadFailed')} description={pending.error.message} />
      </Card>
    );
  }
  if (!pending.data?.length) {
    return (
      <Card>
        <EmptyState icon={UserCheck} title={t('pending.empty')} description={t('pending.emptyDescription')} />
      </Card>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {pending.data.map((user) => (
        <PendingUserCard key={user.id} user={user} />
      ))}
    </div>
  );
}

/** The count card at the top of the Pending User Approvals page: the server's count, not the list's length. */
export function PendingCountCard() {
  const { t } = useTranslation('admin');
  const stats = useAdminStats();
  return (
    <Card className="mb-6 flex items-center gap-4 p-5">
      <div className="flex size-11 items-center justify-center rounded-full bg-warning-soft text-warning">
        <UserCheck className="size-5" aria-hidden />
      </div>
      <div>
        <p className="text-sm text-muted-foreground">{t('stats.pendingApprovals')}</p>
        {stats.isLoading ? (
          <Skeleton className="mt-1 h-7 w-10" />
        ) : (
          <p data-testid="pending-count" className="text-2xl font-semibold text-foreground">
            {stats.data ? formatNumber(stats.data.pendingApprovals) : '—'}
          </p>
        )}
      </div>
    </Card>
  );
}
