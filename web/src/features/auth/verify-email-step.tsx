import { CODE_LENGTH, type User, verifyEmailRequest } from '@contract/auth';
import { ArrowLeft } from 'lucide-react';
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
  const verify = useVerifyEmail();
  const resend = useResendVerification();
  const form = useZodForm(codeForm, { defaultValues: { verificationCode: '' } });

  const submit = async ({ verificationCode }: { verificationCode: string }) => {
    try {
      const result = await verify.mutateAsync({ body: { email, verificationCode } });
      if (result.status === 'approved' && result.user) {
        toast({ title: 'Email Verified Successfully', description: 'Redirecting to dashboard...' });
        onApproved(result.user);
      } else {
        toast({
          title: 'Email Verified Successfully',
          description: 'Your account is now awaiting admin approval.',
        });
        onPending();
      }
    } catch (err) {
      toast({
        variant: 'destructive',
        title: 'Verification Failed',
        description: err instanceof Error && err.message ? err.message : 'Invalid verification code.',
      });
    }
  };

  const again = async () => {
    try {
      await resend.mutateAsync({ body: { email } });
      toast({ title: 'Code Sent', description: `A new verification code was sent to ${email}.` });
    } catch (err) {
      toast({
        variant: 'destructive',
        title: 'Could Not Send Code',
        description: err instanceof Error ? err.message : undefined,
      });
    }
  };

  return (
    <Form form={form} onSubmit={submit} idPrefix="verify">
      <p className="text-sm text-muted-foreground">
        We sent a {CODE_LENGTH}-character code to <span className="font-medium text-foreground">{email}</span>
        . It is valid for 15 minutes.
      </p>
      <TextField
        name="verificationCode"
        label="Verification code"
        maxLength={CODE_LENGTH}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        inputClassName="h-11 text-center font-mono text-lg uppercase tracking-[0.4em]"
      />
      <Button type="submit" className="w-full" disabled={verify.isPending}>
        {verify.isPending ? 'Verifying...' : 'Verify Email'}
      </Button>
      <div className="flex items-center justify-between gap-2 text-sm">
        <Button type="button" variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft aria-hidden /> Back to form
        </Button>
        <Button type="button" variant="link" size="sm" onClick={again} disabled={resend.isPending}>
          {resend.isPending ? 'Sending...' : 'Resend code'}
        </Button>
      </div>
    </Form>
  );
}
