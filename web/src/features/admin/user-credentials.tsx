import type { AdminUser } from '@contract/admin';
import { Eye, EyeOff, Info, Users } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMore } from '@/components/ui/load-more';
import { Skeleton } from '@/components/ui/skeleton';
import { formatNumber } from '@/lib/format';
import { useAdminStats, useAllUsers } from './api';
import { NoUsersFound } from './no-users-found';
import { useActivateWithToasts } from './use-activate';
import { ResetTwoFactorDialog } from './reset-two-factor-dialog';
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
        <p className="text-2xl font-semibold text-foreground">{formatNumber(value)}</p>
      )}
    </Card>
  );
}

/** User Credentials (docs/product/admin.md#user-credentials): counts, search, Show/Hide Passwords, table or cards. */
export function UserCredentials() {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useState('');
  // Searched on the server (e-mail, first or last name, any case), so every account can be found.
  const users = useAllUsers(useDeferredValue(search));
  const stats = useAdminStats();
  const activation = useActivateWithToasts();
  const [showPasswords, setShowPasswords] = useState(false);
  const [suspending, setSuspending] = useState<AdminUser | null>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const [resettingTwoFactor, setResettingTwoFactor] = useState<AdminUser | null>(null);

  const filtered = users.users ?? [];

  const handlers = {
    onSuspend: setSuspending,
    onReset: setResetting,
    ...activation,
    onResetTwoFactor: setResettingTwoFactor,
  };
  const s = stats.data;

  return (
    <div className="flex flex-col gap-6">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Count label={t('stats.totalUsers')} value={s?.totalUsers} />
        <Count label={t('stats.admins')} value={s?.admins} />
        <Count label={t('stats.managers')} value={s?.managers} />
        <Count label={t('stats.employees')} value={s?.employees} />
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <SearchInput
          className="flex-1"
          aria-label={t('users.search')}
          placeholder={t('users.searchPlaceholder')}
          value={search}
          onValueChange={setSearch}
        />
        <Button variant="outline" onClick={() => setShowPasswords((v) => !v)} aria-pressed={showPasswords}>
          {showPasswords ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
          {showPasswords ? t('credentials.hidePasswords') : t('credentials.showPasswords')}
        </Button>
      </div>
      {/* What the toggle can honestly show: that no password can be shown, and what to do instead
          (docs/product/admin.md#credential-state). */}
      {showPasswords && (
        <p
          role="status"
          data-testid="passwords-note"
          className="flex items-start gap-2 rounded-md border border-info-border bg-info-soft px-3 py-2 text-sm text-info-foreground"
        >
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t('credentials.passwordsNote')}
        </p>
      )}
      <Card className="overflow-hidden">
        {users.isLoading ? (
          <div className="flex flex-col gap-3 p-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-10" />
            ))}
          </div>
        ) : users.isError ? (
          <EmptyState icon={Users} title={t('users.loadFailed')} description={users.error.message} />
        ) : filtered.length === 0 ? (
          <NoUsersFound search={search} />
        ) : (
          <>
            <CredentialsTable users={filtered} showPasswords={showPasswords} {...handlers} />
            <CredentialsCards users={filtered} showPasswords={showPasswords} {...handlers} />
            <LoadMore pages={users} label={t('users.loadMore')} />
          </>
        )}
      </Card>
      <SuspendDialog user={suspending} onClose={() => setSuspending(null)} />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      <ResetTwoFactorDialog user={resettingTwoFactor} onClose={() => setResettingTwoFactor(null)} />
    </div>
  );
}
