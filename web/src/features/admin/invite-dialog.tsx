import { type Invitation, invitationRequest } from '@contract/admin';
import { selfRoles } from '@contract/auth';
import { Link2, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { applyServerErrors, Form, SelectField, TextField, useZodForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { DialogFrame } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { capitalize, formatDate } from '@/lib/format';
import { useCreateInvitation, useInvitations, useRevokeInvitation } from './api';

/** An open invitation: whom, which role, until when; its link to copy, and revoke. */
function InvitationRow({ invitation: inv }: { invitation: Invitation }) {
  const revoke = useRevokeInvitation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(inv.link);
      toast({
        title: 'Link copied',
        description: `Send it to ${inv.email}; it works until ${formatDate(inv.expiresAt)}.`,
      });
    } catch {
      toast({ variant: 'destructive', title: 'Copy failed', description: inv.link });
    }
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
      <div className="min-w-0 flex-1">
        <p className="truncate text-foreground">{inv.email}</p>
        <p className="text-xs text-muted-foreground">
          {capitalize(inv.role)} · <code className="font-mono">{inv.code}</code> · until{' '}
          {formatDate(inv.expiresAt)}
        </p>
      </div>
      <div className="flex gap-1">
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Copy the invitation link for ${inv.email}`}
          onClick={() => void copy()}
        >
          <Link2 aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Revoke the invitation for ${inv.email}`}
          disabled={revoke.isPending}
          onClick={() =>
            revoke.mutate(
              { params: { id: inv.id } },
              {
                onSuccess: () =>
                  toast({ title: 'Invitation revoked', description: `${inv.email}'s code no longer works.` }),
                onError: (err) =>
                  toast({ variant: 'destructive', title: 'Could not revoke', description: err.message }),
              },
            )
          }
        >
          <Trash2 className="text-danger" aria-hidden />
        </Button>
      </div>
    </li>
  );
}

/** 'Invite New User': creates an invitation whose code is e-mailed; lists the open ones below. */
export function InviteDialog() {
  const [open, setOpen] = useState(false);
  const create = useCreateInvitation();
  const invitations = useInvitations(open);
  const form = useZodForm(invitationRequest, { defaultValues: { email: '', role: 'employee' } });

  const submit = (values: { email: string; role: 'employee' | 'manager' }) =>
    create.mutate(
      { body: values },
      {
        onSuccess: (inv) => {
          toast({ title: 'Invitation Sent', description: `An invitation code was sent to ${inv.email}.` });
          form.reset({ email: '', role: values.role });
        },
        onError: (err) => {
          applyServerErrors(form, err);
          toast({ variant: 'destructive', title: 'Invitation Failed', description: err.message });
        },
      },
    );

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Send aria-hidden />
        Send Invite
      </Button>
      <DialogFrame
        open={open}
        onOpenChange={setOpen}
        title="Invite New User"
        description="They receive a link with a code; registering with it skips the approval queue, with the role you choose here."
      >
        <Form form={form} onSubmit={submit} idPrefix="invite">
          <TextField name="email" label="Email" type="email" autoComplete="off" />
          <SelectField
            name="role"
            label="Role"
            options={selfRoles.map((role) => ({ value: role, label: capitalize(role) }))}
          />
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Sending...' : 'Send Invitation'}
          </Button>
        </Form>
        <section aria-labelledby="open-invitations" className="border-t pt-4">
          <h3 id="open-invitations" className="mb-2 text-sm font-semibold text-foreground">
            Open invitations{invitations.data ? ` (${invitations.data.length})` : ''}
          </h3>
          {invitations.isLoading ? (
            <Skeleton className="h-10" />
          ) : !invitations.data?.length ? (
            <p className="text-sm text-muted-foreground">No open invitations.</p>
          ) : (
            <ul className="flex max-h-48 flex-col divide-y overflow-y-auto text-sm">
              {invitations.data.map((inv) => (
                <InvitationRow key={inv.id} invitation={inv} />
              ))}
            </ul>
          )}
        </section>
      </DialogFrame>
    </>
  );
}
