import { CODE_LENGTH, type User, verifyEmailRequest } from '@contract/auth';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Trans } from '@/components/trans';
import { Form, TextField, useZodForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useResendVerification, useVerifyEmail } from './api';

const codeForm = verifyEmailRequest.pick({ verificationCode: true });

type Props = {
  email: string;
  onBack: () => void;
  /** The account was invited: approved and signed in. */
  onApproved: (user: User) => void;
  onPending: () => void;
};

/** Stage two: the 6-character code from the e-mail (or the verification-codes page). */
export function VerifyEmailStep({ email, onBack, onApproved, onPending }: Props) {
  const { t } = useTranslation('auth');
  const verify = useVerifyEmail();
  const resend = useResendVerification();
  const form = useZodForm(codeForm, { defaultValues: { verificationCode: '' } });

  const submit = async ({ verificationCode }: { verificationCode: string }) => {
    try {
      const result = await verify.mutateAsync({ body: { email, verificationCode } });
      if (result.status === 'approved' && result.user) {
        toast({ title: t('verify.verified'), description: t('verify.redirecting') });
        onApproved(result.user);
      } else {
        toast({
          title: t('verify.verified'),
          description: t('verify.awaiting'),
        });
        onPending();
      }
    } catch (err) {
      toast({
        variant: 'destructive',
        title: t('verify.failed'),
        description: err instanceof Error && err.message ? err.message : t('verify.invalid'),
      });
    }
  };

  const again = async () => {
    try {
      await resend.mutateAsync({ body: { email } });
      toast({ title: t('verify.sent'), description: t('verify.sentDescription', { email }) });
    } catch (err) {
      toast({
        variant: 'destructive',
        title: t('verify.sendFailed'),
        description: err instanceof Error ? err.message : undefined,
      });
    }
  };

  return (
    <Form form={form} onSubmit={submit} idPrefix="verify">
      <p className="text-sm text-muted-foreground">
        <Trans
          t={t}
          i18nKey="verify.sentTo"
          values={{ length: CODE_LENGTH, email }}
          components={{ email: <span className="font-medium text-foreground" /> }}
        />
      </p>
      <TextField
        name="verificationCode"
        label={t('verify.code')}
        maxLength={CODE_LENGTH}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        inputClassName="h-11 text-center font-mono text-lg uppercase tracking-[0.4em]"
      />
      <Button type="submit" className="w-full" disabled={verify.isPending}>
        {verify.isPending ? t('verifying') : t('verify.submit')}
      </Button>
      <div className="flex items-center justify-between gap-2 text-sm">
        <Button type="button" variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft aria-hidden /> {t('verify.back')}
        </Button>
        <Button type="button" variant="link" size="sm" onClick={again} disabled={resend.isPending}>
          {resend.isPending ? t('sending') : t('verify.resend')}
        </Button>
      </div>
    </Form>
  );
}
