import type { LoginRequest, SignInResponse } from '@contract/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Trans } from '@/components/trans';
import { Link, useNavigate } from 'react-router';
// Straight from the modules, not the index: see components/form/index.ts.
import { TextField } from '@/components/form/field';
import { Form, FormMessage } from '@/components/form/form';
import { useZodForm } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui/button';
import { useLogin, useResendVerification } from './api';

/**
 * The server's refusal of a right password whose address is not verified yet (session.service.ts):
 * its English message, or its code once the errors carry one.
 */
const NOT_VERIFIED = 'Please verify your email address before signing in.';
const notVerified = (err: unknown) =>
  err instanceof Error &&
  (err.message === NOT_VERIFIED ||
    /verif/i.test(String((err as { body?: { code?: unknown } }).body?.code ?? '')));

/**
 * The contract's schema is fetched on the first submit: the sign-in page is the first thing most
 * people load, so zod does not ship with it.
 */
const loadLoginSchema = () => import('@contract/auth').then((m) => m.loginRequest);

/** Sign-in (docs/product/accounts.md#sign-in): the server's message, else 'Login failed'. */
/** `onSignedIn` gets the user, or `{twoFactorRequired}` when the account asks for a second factor. */
export function LoginForm({ onSignedIn }: { onSignedIn: (result: SignInResponse) => void }) {
  const { t } = useTranslation('auth');
  const login = useLogin();
  const [unverified, setUnverified] = useState(false);
  const resend = useResendVerification();
  const navigate = useNavigate();
  const form = useZodForm(loadLoginSchema, { defaultValues: { email: '', password: '' } });
  const [error, setError] = useState<string | null>(null);
  const busy = form.formState.isSubmitting || login.isPending;
  const email = () => form.getValues('email').trim().toLowerCase();

  // Someone who left registration before entering the code picks it up here (a new code is sent).
  const verifyNow = async () => {
    try {
      await resend.mutateAsync({ body: { email: email() } });
      navigate(`/register?verify=${encodeURIComponent(email())}`);
    } catch (err) {
      setError(err instanceof Error ? err.message : t('login.resendFailed'));
    }
  };

  const submit = async (values: LoginRequest) => {
    setError(null);
    setUnverified(false);
    try {
      onSignedIn(await login.mutateAsync({ body: values }));
    } catch (err) {
      setUnverified(notVerified(err));
      setError(err instanceof Error && err.message ? err.message : t('login.failed'));
    }
  };

  return (
    <Form form={form} onSubmit={submit} idPrefix="login">
      <TextField name="email" label={t('common:fields.email')} type="email" autoComplete="email" required />
      <TextField
        name="password"
        label={t('common:fields.password')}
        type="password"
        autoComplete="current-password"
        required
      />
      <div className="-mt-2 text-right">
        <Link
          to="/forgot-password"
          onClick={(e) => {
            // The address typed so far goes along, so it need not be typed again.
            if (email()) {
              e.preventDefault();
              navigate(`/forgot-password?email=${encodeURIComponent(email())}`);
            }
          }}
          className="text-sm font-medium text-primary hover:underline"
        >
          {t('login.forgot')}
        </Link>
      </div>
      <FormMessage testId="login-error">{error}</FormMessage>
      {error && unverified && (
        <Button
          type="button"
          variant="outline"
          className="w-full"
          onClick={verifyNow}
          disabled={resend.isPending}
        >
          {resend.isPending ? t('sending') : t('login.newCode')}
        </Button>
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        {login.isPending ? t('login.signingIn') : t('login.submit')}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        <Trans
          t={t}
          i18nKey="login.noAccount"
          components={{ a: <Link to="/register" className="font-medium text-primary hover:underline" /> }}
        />
      </p>
    </Form>
  );
}
