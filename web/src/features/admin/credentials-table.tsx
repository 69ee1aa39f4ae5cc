import type { AdminUser } from '@contract/admin';
import { ChevronDown } from 'lucide-react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { initials } from '@/lib/format';
import {
  type CredentialActionHandlers,
  CredentialActions,
  CredentialState,
  companyOf,
  lastLoginOf,
  lastLoginShort,
  usernameOf,
} from './credential-cells';
import { RoleBadge, StatusBadge } from './role-badge';

type Props = { users: AdminUser[]; showPasswords: boolean } & CredentialActionHandlers;

function Avatar({ user }: { user: AdminUser }) {
  return (
    <div
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-700"
      aria-hidden
    >
      {initials(user.firstName, user.lastName)}
    </div>
  );
}

/** Wide screens: the spec's nine columns. */
export function CredentialsTable({ users, showPasswords, ...actions }: Props) {
  return (
    <div className="hidden lg:block">
      <Table>
        <TableHeader>
          <TableRow>
            {[
              'User',
              'Email',
              'Username',
              'Password',
              'Role',
              'Company',
              'Last Login',
              'Status',
              'Actions',
            ].map((h) => (
              <TableHead key={h}>{h}</TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.id} data-testid="credential-row">
              <TableCell className="font-medium text-slate-900">
                {user.firstName} {user.lastName}
              </TableCell>
              <TableCell className="max-w-44 truncate" title={user.email}>
                {user.email}
              </TableCell>
              <TableCell>{usernameOf(user)}</TableCell>
              <TableCell>
                <CredentialState user={user} shown={showPasswords} />
              </TableCell>
              <TableCell>
                <RoleBadge role={user.role} />
              </TableCell>
              <TableCell>{companyOf(user)}</TableCell>
              <TableCell className="whitespace-nowrap" title={lastLoginOf(user)}>
                {lastLoginShort(user)}
              </TableCell>
              <TableCell>
                <StatusBadge user={user} />
              </TableCell>
              <TableCell>
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
  return (
    <ul className="flex flex-col divide-y lg:hidden">
      {users.map((user) => (
        <li key={user.id} data-testid="credential-card" className="p-4">
          <details className="group">
            <summary className="flex cursor-pointer list-none items-center gap-3 [&::-webkit-details-marker]:hidden">
              <Avatar user={user} />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">
                  {user.firstName} {user.lastName}
                </p>
                <p className="truncate text-xs text-muted-foreground">{user.email}</p>
              </div>
              <RoleBadge role={user.role} />
              <ChevronDown
                className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                aria-hidden
              />
            </summary>
            <dl className="mt-3 grid grid-cols-[7rem_1fr] gap-x-3 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Username</dt>
              <dd>{usernameOf(user)}</dd>
              <dt className="text-muted-foreground">Password</dt>
              <dd>
                <CredentialState user={user} shown={showPasswords} />
              </dd>
              <dt className="text-muted-foreground">Company</dt>
              <dd>{companyOf(user)}</dd>
              <dt className="text-muted-foreground">Last Login</dt>
              <dd>{lastLoginOf(user)}</dd>
              <dt className="text-muted-foreground">Status</dt>
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
