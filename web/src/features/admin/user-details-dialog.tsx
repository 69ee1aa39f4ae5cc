import type { AdminUser } from '@contract/admin';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatDateTime, formatRelative } from '@/lib/format';
import { RoleBadge, StatusBadge } from './role-badge';

/** docs/product/admin.md#user-details: name, email, role, active or suspended status and last active time. */
export function UserDetailsDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{user ? `${user.firstName} ${user.lastName}` : 'User'}</DialogTitle>
          <DialogDescription>Account details</DialogDescription>
        </DialogHeader>
        {user && (
          <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-3 text-sm">
            <dt className="text-muted-foreground">Name</dt>
            <dd className="font-medium text-slate-900">
              {user.firstName} {user.lastName}
            </dd>
            <dt className="text-muted-foreground">Email</dt>
            <dd className="break-all text-slate-900">{user.email}</dd>
            <dt className="text-muted-foreground">Role</dt>
            <dd>
              <RoleBadge role={user.role} />
            </dd>
            <dt className="text-muted-foreground">Status</dt>
            <dd className="flex flex-col gap-1">
              <StatusBadge user={user} />
              {!user.isActive && user.suspendedReason && (
                <span className="text-xs text-muted-foreground">Reason: {user.suspendedReason}</span>
              )}
            </dd>
            <dt className="text-muted-foreground">Last active</dt>
            <dd className="text-slate-900" title={formatDateTime(user.lastActive, 'Never')}>
              {formatRelative(user.lastActive, Date.now(), 'Never')}
            </dd>
            <dt className="text-muted-foreground">Member since</dt>
            <dd className="text-slate-900">{formatDateTime(user.createdAt)}</dd>
          </dl>
        )}
      </DialogContent>
    </Dialog>
  );
}
