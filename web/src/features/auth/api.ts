import type {
  LoginRequest,
  User,
  VerificationCodeRecord,
  VerifyEmailRequest,
  VerifyEmailResponse,
} from '@contract/auth';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

export type RegisterPayload = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  role: 'employee' | 'manager';
  inviteCode: string | null;
};

export const useLogin = () =>
  useMutation({ mutationFn: (body: LoginRequest) => apiRequest<User>('POST', '/api/simple-login', body) });

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      apiRequest<User>('POST', '/api/change-password', body),
  });

export const useRegister = () =>
  useMutation({
    mutationFn: (body: RegisterPayload) => apiRequest('POST', '/api/register-with-verification', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/verification-codes'] }),
  });

export const useVerifyEmail = () =>
  useMutation({
    mutationFn: (body: VerifyEmailRequest) =>
      apiRequest<VerifyEmailResponse>('POST', '/api/verify-email', body),
  });

export const useResendVerification = () =>
  useMutation({
    mutationFn: (email: string) => apiRequest('POST', '/api/resend-verification', { email }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/verification-codes'] }),
  });

/** The testing page's list; the search goes to the server so older codes can be found too. */
export function useVerificationCodes(search: string) {
  const query = search.trim() ? `?search=${encodeURIComponent(search.trim())}` : '';
  return useQuery<VerificationCodeRecord[]>({
    queryKey: [`/api/verification-codes${query}`],
    placeholderData: keepPreviousData,
  });
}
