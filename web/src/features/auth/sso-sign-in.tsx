import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useSignInOptions } from './api';

// The callback's outcomes (contract/sso.ts SSO_OUTCOMES), repeated here so the sign-in page does not load the contract.
const OUTCOMES: Record<string, string> = {
  pending: 'Your account is pending admin approval.',
  rejected: 'Your registration has been rejected.',
  suspended: 'Your account has been suspended. Please contact an administrator.',
  unverified: 'Your identity provider has not verified this e-mail address, so it cannot be used to sign in.',
  expired: 'Your single sign-on has expired. Please try again.',
  failed: 'Single sign-on did not complete. Please try again.',
  unavailable: 'The identity provider cannot be reached. Please try again later.',
};

/**
 * "Sign in with {provider}" above the password form (docs/product/accounts.md#single-sign-on), the
 * form only while password sign-in is allowed, and why a single sign-on came back without a session.
 */
export function SsoSignIn({ outcome, children }: { outcome: string | null; children: ReactNode }) {
  const options = useSignInOptions().data;
  const message = outcome ? OUTCOMES[outcome] : undefined;
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
            <a href="/api/auth/oidc/start">Sign in with {options.sso.providerName}</a>
          </Button>
          {options.passwordSignIn ? (
            <p className="text-center text-xs uppercase text-muted-foreground">or with your password</p>
          ) : null}
        </>
      ) : null}
      {options && !options.passwordSignIn ? null : children}
    </div>
  );
}
