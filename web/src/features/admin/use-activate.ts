import type { AdminUser } from '@contract/admin';
import { toast } from '@/components/ui/use-toast';
import { useActivateUser, useResetTwoFactor } from './api';

/** Activate with the admin screens' toasts (docs/product/admin.md#suspend-activate). */
export function useActivateWithToasts() {
  const activate = useActivateUser();
  const onActivate = (user: AdminUser) =>
    activate.mutate(
      { params: { id: user.id } },
      {
        onSuccess: () => toast({ title: 'User activated successfully' }),
        onError: (err) =>
          toast({
            variant: 'destructive',
            title: 'Failed to update user status',
            description: err.message || 'Failed to activate user',
          }),
      },
    );
  return { onActivate, busy: activate.isPending };
}

/** Remove a user's authenticator (docs/product/admin.md#two-factor); audited on the server. */
export function useResetTwoFactorWithToasts() {
  const reset = useResetTwoFactor();
  const onResetTwoFactor = (user: AdminUser) =>
    reset.mutate(
      { params: { id: user.id } },
      {
        onSuccess: () =>
          toast({
            title: 'Two-factor sign-in reset',
            description: `${user.firstName} ${user.lastName} signs in with the password and can enrol again.`,
          }),
        onError: (err) =>
          toast({
            variant: 'destructive',
            title: 'Failed to reset two-factor sign-in',
            description: err.message,
          }),
      },
    );
  return { onResetTwoFactor };
}
