import type { AdminUser } from '@contract/admin';

/** A person's name over their e-mail, each cut short with an ellipsis when the row is narrow (wrapped on a phone). */
export function NameAndEmail({ user }: { user: Pick<AdminUser, 'firstName' | 'lastName' | 'email'> }) {
  return (
    <div className="min-w-0 flex-1">
      <p className="truncate-wide text-sm font-medium text-foreground">
        {user.firstName} {user.lastName}
      </p>
      <p className="truncate-wide text-xs text-muted-foreground">{user.email}</p>
    </div>
  );
}
