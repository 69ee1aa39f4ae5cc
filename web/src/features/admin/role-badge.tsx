import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { capitalize } from '@/lib/format';

const roleColours: Record<string, BadgeVariant> = { admin: 'red', manager: 'blue', employee: 'green' };

/** Role colours (docs/product/client-behaviour.md#user-card): admin red, manager blue, employee green, anything else gray. */
export function RoleBadge({ role }: { role: string }) {
  const { t } = useTranslation('admin');
  return (
    <Badge variant={roleColours[role] ?? 'gray'}>
      {role in roleColours ? t(`roles.${role}`) : capitalize(role)}
    </Badge>
  );
}

type StatusUser = {
  isActive: boolean;
  approvalStatus: string;
  emailVerified: boolean;
  anonymisedAt?: string | null;
};

type Status = 'anonymised' | 'rejected' | 'unverified' | 'pending' | 'active' | 'suspended';

export function statusOf(user: StatusUser): { status: Status; variant: BadgeVariant } {
  if (user.anonymisedAt) return { status: 'anonymised', variant: 'gray' };
  if (user.approvalStatus === 'rejected') return { status: 'rejected', variant: 'gray' };
  if (!user.emailVerified) return { status: 'unverified', variant: 'gray' };
  if (user.approvalStatus === 'pending') return { status: 'pending', variant: 'amber' };
  return user.isActive ? { status: 'active', variant: 'green' } : { status: 'suspended', variant: 'red' };
}

export function StatusBadge({ user }: { user: StatusUser }) {
  const { t } = useTranslation('admin');
  const { status, variant } = statusOf(user);
  return <Badge variant={variant}>{t(`status.${status}`)}</Badge>;
}
