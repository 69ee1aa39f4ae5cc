import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { capitalize } from '@/lib/format';

const roleColours: Record<string, BadgeVariant> = { admin: 'red', manager: 'blue', employee: 'green' };

/** Role colours (docs/product/client-behaviour.md#user-card): admin red, manager blue, employee green, anything else gray. */
export function RoleBadge({ role }: { role: string }) {
  return <Badge variant={roleColours[role] ?? 'gray'}>{capitalize(role)}</Badge>;
}

type StatusUser = {
  isActive: boolean;
  approvalStatus: string;
  emailVerified: boolean;
  anonymisedAt?: string | null;
};

export function statusOf(user: StatusUser): { label: string; variant: BadgeVariant } {
  if (user.anonymisedAt) return { label: 'Anonymised', variant: 'gray' };
  if (user.approvalStatus === 'rejected') return { label: 'Rejected', variant: 'gray' };
  if (!user.emailVerified) return { label: 'Unverified', variant: 'gray' };
  if (user.approvalStatus === 'pending') return { label: 'Pending', variant: 'amber' };
  return user.isActive ? { label: 'Active', variant: 'green' } : { label: 'Suspended', variant: 'red' };
}

export function StatusBadge({ user }: { user: StatusUser }) {
  const { label, variant } = statusOf(user);
  return <Badge variant={variant}>{label}</Badge>;
}
