import { useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogActions,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useSuspendUser } from './api';

type Target = { id: string; firstName: string; lastName: string };

/** Suspension takes a reason (kept on the account and in the audit log); it signs the user out everywhere. */
export function SuspendDialog({ user, onClose }: { user: Target | null; onClose: () => void }) {
  const suspend = useSuspendUser();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!user) return;
    if (!reason.trim()) {
      setError('Please give a reason for the suspension');
      return;
    }
    suspend.mutate(
      { id: user.id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({ title: 'User suspended successfully' });
          close();
        },
        onError: (err) =>
          toast({
            variant: 'destructive',
            title: 'Failed to update user status',
            description: err.message || 'Failed to suspend user',
          }),
      },
    );
  };

  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Suspend {user ? `${user.firstName} ${user.lastName}` : 'user'}</DialogTitle>
          <DialogDescription>
            They are signed out at once and cannot sign in until an admin activates them.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="suspend-reason">Reason</Label>
          <Textarea
            id="suspend-reason"
            value={reason}
            maxLength={500}
            aria-invalid={!!error}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
          />
          {error && (
            <p role="alert" className="text-xs text-destructive">
              {error}
            </p>
          )}
        </div>
        <DialogActions
          onCancel={close}
          label="Suspend User"
          pendingLabel="Suspending..."
          pending={suspend.isPending}
          destructive
          onConfirm={submit}
        />
      </DialogContent>
    </Dialog>
  );
}
