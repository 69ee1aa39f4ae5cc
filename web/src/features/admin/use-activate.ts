import type { AdminUser } from '@contract/admin';
import { toast } from '@/components/ui/use-toast';
import { useActivateUser } from './api';

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
