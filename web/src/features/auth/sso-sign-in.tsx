import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useSignInOptions } from './api';

// The callback's outcomes (contract/sso.ts SSO_OUTCOMES), repeated here so the sign-in page does not load the contract.
const OUTCOMES = ['pending', 'rejected', 'suspended', 'unverified', 'expired', 'failed', 'unavailable'];

/**
 * "Sign in with {provider}" above the password form (docs/product/accounts.md#single-sign-on), the
 * form only while password sign-in is allowed, and why a single sign-on came back without a session.
 */
export function SsoSignIn({ outcome, children }: { outcome: string | null; children: ReactNode }) {
  const { t } = useTranslation('auth');
  const options = useSignInOptions().data;
  const message = outcome && OUTCOMES.includes(outcome) ? t(`sso.outcome.${outcome}`) : undefined;
  return (
    <div className="flex flex-col gap-4">
      {message ? (
        <p role="alert" className="rounded-md border border-border bg-muted p-3 text-sm text-foreground">
          {message}
        </p>
      ) : null}
      {options?.sso ? (
        <>
          <Button asChild className="w-full" variant={options.passwordSignIn ? 'outline' : 'default'}>
            <a href="/api/auth/oidc/start">{t('sso.signInWith', { provider: options.sso.providerName })}</a>
          </Button>
          {options.passwordSignIn ? (
            <p className="text-center text-xs uppercase text-muted-foreground">{t('sso.orPassword')}</p>
          ) : null}
        </>
      ) : null}
      {options && !options.passwordSignIn ? null : children}
    </div>
  );
}
