import { type PasswordResetForm, passwordResetForm } from '@contract/auth';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { applyServerErrors, Form, FormMessage, NewPasswordFields, useZodForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { useConfirmPasswordReset } from './api';

/**
 * The page an e-mailed reset link opens: a new password, twice. Using the link ends every session
 * and revokes the account's API tokens (docs/product/accounts.md#forgot-password).
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const confirm = useConfirmPasswordReset();
  const form = useZodForm(passwordResetForm, { defaultValues: { token, password: '', confirmPassword: '' } });
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async ({ password }: PasswordResetForm) => {
    setError(null);
    try {
      setDone((await confirm.mutateAsync({ body: { token, password } })).message);
    } catch (err) {
      // A used or expired link is a message about the token, which has no field on this form.
      if (!applyServerErrors(form, err) || form.getFieldState('token').error)
        setError(err instanceof Error ? err.message : t('reset.failed'));
    }
  };

  if (done) {
    return (
      <div className="flex flex-col gap-4" role="status">
        <div className="flex items-start gap-3 rounded-lg border border-success-border bg-success-soft p-4">
          <CircleCheck className="mt-0.5 size-5 shrink-0 text-success-foreground" aria-hidden />
          <p className="text-sm text-foreground">{done}</p>
        </div>
        <Button asChild>
          <Link to="/login">{t('reset.signIn')}</Link>
        </Button>
      </div>
    );
  }
  return (
    <Form form={form} onSubmit={submit} idPrefix="reset">
      <NewPasswordFields name="password" />
      <FormMessage>
        {error && (
          <>
            {error}{' '}
            <Link to="/forgot-password" className="font-medium underline">
              {t('reset.askAgain')}
            </Link>
          </>
        )}
      </FormMessage>
      <p className="text-xs text-muted-foreground">{t('reset.note')}</p>
      <Button type="submit" className="w-full" disabled={confirm.isPending}>
        {confirm.isPending ? t('changePassword.saving') : t('reset.submit')}
      </Button>
    </Form>
  );
}
