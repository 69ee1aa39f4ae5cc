import { useApiMutation } from '@/lib/api';
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
