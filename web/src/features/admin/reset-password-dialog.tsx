import { KeyRound } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CopySecret } from '@/components/ui/copy-secret';
import { DialogFooter, DialogFrame } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { useResetPassword } from './api';

type Target = { id: string; firstName: string; lastName: string; email: string };

/** Confirms, then shows the temporary password once; closing the dialog forgets it (docs/product/admin.md#reset-password). */
export function ResetPasswordDialog({ user, onClose }: { user: Target | null; onClose: () => void }) {
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
            title: 'Password Reset Failed',
            description: err.message || 'Failed to reset password',
          }),
      },
    );
  return (
    <DialogFrame
      open={user !== null}
      onOpenChange={(open) => !open && close()}
      title="Reset password"
      description={`${user ? `${user.firstName} ${user.lastName} (${user.email})` : ''} will be signed out everywhere and must choose a new password at the next sign-in.`}
    >
      {temporary ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium text-subtle-foreground">Temporary password (shown only once)</p>
          <CopySecret
            value={temporary}
            testId="temporary-password"
            className="text-base"
            copyLabel="Copy temporary password"
            copied={{ title: 'Password Copied', description: 'Hand it to the user over a safe channel.' }}
            failed={{ title: 'Copy Failed', description: 'Select the password and copy it by hand.' }}
          />
        </div>
      ) : null}
      <DialogFooter>
        {temporary ? (
          <Button onClick={close}>Done</Button>
        ) : (
          <>
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button onClick={run} disabled={reset.isPending}>
              <KeyRound aria-hidden />
              {reset.isPending ? 'Resetting...' : 'Reset Password'}
            </Button>
          </>
        )}
      </DialogFooter>
    </DialogFrame>
  );
}
