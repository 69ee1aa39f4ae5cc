import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CopySecret } from '@/components/ui/copy-secret';
import { DialogFooter, DialogFrame } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { useResetPassword } from './api';

type Target = { id: string; firstName: string; lastName: string; email: string };

/** Confirms, then shows the temporary password once; closing the dialog forgets it (docs/product/admin.md#reset-password). */
export function ResetPasswordDialog({ user, onClose }: { user: Target | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const reset = useResetPassword();
  const temporary = reset.data?.temporaryPassword;

  const close = () => {
    reset.reset();
    onClose();
  };
  const run = () =>
    user &&
    reset.mutate(
      { params: { id: user.id } },
      {
        onError: (err) =>
          toast({
            variant: 'destructive',
            title: t('resetPassword.failed'),
            description: err.message || t('resetPassword.failedFallback'),
          }),
      },
    );
  return (
    <DialogFrame
      open={user !== null}
      onOpenChange={(open) => !open && close()}
      title={t('resetPassword.title')}
      description={t('resetPassword.description', {
        name: user ? `${user.firstName} ${user.lastName}` : '',
        email: user?.email ?? '',
      })}
    >
      {temporary ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium text-subtle-foreground">{t('resetPassword.temporary')}</p>
          <CopySecret
            value={temporary}
            testId="temporary-password"
            className="text-base"
            copyLabel={t('resetPassword.copy')}
            copied={{ title: t('resetPassword.copied'), description: t('resetPassword.copiedDescription') }}
            failed={{
              title: t('resetPassword.copyFailed'),
              description: t('resetPassword.copyFailedDescription'),
            }}
          />
        </div>
      ) : null}
      <DialogFooter>
        {temporary ? (
          <Button onClick={close}>{t('resetPassword.done')}</Button>
        ) : (
          <>
            <Button variant="outline" onClick={close}>
              {t('common:actions.cancel')}
            </Button>
            <Button onClick={run} disabled={reset.isPending}>
              <KeyRound aria-hidden />
              {reset.isPending ? t('resetPassword.pending') : t('resetPassword.submit')}
            </Button>
          </>
        )}
      </DialogFooter>
    </DialogFrame>
  );
}
