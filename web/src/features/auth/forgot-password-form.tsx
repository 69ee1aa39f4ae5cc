import { type PasswordResetRequest, passwordResetRequest } from '@contract/auth';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Trans } from '@/components/trans';
import { Link } from 'react-router';
import { applyServerErrors, Form, FormMessage, TextField, useZodForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { useRequestPasswordReset } from './api';

/**
 * Forgot password (docs/product/accounts.md#forgot-password): the same answer for every address, so
 * the page never tells whether someone has an account.
 */
export function ForgotPasswordForm({ email = '' }: { email?: string }) {
  const { t } = useTranslation('auth');
  const send = useRequestPasswordReset();
  const form = useZodForm(passwordResetRequest, { defaultValues: { email } });
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: PasswordResetRequest) => {
    setError(null);
    try {
      setSent((await send.mutateAsync({ body: values })).message);
    } catch (err) {
      if (!applyServerErrors(form, err)) setError(err instanceof Error ? err.message : t('forgot.failed'));
    }
  };

  if (sent) {
    return (
      <div className="flex flex-col gap-4" role="status">
        <div className="flex items-start gap-3 rounded-lg border border-success-border bg-success-soft p-4">
          <MailCheck className="mt-0.5 size-5 shrink-0 text-success-foreground" aria-hidden />
          <p className="text-sm text-foreground">{sent}</p>
        </div>
        <p className="text-sm text-muted-foreground">
          <Trans
            t={t}
            i18nKey="forgot.noMail"
            components={{
              retry: (
                <button
                  type="button"
                  className="font-medium text-primary hover:underline"
                  onClick={() => setSent(null)}
                />
              ),
            }}
          />
        </p>
        <Button asChild variant="outline">
          <Link to="/login">{t('forgot.backToSignIn')}</Link>
        </Button>
      </div>
    );
  }
  return (
    <Form form={form} onSubmit={submit} idPrefix="forgot">
      <TextField name="email" label={t('common:fields.email')} type="email" autoComplete="email" />
      <FormMessage>{error}</FormMessage>
      <Button type="submit" className="w-full" disabled={send.isPending}>
        {send.isPending ? t('sending') : t('forgot.submit')}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        <Trans
          t={t}
          i18nKey="forgot.remembered"
          components={{ a: <Link to="/login" className="font-medium text-primary hover:underline" /> }}
        />
      </p>
    </Form>
  );
}
