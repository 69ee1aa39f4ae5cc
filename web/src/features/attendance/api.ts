import type { AttendanceAlert } from '@contract/alerts';
import type { AttendanceRecord, TodaySummary } from '@contract/attendance';
import type { Settings } from '@contract/settings';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { ApiError, apiRequest } from '@/lib/api-client';

export const TODAY_KEY = ['/api/attendance/today'] as const;
export const HISTORY_KEY = ['/api/attendance'] as const;
export const MY_ALERTS_KEY = ['/api/alerts/attendance'] as const;
export const ADMIN_ALERTS_KEY = ['/api/admin/alerts'] as const;
const SETTINGS_KEY = ['/api/settings'] as const;
export const HISTORY_PAGE_SIZE = 20;

export type DateRange = { from: string; to: string };

export const useTodaySummary = () => useQuery<TodaySummary>({ queryKey: TODAY_KEY });
export const useMyAlerts = () => useQuery<AttendanceAlert[]>({ queryKey: MY_ALERTS_KEY });
export const useAdminAlerts = () => useQuery<AttendanceAlert[]>({ queryKey: ADMIN_ALERTS_KEY });
/** Read for the organisation's time zone, so times show as the server judges them. */
export const useOrgSettings = () => useQuery<Settings>({ queryKey: SETTINGS_KEY });

function rangeParams(range: DateRange) {
  const params = new URLSearchParams();
  if (range.from) params.set('from', range.from);
  if (range.to) params.set('to', range.to);
  return params;
}

export function exportUrl(range: DateRange) {
  const query = rangeParams(range).toString();
  return `/api/attendance/export${query ? `?${query}` : ''}`;
}

/** History newest first, a page at a time; the next page starts before the last record shown. */
export function useAttendanceHistory(range: DateRange) {
  return useInfiniteQuery({
    queryKey: [...HISTORY_KEY, range],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => {
      const params = rangeParams(range);
      params.set('limit', String(HISTORY_PAGE_SIZE));
      if (pageParam) params.set('before', pageParam);
      return apiRequest<AttendanceRecord[]>('GET', `/api/attendance?${params}`, undefined, signal);
    },
    getNextPageParam: (last) => (last.length === HISTORY_PAGE_SIZE ? last[last.length - 1].id : undefined),
  });
}

function useRefreshAttendance() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [TODAY_KEY, HISTORY_KEY, MY_ALERTS_KEY, ADMIN_ALERTS_KEY].map((queryKey) =>
        client.invalidateQueries({ queryKey }),
      ),
    );
}

/** Spec point 8: a refusal carrying currentRecord adopts it; other errors are only logged. */
export function useClockIn() {
  const refresh = useRefreshAttendance();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<AttendanceRecord>('POST', '/api/attendance/clock-in'),
    onSuccess: () => refresh(),
    onError: (error) => {
      const body =
        error instanceof ApiError ? (error.body as { currentRecord?: AttendanceRecord }) : undefined;
      if (body?.currentRecord) {
        const current = body.currentRecord;
        client.setQueryData<TodaySummary>(TODAY_KEY, (old) => (old ? { ...old, current } : old));
        void refresh();
      } else console.error('Clock in failed', error);
    },
  });
}

const NEEDS_FIX = ['Not clocked in', 'already clocked out'];

/** Spec point 8: a clock-out refused with 'Not clocked in' or 'already clocked out' calls the fix. */
export function useClockOut() {
  const refresh = useRefreshAttendance();
  return useMutation({
    mutationFn: () => apiRequest<AttendanceRecord>('POST', '/api/attendance/clock-out'),
    onSuccess: () => refresh(),
    onError: async (error) => {
      if (!NEEDS_FIX.some((text) => error.message.includes(text))) {
        console.error('Clock out failed', error);
        return;
      }
      try {
        const { message } = await apiRequest<{ message: string }>('POST', '/api/attendance/fix');
        toast({ title: 'Attendance Fixed', description: message });
      } catch (fixError) {
        console.error('Attendance fix failed', fixError);
      }
      await refresh();
    },
  });
}

export function useBreak(action: 'start' | 'end') {
  const refresh = useRefreshAttendance();
  return useMutation({
    mutationFn: () => apiRequest<AttendanceRecord>('POST', `/api/attendance/break/${action}`),
    onSuccess: () => refresh(),
    onError: (error) => {
      console.error(`Break ${action} failed`, error);
      void refresh();
    },
  });
}
