import type { AdminUser } from '@contract/admin';
import { Eye, Users } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { initials } from '@/lib/format';
import { useActivateUser, useAllUsers } from './api';
import { RoleBadge, StatusBadge } from './role-badge';
import { SuspendDialog } from './suspend-dialog';
import { UserDetailsDialog } from './user-details-dialog';

/** All accounts with View and Suspend/Activate (never offered for admins). */
export function UserManagementTab() {
  const users = useAllUsers();
  const activate = useActivateUser();
  const [viewing, setViewing] = useState<AdminUser | null>(null);
  const [suspending, setSuspending] = useState<AdminUser | null>(null);

  const onActivate = (user: AdminUser) =>
    activate.mutate(user.id, {
      onSuccess: () => toast({ title: 'User activated successfully' }),
      onError: (err) =>
        toast({
          variant: 'destructive',
          title: 'Failed to update user status',
          description: err.message || 'Failed to activate user',
        }),
    });

  if (users.isLoading) return <Skeleton className="h-64" />;
  if (users.isError) {
    return (
      <Card>
        <EmptyState icon={Users} title="Could not load users" description={users.error.message} />
      </Card>
    );
  }
  if (!users.data?.length) {
    return (
      <Card>
        <EmptyState icon={Users} title="No users found" description="No users have signed up yet" />
      </Card>
    );
  }
  return (
    <Card className="overflow-hidden">
      <ul className="divide-y">
        {users.data.map((user) => (
          <li
            key={user.id}
            data-testid="managed-user"
            className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center"
          >
            <div className="flex min-w-0 flex-1 items-center gap-3">
              <div
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-sm font-semibold text-slate-700"
                aria-hidden
              >
                {initials(user.firstName, user.lastName)}
              </div>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">
                  {user.firstName} {user.lastName}
                </p>
                <p className="truncate text-xs text-muted-foreground">{user.email}</p>
              </div>
              <div className="flex shrink-0 flex-wrap justify-end gap-1.5">
                <RoleBadge role={user.role} />
                <StatusBadge user={user} />
              </div>
            </div>
            <div className="flex gap-2 pl-12 sm:pl-0">
              <Button
                variant="outline"
                size="sm"
                onClick={() => setViewing(user)}
                aria-label={`View ${user.firstName} ${user.lastName}`}
              >
                <Eye aria-hidden /> View
              </Button>
              {user.role !== 'admin' &&
                (user.isActive ? (
                  <Button
                    variant="outline"
                    size="sm"
                    className="text-red-700 hover:bg-red-50"
                    onClick={() => setSuspending(user)}
                  >
                    Suspend
                  </Button>
                ) : (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => onActivate(user)}
                    disabled={activate.isPending}
                  >
                    Activate
                  </Button>
                ))}
            </div>
          </li>
        ))}
      </ul>
      <UserDetailsDialog user={viewing} onClose={() => setViewing(null)} />
      <SuspendDialog user={suspending} onClose={() => setSuspending(null)} />
    </Card>
  );
}
