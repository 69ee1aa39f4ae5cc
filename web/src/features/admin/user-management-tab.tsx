import type { AdminUser } from '@contract/admin';
import { Eye, Users } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMore } from '@/components/ui/load-more';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { initials } from '@/lib/format';
import { useAllUsers } from './api';
import { NoUsersFound } from './no-users-found';
import { useActivateWithToasts } from './use-activate';
import { NameAndEmail } from './name-and-email';
import { RoleBadge, StatusBadge } from './role-badge';
import { SuspendDialog } from './suspend-dialog';
import { UserDetailsDialog } from './user-details-dialog';

const fullName = (user: AdminUser) => `${user.firstName} ${user.lastName}`;

/**
 * All accounts with View and Suspend/Activate (never offered for admins), searched on the server as
 * User Credentials is, so the one person among a thousand is a few letters away.
 */
export function UserManagementTab() {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useState('');
  return (
    <div className="flex flex-col gap-4">
      <SearchInput
        aria-label={t('users.search')}
        placeholder={t('users.searchPlaceholder')}
        value={search}
        onValueChange={setSearch}
      />
      <UserList search={useDeferredValue(search)} />
    </div>
  );
}

function UserList({ search }: { search: string }) {
  const { t } = useTranslation('admin');
  const users = useAllUsers(search);
  const { onActivate, busy } = useActivateWithToasts();
  const [viewing, setViewing] = useState<AdminUser | null>(null);
  const [suspending, setSuspending] = useState<AdminUser | null>(null);

  if (users.isLoading) return <Skeleton className="h-64" />;
  if (users.isError) {
    return (
      <Card>
        <EmptyState icon={Users} title={t('users.loadFailed')} description={users.error.message} />
      </Card>
    );
  }
  if (!users.users?.length) {
    return (
      <Card>
        <NoUsersFound search={search} />
      </Card>
    );
  }
  return (
    <Card className="overflow-hidden">
      <ul className="divide-y">
        {users.users.map((user) => (
          <li
            key={user.id}
            data-testid="managed-user"
            className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center"
          >
            <div className="flex min-w-0 flex-1 items-center gap-3">
              <div
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-sm font-semibold text-subtle-foreground"
                aria-hidden
              >
                {initials(user.firstName, user.lastName)}
              </div>
              <NameAndEmail user={user} />
              <div className="flex shrink-0 flex-wrap justify-end gap-1.5">
                <RoleBadge role={user.role} />
                <StatusBadge user={user} />
              </div>
            </div>
            <div className="flex gap-2 pl-12 sm:pl-0">
              <Button variant="outline" size="sm" onClick={() => setViewing(user)}>
                {/* the visible word first, then whom: 'View Nora Newcomer' */}
                <Eye aria-hidden /> {t('common:actions.view')}
                <span className="sr-only"> {fullName(user)}</span>
              </Button>
              {user.role !== 'admin' &&
                !user.anonymisedAt &&
                (user.isActive ? (
                  <Button
                    variant="outline"
                    size="sm"
                    className="text-danger-foreground hover:bg-danger-soft"
                    onClick={() => setSuspending(user)}
                  >
                    {t('users.suspend')}
                    <span className="sr-only"> {fullName(user)}</span>
                  </Button>
                ) : (
                  <Button variant="outline" size="sm" onClick={() => onActivate(user)} disabled={busy}>
                    {t('users.activate')}
                    <span className="sr-only"> {fullName(user)}</span>
                  </Button>
                ))}
            </div>
          </li>
        ))}
      </ul>
      <LoadMore pages={users} label={t('users.loadMore')} />
      <UserDetailsDialog user={viewing} onClose={() => setViewing(null)} onChanged={setViewing} />
      <SuspendDialog user={suspending} onClose={() => setSuspending(null)} />
    </Card>
  );
}
