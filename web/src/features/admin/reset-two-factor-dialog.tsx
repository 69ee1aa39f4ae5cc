import type { AdminUser } from '@contract/admin';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { useResetTwoFactor } from './api';

/** Removing someone's authenticator is asked for first, like the other destructive admin actions. */
export function ResetTwoFactorDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const reset = useResetTwoFactor();
  const name = user ? `${user.firstName} ${user.lastName}` : '';
  const confirm = () => {
    if (!user) return;
    reset.mutate(
      { params: { id: user.id } },
      {
        onSuccess: () => {
          toast({
            title: t('resetTwoFactor.done'),
            description: t('resetTwoFactor.doneDescription', { name }),
          });
          onClose();
        },
        onError: (err) =>
          toast({
            variant: 'destructive',
            title: t('resetTwoFactor.failed'),
            description: err.message,
          }),
      },
    );
  };
  return (
    <ConfirmDialog
      open={user !== null}
      onClose={onClose}
      title={t('resetTwoFactor.title', { name })}
      description={t('resetTwoFactor.description')}
      confirmLabel={t('resetTwoFactor.confirm')}
      pendingLabel={t('resetTwoFactor.pending')}
      pending={reset.isPending}
      destructive
      onConfirm={confirm}
    />
  );
}
