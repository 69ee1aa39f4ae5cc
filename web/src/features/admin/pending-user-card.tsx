import type { PendingUser } from '@contract/admin';
import { CalendarDays, CheckCircle2, Mail, Ticket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { formatDate, initials } from '@/lib/format';
import { useApproveUser, useRejectUser } from './api';
import { RoleBadge } from './role-badge';

const failure = (err: unknown, fallback: string) =>
  err instanceof Error && err.message ? err.message : fallback;

/** One registration awaiting a decision, with the busy labels and toasts of docs/product/ui-texts.md#pending-users. */
export function PendingUserCard({ user }: { user: PendingUser }) {
  const { t } = useTranslation('admin');
  const approve = useApproveUser();
  const reject = useRejectUser();
  const busy = approve.isPending || reject.isPending;
  const name = `${user.firstName} ${user.lastName}`;

  // mutateAsync, not mutate(…, callbacks): the refreshed list removes this card, and callbacks
  // given to mutate() are dropped once their component has unmounted — the toast with them.
  const onApprove = async () => {
    try {
      await approve.mutateAsync({ params: { id: user.id }, body: { approved: true } });
      toast({
        title: t('pending.approved'),
        description: t('pending.approvedDescription'),
      });
    } catch (err) {
      toast({
        variant: 'destructive',
        title: t('pending.approvalFailed'),
        description: failure(err, t('pending.approveFailed')),
      });
    }
  };
  const onReject = async () => {
    try {
      await reject.mutateAsync({ params: { id: user.id }, body: {} });
      toast({ title: t('pending.rejected'), description: t('pending.rejectedDescription') });
    } catch (err) {
      toast({
        variant: 'destructive',
        title: t('pending.rejectionFailed'),
        description: failure(err, t('pending.rejectFailed')),
      });
    }
  };

  return (
    <Card data-testid="pending-user" className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 gap-4">
        <div
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-muted font-semibold text-primary-soft-foreground"
          aria-hidden
        >
          {initials(user.firstName, user.lastName)}
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="min-w-0 font-semibold text-foreground [overflow-wrap:anywhere]">{name}</h3>
            <Badge variant="amber">{t('pending.badge')}</Badge>
            <RoleBadge role={user.role} />
          </div>
          <dl className="mt-2 grid gap-1 text-sm text-muted-foreground">
            <div className="flex min-w-0 items-center gap-2">
              <Mail className="size-4 shrink-0" aria-hidden />
              <dt className="sr-only">{t('pending.email')}</dt>
              {/* wrapped, not cut: the admin decides on the whole address (a long one at 375 px) */}
              <dd className="min-w-0 [overflow-wrap:anywhere]">{user.email}</dd>
            </div>
            {user.inviteCode && (
              <div className="flex items-center gap-2">
                <Ticket className="size-4 shrink-0" aria-hidden />
                <dt>{t('pending.inviteCode')}</dt>
                <dd className="font-mono">{user.inviteCode}</dd>
              </div>
            )}
            <div className="flex items-center gap-2">
              <CalendarDays className="size-4 shrink-0" aria-hidden />
              <dt>{t('pending.registered')}</dt>
              <dd>{formatDate(user.registeredAt)}</dd>
            </div>
            {user.emailVerified && (
              <div className="flex items-center gap-2 text-success-foreground">
                <CheckCircle2 className="size-4 shrink-0" aria-hidden />
                <dd>{t('pending.emailVerified')}</dd>
              </div>
            )}
          </dl>
        </div>
      </div>
      <div className="flex gap-2 sm:w-36 sm:shrink-0 sm:flex-col">
        <Button className="flex-1 sm:flex-none" onClick={onApprove} disabled={busy}>
          {approve.isPending ? t('pending.approving') : t('pending.approve')}
          {/* heard as 'Approve User Nora Newcomer': the visible words first, then whom */}
          <span className="sr-only"> {name}</span>
        </Button>
        <Button
          variant="outline"
          className="flex-1 text-danger-foreground hover:bg-danger-soft sm:flex-none"
          onClick={onReject}
          disabled={busy}
        >
          {reject.isPending ? t('pending.rejecting') : t('common:actions.reject')}
          <span className="sr-only"> {name}</span>
        </Button>
      </div>
    </Card>
  );
}
