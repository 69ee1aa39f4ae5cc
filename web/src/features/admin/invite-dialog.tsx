import { type InvitationRequest, invitationRequest } from '@contract/admin';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { capitalize, formatDate } from '@/lib/format';
import { useCreateInvitation, useInvitations } from './api';

/** 'Invite New User': creates an invitation whose code is e-mailed; lists the open ones below. */
export function InviteDialog() {
  const [open, setOpen] = useState(false);
  const create = useCreateInvitation();
  const invitations = useInvitations(open);
  const form = useForm<InvitationRequest>({
    resolver: zodResolver(invitationRequest),
    defaultValues: { email: '', role: 'employee' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (inv) => {
        toast({ title: 'Invitation Sent', description: `An invitation code was sent to ${inv.email}.` });
        form.reset({ email: '', role: values.role });
      },
      onError: (err) =>
        toast({ variant: 'destructive', title: 'Invitation Failed', description: err.message }),
    }),
  );

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Send aria-hidden />
        Send Invite
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite New User</DialogTitle>
          <DialogDescription>
            They receive a code; registering with it skips the approval queue.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="invite-email">Email</Label>
            <Input id="invite-email" type="email" aria-invalid={!!errors.email} {...form.register('email')} />
            {errors.email && (
              <p role="alert" className="text-xs text-destructive">
                {errors.email.message}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="invite-role">Role</Label>
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id="invite-role">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="employee">Employee</SelectItem>
                    <SelectItem value="manager">Manager</SelectItem>
                  </SelectContent>
                </Select>
              )}
            />
          </div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Sending...' : 'Send Invitation'}
          </Button>
        </form>
        <section aria-labelledby="open-invitations" className="border-t pt-4">
          <h3 id="open-invitations" className="mb-2 text-sm font-semibold text-slate-900">
            Open invitations{invitations.data ? ` (${invitations.data.length})` : ''}
          </h3>
          {invitations.isLoading ? (
            <Skeleton className="h-10" />
          ) : !invitations.data?.length ? (
            <p className="text-sm text-muted-foreground">No open invitations.</p>
          ) : (
            <ul className="flex max-h-48 flex-col divide-y overflow-y-auto text-sm">
              {invitations.data.map((inv) => (
                <li key={inv.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
                  <span className="min-w-0 truncate text-slate-900">{inv.email}</span>
                  <span className="text-xs text-muted-foreground">
                    {capitalize(inv.role)} · <code className="font-mono">{inv.code}</code> · until{' '}
                    {formatDate(inv.expiresAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </DialogContent>
    </Dialog>
  );
}
