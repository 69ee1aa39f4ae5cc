import type { AdminUser } from '@contract/admin';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { useResetTwoFactor } from './api';

/** Removing someone's authenticator is asked for first, like the other destructive admin actions. */
export function ResetTwoFactorDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const reset = useResetTwoFactor();
  const name = user ? `${user.firstName} ${user.lastName}` : 'user';
  const confirm = () => {
    if (!user) return;
    reset.mutate(
      { params: { id: user.id } },
      {
        onSuccess: () => {
          toast({
            title: 'Two-factor sign-in reset',
            description: `${name} signs in with the password and can enrol again.`,
          });
          onClose();
        },
        onError: (err) =>
          toast({
            variant: 'destructive',
            title: 'Failed to reset two-factor sign-in',
            description: err.message,
          }),
      },
    );
  };
  return (
    <ConfirmDialog
      open={user !== null}
      onClose={onClose}
      title={`Reset two-factor sign-in of ${name}?`}
      description="Their authenticator and recovery codes stop working at once. They sign in with the password alone until they enrol again."
      confirmLabel="Reset 2FA"
      pendingLabel="Resetting..."
      pending={reset.isPending}
      destructive
      onConfirm={confirm}
    />
  );
}
