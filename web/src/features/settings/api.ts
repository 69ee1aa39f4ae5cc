import type { Settings } from '@contract/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const SETTINGS_KEY = ['/api/settings'] as const;

export const useSettings = () => useQuery<Settings>({ queryKey: SETTINGS_KEY });

/** Saving changes how records are judged, so every attendance read is refreshed. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: Settings) => apiRequest<Settings>('PUT', '/api/settings', settings),
    onSuccess: (saved) => {
      client.setQueryData(SETTINGS_KEY, saved);
      for (const key of [
        '/api/attendance',
        '/api/attendance/today',
        '/api/alerts/attendance',
        '/api/admin/alerts',
      ]) {
        void client.invalidateQueries({ queryKey: [key] });
      }
    },
  });
}
