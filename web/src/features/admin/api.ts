import { type AuditAction, adminApi } from '@contract/admin';
import { settingsApi } from '@contract/settings';
import { useEffect, useRef } from 'react';
import { refresh, useApiMutation, useApiPages, useApiQuery } from '@/lib/api';

/** Any change to an account moves the lists and the counts. */
const afterAccountChange = [adminApi.pendingUsers, adminApi.allUsers, adminApi.stats];

export const usePendingUsers = () => useApiQuery(adminApi.pendingUsers, {});
export const USERS_PAGE_SIZE = 100;

/** Every account, newest first, searched on the server, a page at a time. */
export function useAllUsers(search = '') {
  const pages = useApiPages(
    adminApi.allUsers,
    { query: { search: search.trim() || undefined } },
    {
      pageSize: USERS_PAGE_SIZE,
      next: (last) => (last.length === USERS_PAGE_SIZE ? last.at(-1)?.id : undefined),
      keepPrevious: true,
    },
  );
  return { ...pages, users: pages.data?.pages.flat() };
}
export const useAdminStats = () => useApiQuery(adminApi.stats, {});

/**
 * The stats count everyone's attendance alerts, which move when System Settings are saved: the stat
 * cards call this to reload them then (the settings query's data changes on every save).
 */
export function useStatsFollowSettings() {
  const savedAt = useApiQuery(settingsApi.get, {}).dataUpdatedAt;
  const seen = useRef(savedAt);
  useEffect(() => {
    if (seen.current && savedAt !== seen.current) void refresh(adminApi.stats);
    seen.current = savedAt;
  }, [savedAt]);
}

export const useInvitations = (enabled = true) => useApiQuery(adminApi.invitations, {}, { enabled });

export const useApproveUser = () => useApiMutation(adminApi.approveUser, { refreshes: afterAccountChange });
export const useRejectUser = () => useApiMutation(adminApi.rejectUser, { refreshes: afterAccountChange });
export const useSuspendUser = () => useApiMutation(adminApi.suspendUser, { refreshes: afterAccountChange });
export const useActivateUser = () => useApiMutation(adminApi.activateUser, { refreshes: afterAccountChange });
export const useResetPassword = () =>
  useApiMutation(adminApi.resetPassword, { refreshes: afterAccountChange });
export const useResetTwoFactor = () =>
  useApiMutation(adminApi.resetTwoFactor, { refreshes: afterAccountChange });
export const useAnonymiseUser = () =>
  useApiMutation(adminApi.anonymiseUser, { refreshes: [...afterAccountChange, adminApi.audit] });
export const useCreateInvitation = () =>
  useApiMutation(adminApi.invite, { refreshes: [adminApi.invitations] });
export const useRevokeInvitation = () =>
  useApiMutation(adminApi.revokeInvitation, { refreshes: [adminApi.invitations] });
export const useChangeRole = () =>
  useApiMutation(adminApi.changeRole, { refreshes: [...afterAccountChange, adminApi.audit] });
export const useResendVerificationFor = () => useApiMutation(adminApi.resendVerification);
export const useMarkEmailVerified = () =>
  useApiMutation(adminApi.markEmailVerified, { refreshes: afterAccountChange });

export const AUDIT_PAGE_SIZE = 50;
export type AuditFilters = {
  actorId?: string;
  targetId?: string;
  action?: AuditAction;
  from?: string;
  to?: string;
};

/** The audit log, newest first, filtered on the server, a page at a time (docs/product/admin.md#audit-log). */
export function useAuditLog(filters: AuditFilters) {
  const pages = useApiPages(
    adminApi.audit,
    { query: filters },
    {
      pageSize: AUDIT_PAGE_SIZE,
      next: (last) => (last.length === AUDIT_PAGE_SIZE ? last.at(-1)?.id : undefined),
      keepPrevious: true,
    },
  );
  return { ...pages, entries: pages.data?.pages.flat() };
}

/** Everyone, for the audit filters' actor and target lists (suspended and rejected accounts too). */
export const useEveryone = () => useApiQuery(adminApi.allUsers, { query: { limit: 500 } });
