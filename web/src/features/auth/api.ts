import type { SignInOptions } from '@contract/sso';
import { rememberOrganisationLanguage } from '@/lib/i18n';
import { useQuery } from '@tanstack/react-query';
import { useApiMutation } from '@/lib/api';
import { request } from '@/lib/api-client';
import { accounts } from '@/lib/auth';

export const useLogin = () => useApiMutation(accounts('signIn'));
export const useSignInSecondFactor = () => useApiMutation(accounts('signInSecondFactor'));
export const useChangePassword = () => useApiMutation(accounts('changePassword'));
// A new code shows on the verification-codes testing page.
export const useRegister = () =>
  useApiMutation(accounts('register'), { refreshes: [accounts('verificationCodes')] });
export const useVerifyEmail = () => useApiMutation(accounts('verifyEmail'));
export const useResendVerification = () =>
  useApiMutation(accounts('resendVerification'), { refreshes: [accounts('verificationCodes')] });
export const useRequestPasswordReset = () => useApiMutation(accounts('requestPasswordReset'));
export const useConfirmPasswordReset = () => useApiMutation(accounts('confirmPasswordReset'));

/**
 * Whether the sign-in page offers "Sign in with {provider}" and the password form. Asked on the first
 * paint of /login, so it goes through the one request function by its path rather than through the
 * contract's description: loading `@contract/sso` would bring zod into the sign-in page's budget
 * (e2e/cold-load.spec.ts). The path is the contract's `ssoApi.signInOptions.path`; the type is its.
 */
export const useSignInOptions = () =>
  useQuery({
    queryKey: ['/api', 'auth', 'sign-in-options'],
    queryFn: async ({ signal }) => {
      const options = (await request('GET', '/api/auth/sign-in-options', {
        signal,
        cachedRead: true,
      })) as SignInOptions;
      // The language of visitors whose browser asks for none of ours (lib/i18n.ts).
      rememberOrganisationLanguage(options.defaultLanguage);
      return options;
    },
    staleTime: 60_000,
  });
