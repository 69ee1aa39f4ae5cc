import type { User } from '@contract/auth';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { capitalize, initials } from '@/lib/format';
import { cn } from '@/lib/utils';

const roleColours: Record<string, BadgeVariant> = { admin: 'red', manager: 'blue', employee: 'green' };

/** Spec point 2: admin red, manager blue, employee green, anything else gray. */
export function RoleBadge({ role, className }: { role: string; className?: string }) {
  return (
    <Badge data-testid="role-badge" variant={roleColours[role] ?? 'gray'} className={className}>
      {capitalize(role)}
    </Badge>
  );
}

export function UserCard({ user, iconOnly }: { user: User; iconOnly: boolean }) {
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  const avatar = (
    <div
      className={cn(
        'flex size-9 shrink-0 select-none items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700',
        iconOnly && 'mx-auto',
      )}
      aria-hidden={!iconOnly}
    >
      {initials(user.firstName, user.lastName)}
    </div>
  );
  if (iconOnly) {
    return (
      <Tooltip>
        <TooltipTrigger asChild>
          <div role="img" className="rounded-full" aria-label={`${fullName}, ${capitalize(user.role)}`}>
            {avatar}
          </div>
        </TooltipTrigger>
        <TooltipContent side="right">
          {fullName} · {capitalize(user.role)}
        </TooltipContent>
      </Tooltip>
    );
  }
  return (
    <div className="flex min-w-0 items-center gap-3">
      {avatar}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900" title={fullName}>
          {fullName}
        </p>
        <RoleBadge role={user.role} className="mt-1" />
      </div>
    </div>
  );
}
