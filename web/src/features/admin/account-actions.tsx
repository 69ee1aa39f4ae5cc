import type { AdminUser } from '@contract/admin';
import { type Role, roles } from '@contract/auth';
import { MailPlus, MailCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { useChangeRole, useMarkEmailVerified, useResendVerificationFor } from './api';

/**
 * What an admin may change about an account from its details (docs/product/admin.md#roles): its
 * role, and for an address not yet verified a new code or the mark "verified". `onChanged` gets the
 * account as it is now.
 */
export function AccountActions({
  user,
  onChanged,
}: {
  user: AdminUser;
  onChanged: (user: AdminUser) => void;
}) {
  const { t } = useTranslation('admin');
  const changeRole = useChangeRole();
  const resend = useResendVerificationFor();
  const markVerified = useMarkEmailVerified();
  const [role, setRole] = useState<Role>(user.role);
  const labelId = useId();
  const failed = (title: string) => (err: Error) =>
    toast({ variant: 'destructive', title, description: err.message });

  if (user.anonymisedAt) return null;
  return (
    <section aria-labelledby={labelId} className="flex flex-col gap-3 border-t border-border pt-4">
      <h3 id={labelId} className="text-sm font-semibold text-foreground">
        {t('account.heading')}
      </h3>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1.5">
          <span id={`${labelId}-role`} className="text-sm font-medium text-foreground">
            {t('account.role')}
          </span>
          <Select value={role} onValueChange={(value) => setRole(value as Role)}>
            <SelectTrigger aria-labelledby={`${labelId}-role`} className="w-40">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {roles.map((r) => (
                <SelectItem key={r} value={r}>
                  {t(`roles.${r}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Button
          variant="outline"
          size="sm"
          className="h-9"
          disabled={role === user.role || changeRole.isPending}
          onClick={() =>
            changeRole.mutate(
              { params: { id: user.id }, body: { role } },
              {
                onSuccess: (updated) => {
                  toast({
                    title: t('account.roleChanged'),
                    description: t('account.roleChangedDescription', {
                      name: `${updated.firstName} ${updated.lastName}`,
                      role: updated.role,
                    }),
                  });
                  onChanged(updated);
                },
                onError: (err) => {
                  setRole(user.role);
                  failed(t('account.roleNotChanged'))(err);
                },
              },
            )
          }
        >
          {changeRole.isPending ? t('common:states.saving') : t('account.changeRole')}
        </Button>
      </div>
      {!user.emailVerified && (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-muted-foreground">{t('account.unverified')}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={resend.isPending}
              onClick={() =>
                resend.mutate(
                  { params: { id: user.id } },
                  {
                    onSuccess: () =>
                      toast({
                        title: t('account.codeSent'),
                        description: t('account.codeSentDescription', { email: user.email }),
                      }),
                    onError: failed(t('account.codeNotSent')),
                  },
                )
              }
            >
              <MailPlus aria-hidden /> {t('account.sendCode')}
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={markVerified.isPending}
              onClick={() =>
                markVerified.mutate(
                  { params: { id: user.id } },
                  {
                    onSuccess: (updated) => {
                      toast({
                        title: t('account.markedVerified'),
                        description: t('account.markedVerifiedDescription'),
                      });
                      onChanged(updated);
                    },
                    onError: failed(t('account.notMarked')),
                  },
                )
              }
            >
              <MailCheck aria-hidden /> {t('account.markVerified')}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
