import type { TwoFactorCodeRequest, User } from '@contract/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
// Straight from the modules, not the index: see components/form/index.ts.
import { TextField } from '@/components/form/field';
import { Form, FormMessage } from '@/components/form/form';
import { applyServerErrors } from '@/components/form/server-errors';
import { useZodForm } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui/button';
import { useSignInSecondFactor } from './api';

const loadCodeSchema = () => import('@contract/auth').then((m) => m.twoFactorCodeRequest);

/**
 * The second step of a sign-in with two-factor (docs/product/accounts.md#two-factor): a code from
 * the authenticator app or a recovery code. The half-finished sign-in lives in an HttpOnly cookie.
 */
export function TwoFactorStep({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: (user: User) => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation('auth');
  const verify = useSignInSecondFactor();
  const form = useZodForm(loadCodeSchema, { defaultValues: { code: '' } });
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);

  const submit = async (values: TwoFactorCodeRequest) => {
    setError(null);
    try {
      onSignedIn(await verify.mutateAsync({ body: values }));
    } catch (err) {
      // 401: the waiting sign-in expired or ran out of tries: the password is needed again.
      if ((err as { status?: number }).status === 401) setExpired(true);
      if (!applyServerErrors(form, err))
        setError(err instanceof Error && err.message ? err.message : t('twoFactor.failed'));
    }
  };

  return (
    <Form form={form} onSubmit={submit} idPrefix="two-factor">
      <TextField
        name="code"
        label={t('twoFactor.code')}
        autoComplete="one-time-code"
        inputMode="text"
        hint={t('twoFactor.hint')}
        required
      />
      <FormMessage testId="two-factor-error">{error}</FormMessage>
      {expired ? (
        <Button type="button" className="w-full" onClick={onRestart}>
          {t('twoFactor.again')}
        </Button>
      ) : (
        <Button type="submit" className="w-full" disabled={verify.isPending}>
          {verify.isPending ? t('verifying') : t('twoFactor.submit')}
        </Button>
      )}
      <Button type="button" variant="ghost" className="w-full" onClick={onRestart}>
        {t('twoFactor.back')}
      </Button>
    </Form>
  );
}
