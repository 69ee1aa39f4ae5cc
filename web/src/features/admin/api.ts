import type { AdminStats, AdminUser, Invitation, InvitationRequest, PendingUser } from '@contract/admin';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

export const keys = {
  pending: ['/api/admin/pending-users'],
  allUsers: ['/api/admin/all-users'],
  stats: ['/api/admin/stats'],
  invitations: ['/api/admin/invitations'],
  settings: ['/api/settings'],
} as const;

/** Any change to an account moves the lists and the counts. */
const refreshAccounts = () =>
  Promise.all(
    [keys.pending, keys.allUsers, keys.stats].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );

export const usePendingUsers = () => useQuery<PendingUser[]>({ queryKey: keys.pending });
export const useAllUsers = () => useQuery<AdminUser[]>({ queryKey: keys.allUsers });
export const useAdminStats = () => useQuery<AdminStats>({ queryKey: keys.stats });

/**
 * The stats count everyone's attendance alerts, which move when System Settings are saved: the stat
 * cards call this to reload them then (the settings query's data changes on every save).
 */
export function useStatsFollowSettings() {
  const savedAt = useQuery({ queryKey: keys.settings }).dataUpdatedAt;
  const seen = useRef(savedAt);
  useEffect(() => {
    if (seen.current && savedAt !== seen.current) {
      void queryClient.invalidateQueries({ queryKey: keys.stats });
    }
    seen.current = savedAt;
  }, [savedAt]);
}
export const useInvitations = (enabled = true) =>
  useQuery<Invitation[]>({ queryKey: keys.invitations, enabled });

export const useApproveUser = () =>
  useMutation({
    mutationFn: (id: string) => apiRequest('POST', `/api/admin/approve-user/${id}`, { approved: true }),
    onSuccess: refreshAccounts,
  });

export const useRejectUser = () =>
  useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
      apiRequest('POST', `/api/admin/reject-user/${id}`, reason ? { reason } : {}),
    onSuccess: refreshAccounts,
  });

export const useSuspendUser = () =>
  useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiRequest<AdminUser>('POST', `/api/admin/suspend-user/${id}`, { suspended: true, reason }),
    onSuccess: refreshAccounts,
  });

export const useActivateUser = () =>
  useMutation({
    mutationFn: (id: string) => apiRequest<AdminUser>('POST', `/api/admin/activate-user/${id}`),
    onSuccess: refreshAccounts,
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ temporaryPassword: string }>('POST', `/api/admin/reset-password/${id}`),
    onSuccess: refreshAccounts,
  });

export const useCreateInvitation = () =>
  useMutation({
    mutationFn: (body: InvitationRequest) => apiRequest<Invitation>('POST', '/api/admin/invitations', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.invitations }),
  });
