import { type Invitation, invitationRequest } from '@contract/admin';
import { selfRoles } from '@contract/auth';
import { Link2, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, Form, SelectField, TextField, useZodForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { DialogFrame } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { formatDate, formatNumber } from '@/lib/format';
import { useCreateInvitation, useInvitations, useRevokeInvitation } from './api';

/** An open invitation: whom, which role, until when; its link to copy, and revoke. */
function InvitationRow({ invitation: inv }: { invitation: Invitation }) {
  const { t } = useTranslation('admin');
  const revoke = useRevokeInvitation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(inv.link);
      toast({
        title: t('invite.linkCopied'),
        description: t('invite.linkCopiedDescription', { email: inv.email, date: formatDate(inv.expiresAt) }),
      });
    } catch {
      toast({ variant: 'destructive', title: t('invite.copyFailed'), description: inv.link });
    }
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
      <div className="min-w-0 flex-1">
        <p className="truncate text-foreground">{inv.email}</p>
        <p className="text-xs text-muted-foreground">
          {t(`roles.${inv.role}`)} · <code className="font-mono">{inv.code}</code> ·{' '}
          {t('invite.until', { date: formatDate(inv.expiresAt) })}
        </p>
      </div>
      <div className="flex gap-1">
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('invite.copyLink', { email: inv.email })}
          onClick={() => void copy()}
        >
          <Link2 aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('invite.revoke', { email: inv.email })}
          disabled={revoke.isPending}
          onClick={() =>
            revoke.mutate(
              { params: { id: inv.id } },
              {
                onSuccess: () =>
                  toast({
                    title: t('invite.revoked'),
                    description: t('invite.revokedDescription', { email: inv.email }),
                  }),
                onError: (err) =>
                  toast({
                    variant: 'destructive',
                    title: t('invite.revokeFailed'),
                    description: err.message,
                  }),
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
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const create = useCreateInvitation();
  const invitations = useInvitations(open);
  const form = useZodForm(invitationRequest, { defaultValues: { email: '', role: 'employee' } });

  const submit = (values: { email: string; role: 'employee' | 'manager' }) =>
    create.mutate(
      { body: values },
      {
        onSuccess: (inv) => {
          toast({
            title: t('invite.sent'),
            description: t('invite.sentDescription', { email: inv.email }),
          });
          form.reset({ email: '', role: values.role });
        },
        onError: (err) => {
          applyServerErrors(form, err);
          toast({ variant: 'destructive', title: t('invite.failed'), description: err.message });
        },
      },
    );

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Send aria-hidden />
        {t('invite.button')}
      </Button>
      <DialogFrame
        open={open}
        onOpenChange={setOpen}
        title={t('invite.title')}
        description={t('invite.description')}
      >
        <Form form={form} onSubmit={submit} idPrefix="invite">
          <TextField name="email" label={t('invite.email')} type="email" autoComplete="off" />
          <SelectField
            name="role"
            label={t('invite.role')}
            options={selfRoles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
          />
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? t('invite.pending') : t('invite.submit')}
          </Button>
        </Form>
        <section aria-labelledby="open-invitations" className="border-t pt-4">
          <h3 id="open-invitations" className="mb-2 text-sm font-semibold text-foreground">
            {invitations.data
              ? t('invite.openCount', { number: formatNumber(invitations.data.length) })
              : t('invite.open')}
          </h3>
          {invitations.isLoading ? (
            <Skeleton className="h-10" />
          ) : !invitations.data?.length ? (
            <p className="text-sm text-muted-foreground">{t('invite.noneOpen')}</p>
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
