import { Copy, KeyRound } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
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
  const copy = async () => {
    if (!temporary) return;
    try {
      await navigator.clipboard.writeText(temporary);
      toast({ title: 'Password Copied', description: 'Hand it to the user over a safe channel.' });
    } catch {
      toast({
        variant: 'destructive',
        title: 'Copy Failed',
        description: 'Select the password and copy it by hand.',
      });
    }
  };

  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reset password</DialogTitle>
          <DialogDescription>
            {user ? `${user.firstName} ${user.lastName} (${user.email})` : ''} will be signed out everywhere
            and must choose a new password at the next sign-in.
          </DialogDescription>
        </DialogHeader>
        {temporary ? (
          <div className="flex flex-col gap-2">
            <p className="text-sm font-medium text-subtle-foreground">Temporary password (shown only once)</p>
            <div className="flex items-center gap-2 rounded-md border bg-subtle p-2">
              <code
                data-testid="temporary-password"
                className="flex-1 break-all font-mono text-base text-foreground"
              >
                {temporary}
              </code>
              <Button
                variant="ghost"
                size="icon"
                aria-label="Copy temporary password"
                onClick={() => void copy()}
              >
                <Copy aria-hidden />
              </Button>
            </div>
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
      </DialogContent>
    </Dialog>
  );
}
