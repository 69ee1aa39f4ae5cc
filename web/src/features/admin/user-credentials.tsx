import type { AdminUser } from '@contract/admin';
import { Eye, EyeOff, Search, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useActivateUser, useAdminStats, useAllUsers } from './api';
import { CredentialsCards, CredentialsTable } from './credentials-table';
import { ResetPasswordDialog } from './reset-password-dialog';
import { SuspendDialog } from './suspend-dialog';

function Count({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Card className="p-4">
      <p className="text-sm text-muted-foreground">{label}</p>
      {value === undefined ? (
        <Skeleton className="mt-1 h-7 w-10" />
      ) : (
        <p className="text-2xl font-semibold text-slate-900">{value}</p>
      )}
    </Card>
  );
}

/** Spec point 2 (User Credentials): counts, search, Show/Hide Passwords, table or cards. */
export function UserCredentials() {
  const users = useAllUsers();
  const stats = useAdminStats();
  const activate = useActivateUser();
  const [search, setSearch] = useState('');
  const [showPasswords, setShowPasswords] = useState(false);
  const [suspending, setSuspending] = useState<AdminUser | null>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);

  const filtered = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!q) return users.data ?? [];
    return (users.data ?? []).filter((u) =>
      [u.email, u.firstName, u.lastName].some((field) => field.toLowerCase().includes(q)),
    );
  }, [users.data, search]);

  const handlers = {
    onSuspend: setSuspending,
    onReset: setResetting,
    onActivate: (user: AdminUser) =>
      activate.mutate(user.id, {
        onSuccess: () => toast({ title: 'User activated successfully' }),
        onError: (err) =>
          toast({
            variant: 'destructive',
            title: 'Failed to update user status',
            description: err.message || 'Failed to activate user',
          }),
      }),
    busy: activate.isPending,
  };
  const s = stats.data;

  return (
    <div className="flex flex-col gap-6">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Count label="Total Users" value={s?.totalUsers} />
        <Count label="Admins" value={s?.admins} />
        <Count label="Managers" value={s?.managers} />
        <Count label="Employees" value={s?.employees} />
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            aria-label="Search users"
            placeholder="Search by email, name..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="pl-9"
          />
        </div>
        <Button variant="outline" onClick={() => setShowPasswords((v) => !v)} aria-pressed={showPasswords}>
          {showPasswords ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
          {showPasswords ? 'Hide Passwords' : 'Show Passwords'}
        </Button>
      </div>
      <Card className="overflow-hidden">
        {users.isLoading ? (
          <div className="flex flex-col gap-3 p-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-10" />
            ))}
          </div>
        ) : users.isError ? (
          <EmptyState icon={Users} title="Could not load users" description={users.error.message} />
        ) : filtered.length === 0 ? (
          <EmptyState
            icon={Users}
            title="No users found"
            description={search.trim() ? 'Try adjusting your search criteria' : 'No users have signed up yet'}
          />
        ) : (
          <>
            <CredentialsTable users={filtered} showPasswords={showPasswords} {...handlers} />
            <CredentialsCards users={filtered} showPasswords={showPasswords} {...handlers} />
          </>
        )}
      </Card>
      <SuspendDialog user={suspending} onClose={() => setSuspending(null)} />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
    </div>
  );
}
