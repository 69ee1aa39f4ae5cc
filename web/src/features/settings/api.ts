import { alertsApi } from '@contract/alerts';
import { attendanceApi } from '@contract/attendance';
import { settingsApi } from '@contract/settings';
import { ssoApi } from '@contract/sso';
import { apiKey, useApiMutation, useApiQuery } from '@/lib/api';
import { queryClient } from '@/lib/query-client';

export const useSettings = () => useApiQuery(settingsApi.get, {});

/** Saving changes how records are judged, so every attendance read and alert is refreshed. */
export const useSaveSettings = () =>
  useApiMutation(settingsApi.save, {
    onSuccess: (saved) => queryClient.setQueryData(apiKey(settingsApi.get, {}), saved),
    refreshes: [attendanceApi.list, alertsApi.mine, alertsApi.everyone],
  });

export const useSsoSettings = () => useApiQuery(ssoApi.getSettings, {});

/** A new provider (or password switch) changes what the sign-in page offers. */
export const useSaveSsoSettings = () =>
  useApiMutation(ssoApi.saveSettings, {
    onSuccess: (saved) => queryClient.setQueryData(apiKey(ssoApi.getSettings, {}), saved),
    refreshes: [ssoApi.signInOptions],
  });
