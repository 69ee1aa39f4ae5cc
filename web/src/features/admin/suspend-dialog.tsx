import { suspendRequest } from '@contract/admin';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, FormDialog, TextareaField, useZodForm } from '@/components/form';
import { toast } from '@/components/ui/use-toast';
import { useSuspendUser } from './api';

type Target = { id: string; firstName: string; lastName: string };

/** Suspension takes a reason (kept on the account and in the audit log); it signs the user out everywhere. */
export function SuspendDialog({ user, onClose }: { user: Target | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const suspend = useSuspendUser();
  const form = useZodForm(suspendRequest, { defaultValues: { suspended: true, reason: '' } });

  const submit = ({ reason }: { reason: string }) => {
    if (!user) return;
    suspend.mutate(
      { params: { id: user.id }, body: { suspended: true, reason } },
      {
        onSuccess: () => {
          toast({ title: t('suspend.done') });
          form.reset();
          onClose();
        },
        onError: (err) => {
          applyServerErrors(form, err);
          toast({
            variant: 'destructive',
            title: t('users.statusFailed'),
            description: err.message || t('suspend.failed'),
          });
        },
      },
    );
  };

  return (
    <FormDialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('suspend.title', { name: user ? `${user.firstName} ${user.lastName}` : '' })}
      description={t('suspend.description')}
      form={form}
      onSubmit={submit}
      idPrefix="suspend"
      submitLabel={t('suspend.submit')}
      pendingLabel={t('suspend.pending')}
      pending={suspend.isPending}
      destructive
    >
      <TextareaField name="reason" label={t('suspend.reason')} maxLength={500} />
    </FormDialog>
  );
}
