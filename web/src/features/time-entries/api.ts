import type { ManualEntryInput, TimeEntry, TimeSummary } from '@contract/time-entries';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

export const ENTRIES_PAGE_SIZE = 20;
const ENTRIES_KEY = ['/api/time-entries'] as const;

/** Total Hours, Entries and Today, computed by the server (decisions §10). */
export function useTimeSummary() {
  return useQuery<TimeSummary>({ queryKey: [...ENTRIES_KEY, 'summary'] });
}

/** Newest entries first, a page at a time (`before` = the last entry's id). */
export function useTimeEntries() {
  return useInfiniteQuery({
    queryKey: [...ENTRIES_KEY, 'list'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(ENTRIES_PAGE_SIZE) });
      if (pageParam) params.set('before', pageParam);
      return apiRequest<TimeEntry[]>('GET', `/api/time-entries?${params}`, undefined, signal);
    },
    getNextPageParam: (last) => (last.length === ENTRIES_PAGE_SIZE ? last[last.length - 1].id : undefined),
  });
}

/** An entry change moves the tracker's figures and the dashboard's hours (and a task's time spent). */
function refreshAfterEntryChange() {
  for (const queryKey of [ENTRIES_KEY, ['/api/dashboard/stats'], ['/api/my-tasks']])
    void queryClient.invalidateQueries({ queryKey });
}

export function useCreateEntry() {
  return useMutation({
    mutationFn: (body: ManualEntryInput) => apiRequest<TimeEntry>('POST', '/api/time-entries', body),
    onSuccess: refreshAfterEntryChange,
  });
}

export function useUpdateEntry(id: string) {
  return useMutation({
    mutationFn: (body: Partial<ManualEntryInput>) =>
      apiRequest<TimeEntry>('PATCH', `/api/time-entries/${id}`, body),
    onSuccess: refreshAfterEntryChange,
  });
}

export function useDeleteEntry() {
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>('DELETE', `/api/time-entries/${id}`),
    onSuccess: refreshAfterEntryChange,
  });
}

/** Projects an entry can be booked on (read-only here: only id, name and status are used). */
export type ProjectOption = { id: string; name: string; status: string };

export function useProjectOptions() {
  return useQuery<ProjectOption[]>({ queryKey: ['/api/projects'] });
}
