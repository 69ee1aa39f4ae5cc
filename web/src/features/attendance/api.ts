import { alertsApi } from '@contract/alerts';
import { attendanceApi } from '@contract/attendance';
import { toast } from '@/components/ui/use-toast';
import { apiKey, apiUrl, call, refresh, useApiMutation, useApiPages, useApiQuery } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

export const HISTORY_PAGE_SIZE = 20;

export type DateRange = { from: string; to: string };

export const useTodaySummary = () => useApiQuery(attendanceApi.today, {});
export const useMyAlerts = () => useApiQuery(alertsApi.mine, {});
export const useAdminAlerts = () => useApiQuery(alertsApi.everyone, {});

const rangeQuery = (range: DateRange) => ({ from: range.from || undefined, to: range.to || undefined });

export const exportUrl = (range: DateRange) => apiUrl(attendanceApi.export, { query: rangeQuery(range) });

/** History newest first, a page at a time; the next page starts before the last record shown. */
export const useAttendanceHistory = (range: DateRange) =>
  useApiPages(
    attendanceApi.list,
    { query: rangeQuery(range) },
    {
      pageSize: HISTORY_PAGE_SIZE,
      next: (last) => (last.length === HISTORY_PAGE_SIZE ? last.at(-1)?.id : undefined),
    },
  );

/** Every attendance read and the alerts move with a clock-in, a clock-out or a break. */
const refreshAttendance = () => refresh(attendanceApi.list, alertsApi.mine, alertsApi.everyone);

/** A refusal carrying currentRecord adopts it (another tab clocked in); other errors are only logged. */
export const useClockIn = () =>
  useApiMutation(attendanceApi.clockIn, {
    onSuccess: () => refreshAttendance(),
    onError: (error) => {
      const body = error instanceof ApiError ? (error.body as { currentRecord?: unknown }) : undefined;
      if (!body?.currentRecord) {
        console.error('Clock in failed', error);
        return;
      }
      queryClient.setQueryData(apiKey(attendanceApi.today, {}), (old: object | undefined) =>
        old ? { ...old, current: body.currentRecord } : old,
      );
      void refreshAttendance();
    },
  });

/** The refusals (their codes, locales/en/errors.json) that a record left open explains. */
const NEEDS_FIX = ['not_clocked_in', 'not_clocked_in_today'];

/** A clock-out refused with 'Not clocked in' (today, or at all) calls the fix. */
export const useClockOut = () =>
  useApiMutation(attendanceApi.clockOut, {
    onSuccess: () => refreshAttendance(),
    onError: async (error) => {
      if (!(error instanceof ApiError && error.code && NEEDS_FIX.includes(error.code))) {
        console.error('Clock out failed', error);
        return;
      }
      try {
        const { message } = await call(attendanceApi.fix, {});
        toast({ title: 'Attendance Fixed', description: message });
      } catch (fixError) {
        console.error('Attendance fix failed', fixError);
      }
      await refreshAttendance();
    },
  });

export const useBreak = (action: 'start' | 'end') =>
  useApiMutation(action === 'start' ? attendanceApi.startBreak : attendanceApi.endBreak, {
    onSuccess: () => refreshAttendance(),
    onError: (error) => {
      console.error(`Break ${action} failed`, error);
      void refreshAttendance();
    },
  });
