import type { AdminUser } from '@contract/admin';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { initials } from '@/lib/format';
import { cn } from '@/lib/utils';
import {
  type CredentialActionHandlers,
  CredentialActions,
  CredentialState,
  companyOf,
  lastLoginOf,
  lastLoginShort,
  usernameOf,
} from './credential-cells';
import { NameAndEmail } from './name-and-email';
import { RoleBadge, StatusBadge } from './role-badge';

type Props = { users: AdminUser[]; showPasswords: boolean } & CredentialActionHandlers;

function Avatar({ user }: { user: AdminUser }) {
  return (
    <div
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-muted text-xs font-semibold text-primary-soft-foreground"
      aria-hidden
    >
      {initials(user.firstName, user.lastName)}
    </div>
  );
}

// The actions stay in view while the other columns scroll under them (a narrow window, a long row).
const columns = [
  'user',
  'email',
  'username',
  'password',
  'role',
  'company',
  'lastLogin',
  'status',
  'actions',
] as const;

const pinnedRight = 'sticky right-0 bg-card shadow-[-8px_0_8px_-8px_rgb(15_23_42/0.15)]';

/** Wide screens: the nine columns of docs/product/admin.md#user-credentials, sized to fit beside the sidebar at 1280 px. */
export function CredentialsTable({ users, showPasswords, ...actions }: Props) {
  const { t } = useTranslation('admin');
  return (
    <div className="hidden lg:block">
      <Table className="[&_td]:px-2.5 [&_th]:px-2.5">
        <TableHeader>
          <TableRow>
            {columns.map((h) => (
              <TableHead key={h} className={h === 'actions' ? cn(pinnedRight, 'bg-subtle') : undefined}>
                {t(`credentials.columns.${h}`)}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.id} data-testid="credential-row">
              {/* Long names wrap (even one long word) and long addresses, usernames and companies are cut
                  short (the whole text is in the title), so the table fits beside the sidebar whatever
                  people are called. */}
              <TableCell className="max-w-36 font-medium whitespace-normal text-foreground [overflow-wrap:anywhere]">
                {user.firstName} {user.lastName}
              </TableCell>
              <TableCell className="max-w-32 truncate" title={user.email}>
                {user.email}
              </TableCell>
              <TableCell className="max-w-28 truncate" title={usernameOf(user, t)}>
                {usernameOf(user, t)}
              </TableCell>
              <TableCell>
                {/* the longest state, 'Temporary — must change', takes two lines */}
                <CredentialState
                  user={user}
                  shown={showPasswords}
                  className="max-w-32 whitespace-normal rounded-md leading-snug"
                />
              </TableCell>
              <TableCell>
                <RoleBadge role={user.role} />
              </TableCell>
              <TableCell className="max-w-28 truncate" title={companyOf(user, t)}>
                {companyOf(user, t)}
              </TableCell>
              <TableCell className="whitespace-nowrap" title={lastLoginOf(user, t)}>
                {lastLoginShort(user, t)}
              </TableCell>
              <TableCell>
                <StatusBadge user={user} />
              </TableCell>
              <TableCell className={pinnedRight}>
                <CredentialActions user={user} compact {...actions} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** Small screens: one card per user; the details fold open. */
export function CredentialsCards({ users, showPasswords, ...actions }: Props) {
  const { t } = useTranslation('admin');
  return (
    <ul className="flex flex-col divide-y lg:hidden">
      {users.map((user) => (
        <li key={user.id} data-testid="credential-card" className="p-4">
          <details className="group">
            <summary className="flex cursor-pointer list-none items-center gap-3 [&::-webkit-details-marker]:hidden">
              <Avatar user={user} />
              <NameAndEmail user={user} />
              <RoleBadge role={user.role} />
              <ChevronDown
                className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                aria-hidden
              />
            </summary>
            <dl className="mt-3 grid grid-cols-[7rem_1fr] gap-x-3 gap-y-2 text-sm">
              <dt className="text-muted-foreground">{t('credentials.columns.username')}</dt>
              <dd>{usernameOf(user, t)}</dd>
              <dt className="text-muted-foreground">{t('credentials.columns.password')}</dt>
              <dd>
                <CredentialState user={user} shown={showPasswords} />
              </dd>
              <dt className="text-muted-foreground">{t('credentials.columns.company')}</dt>
              <dd>{companyOf(user, t)}</dd>
              <dt className="text-muted-foreground">{t('credentials.columns.lastLogin')}</dt>
              <dd>{lastLoginOf(user, t)}</dd>
              <dt className="text-muted-foreground">{t('credentials.columns.status')}</dt>
              <dd>
                <StatusBadge user={user} />
              </dd>
            </dl>
            <div className="mt-3">
              <CredentialActions user={user} {...actions} />
            </div>
          </details>
        </li>
      ))}
    </ul>
  );
}
