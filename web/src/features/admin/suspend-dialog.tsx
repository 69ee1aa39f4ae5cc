import { suspendRequest } from '@contract/admin';
import { applyServerErrors, FormDialog, TextareaField, useZodForm } from '@/components/form';
import { toast } from '@/components/ui/use-toast';
import { useSuspendUser } from './api';

type Target = { id: string; firstName: string; lastName: string };

/** Suspension takes a reason (kept on the account and in the audit log); it signs the user out everywhere. */
export function SuspendDialog({ user, onClose }: { user: Target | null; onClose: () => void }) {
  const suspend = useSuspendUser();
  const form = useZodForm(suspendRequest, { defaultValues: { suspended: true, reason: '' } });

  const submit = ({ reason }: { reason: string }) => {
    if (!user) return;
    suspend.mutate(
      { params: { id: user.id }, body: { suspended: true, reason } },
      {
        onSuccess: () => {
          toast({ title: 'User suspended successfully' });
          form.reset();
          onClose();
        },
        onError: (err) => {
          applyServerErrors(form, err);
          toast({
            variant: 'destructive',
            title: 'Failed to update user status',
            description: err.message || 'Failed to suspend user',
          });
        },
      },
    );
  };

  return (
    <FormDialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Suspend ${user ? `${user.firstName} ${user.lastName}` : 'user'}`}
      description="They are signed out at once and cannot sign in until an admin activates them."
      form={form}
      onSubmit={submit}
      idPrefix="suspend"
      submitLabel="Suspend User"
      pendingLabel="Suspending..."
      pending={suspend.isPending}
      destructive
    >
      <TextareaField name="reason" label="Reason" maxLength={500} />
    </FormDialog>
  );
}
