import type { User } from '@contract/auth';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';

/** A role's name in the reader's language ('admin' → 'Admin'); a role we do not know, as it is. */
export function useRoleName() {
  const { t } = useTranslation();
  return (role: string) =>
    t(`common:roles.${role}`, { defaultValue: role ? role.charAt(0).toUpperCase() + role.slice(1) : role });
}

const roleColours: Record<string, BadgeVariant> = { admin: 'red', manager: 'blue', employee: 'green' };

/** docs/product/client-behaviour.md#user-card: admin red, manager blue, employee green, anything else gray. */
export function RoleBadge({ role, className }: { role: string; className?: string }) {
  const roleName = useRoleName();
  return (
    <Badge data-testid="role-badge" variant={roleColours[role] ?? 'gray'} className={className}>
      {roleName(role)}
    </Badge>
  );
}

export function UserCard({ user, iconOnly }: { user: User; iconOnly: boolean }) {
  const { t } = useTranslation('shell');
  const roleName = useRoleName();
  const role = roleName(user.role);
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  const avatar = (
    <Avatar
      name={`${user.firstName} ${user.lastName}`}
      src={user.profileImageUrl}
      testId="user-card-picture"
      className={cn(iconOnly && 'mx-auto')}
    />
  );
  if (iconOnly) {
    return (
      <Tooltip>
        <TooltipTrigger asChild>
          <Link
            to="/profile"
            data-testid="user-card"
            className="block rounded-full focus-visible:outline-2 focus-visible:outline-primary"
          >
            {avatar}
            <span className="sr-only">{t('userCard.link', { name: fullName, role })}</span>
          </Link>
        </TooltipTrigger>
        <TooltipContent side="right">{t('userCard.tooltip', { name: fullName, role })}</TooltipContent>
      </Tooltip>
    );
  }
  // The way to one's own profile (docs/product/profile.md).
  return (
    <Link
      to="/profile"
      data-testid="user-card"
      title={t('userCard.title')}
      className="-m-1.5 flex min-w-0 items-center gap-3 rounded-md p-1.5 hover:bg-muted focus-visible:outline-2 focus-visible:outline-primary"
    >
      {avatar}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-foreground">{fullName}</p>
        <RoleBadge role={user.role} className="mt-1" />
      </div>
    </Link>
  );
}
