import { authApi, type User } from '@contract/auth';
import { useMutation } from '@tanstack/react-query';
import { profileApi } from '@contract/profile';
import { apiKey, useApiMutation, useApiQuery } from '@/lib/api';
import { request } from '@/lib/api-client';
import { getStoredUser, setStoredUser } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';

export const useProfile = () => useApiQuery(profileApi.get, {});
export const useSessions = () => useApiQuery(profileApi.sessions, {});
export const usePreferences = () => useApiQuery(profileApi.preferences, {});

/**
 * The sidebar's user card reads the stored user: it shows the new name at once. A new zone moves
 * every day and time the screens show (docs/product/time-tracking.md#time-zones): all reads refresh.
 */
export const useUpdateProfile = () =>
  useApiMutation(profileApi.update, {
    onSuccess: (user) => {
      const zoneChanged = getStoredUser()?.timeZone !== user.timeZone;
      setStoredUser(user);
      queryClient.setQueryData(apiKey(profileApi.get, {}), user);
      if (zoneChanged) void queryClient.invalidateQueries();
    },
  });

export const useEndSession = () =>
  useApiMutation(profileApi.endSession, { refreshes: [profileApi.sessions] });

export const useSavePreferences = () =>
  useApiMutation(profileApi.putPreferences, {
    onSuccess: (saved) => queryClient.setQueryData(apiKey(profileApi.preferences, {}), saved),
  });

export const useEmailDelivery = () => useApiQuery(profileApi.emailDelivery, {});
export const useSaveEmailDelivery = () =>
  useApiMutation(profileApi.putEmailDelivery, {
    onSuccess: (saved) => queryClient.setQueryData(apiKey(profileApi.emailDelivery, {}), saved),
  });

/** The other sessions end; this browser continues in a new session (a new cookie). */
export const useChangeOwnPassword = () =>
  useApiMutation(authApi.changePassword, {
    onSuccess: (user) => setStoredUser(user),
    refreshes: [profileApi.sessions],
  });

/** The picture goes as multipart/form-data (field `file`), which the typed JSON calls do not send. */
export const useUploadAvatar = () =>
  useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return (await request('POST', profileApi.avatar.path, { body: form })) as User;
    },
    onSuccess: (user) => {
      setStoredUser(user);
      queryClient.setQueryData(apiKey(profileApi.get, {}), user);
    },
  });

export const useTokens = () => useApiQuery(profileApi.tokens, {});
/** The created token's value lives only in this mutation's result: closing the notice forgets it. */
export const useCreateToken = () =>
  useApiMutation(profileApi.createToken, { refreshes: [profileApi.tokens] });
export const useRevokeToken = () =>
  useApiMutation(profileApi.revokeToken, { refreshes: [profileApi.tokens] });
/** Enrolment (docs/product/profile.md#two-factor): the stored user learns the new state at once. */
const storeTwoFactor = (user: User | null, enabled: boolean) => {
  if (user) setStoredUser({ ...user, twoFactorEnabled: enabled, twoFactorSetupRequired: false });
};
export const useStartTwoFactorSetup = () => useApiMutation(profileApi.twoFactorSetup);
export const useEnableTwoFactor = () =>
  useApiMutation(profileApi.twoFactorEnable, { onSuccess: () => storeTwoFactor(getStoredUser(), true) });
export const useDisableTwoFactor = () =>
  useApiMutation(profileApi.twoFactorDisable, {
    onSuccess: (user) => {
      setStoredUser(user);
      queryClient.setQueryData(apiKey(profileApi.get, {}), user);
    },
  });
