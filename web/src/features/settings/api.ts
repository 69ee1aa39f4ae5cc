import { alertsApi } from '@contract/alerts';
import { attendanceApi } from '@contract/attendance';
import { settingsApi } from '@contract/settings';
import { apiKey, useApiMutation, useApiQuery } from '@/lib/api';
import { queryClient } from '@/lib/query-client';

export const useSettings = () => useApiQuery(settingsApi.get, {});

/** Saving changes how records are judged, so every attendance read and alert is refreshed. */
export const useSaveSettings = () =>
  useApiMutation(settingsApi.save, {
    onSuccess: (saved) => queryClient.setQueryData(apiKey(settingsApi.get, {}), saved),
    refreshes: [attendanceApi.list, alertsApi.mine, alertsApi.everyone],
  });
