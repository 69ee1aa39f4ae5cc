import type { AdminUser } from '@contract/admin';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/use-toast';
import { useActivateUser } from './api';

/** Activate with the admin screens' toasts (docs/product/admin.md#suspend-activate). */
export function useActivateWithToasts() {
  const { t } = useTranslation('admin');
  const activate = useActivateUser();
  const onActivate = (user: AdminUser) =>
    activate.mutate(
      { params: { id: user.id } },
      {
        onSuccess: () => toast({ title: t('users.activated') }),
        onError: (err) =>
          toast({
            variant: 'destructive',
            title: t('users.statusFailed'),
            description: err.message || t('users.activateFailed'),
          }),
      },
    );
  return { onActivate, busy: activate.isPending };
}
