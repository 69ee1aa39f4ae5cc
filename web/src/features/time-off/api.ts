import { dashboardApi } from '@contract/dashboard';
import { reportsApi } from '@contract/reports';
import { teamsApi } from '@contract/teams';
import { timeOffApi } from '@contract/time-off';
import { timesheetsApi } from '@contract/timesheets';
import { apiKey, useApiMutation, useApiQuery } from '@/lib/api';
import { queryClient } from '@/lib/query-client';

/**
 * Hooks over the time-off endpoints (docs/product/time-off.md). Leave feeds expected time
 * (decision 033), so a change of it also refreshes the timesheet, the dashboard and the reports.
 */
const afterLeave = [
  timeOffApi.requests,
  timeOffApi.balances,
  timeOffApi.calendar,
  timeOffApi.outToday,
  timesheetsApi.get,
  timesheetsApi.teamOvertime,
  dashboardApi.stats,
  reportsApi.overtime,
  reportsApi.absences,
];
const afterHolidays = [timeOffApi.holidays, timeOffApi.calendar, ...afterLeave];

export const useLeaveTypes = (archived = false) =>
  useApiQuery(timeOffApi.types, { query: archived ? { archived: 'true' } : {} });
export const useBalances = (query: { year: number; userId?: string; teamId?: string }, enabled = true) =>
  useApiQuery(timeOffApi.balances, enabled ? { query } : null);
export const useRequests = (query: { userId?: string; decidable?: 'true' }, enabled = true) =>
  useApiQuery(timeOffApi.requests, enabled ? { query: { ...query, limit: 200 } } : null);
export const useCalendar = (query: { from: string; to: string; teamId?: string }) =>
  useApiQuery(timeOffApi.calendar, { query }, { placeholderData: (previous) => previous });
/** Teams the caller may pick: their own; every team for an admin. */
export const useTeams = () => useApiQuery(teamsApi.list, { query: { limit: 500 } });

export const useRequestLeave = () => useApiMutation(timeOffApi.request, { refreshes: afterLeave });
export const useApproveLeave = () => useApiMutation(timeOffApi.approve, { refreshes: afterLeave });
export const useRejectLeave = () => useApiMutation(timeOffApi.reject, { refreshes: afterLeave });
export const useCancelLeave = () => useApiMutation(timeOffApi.cancel, { refreshes: afterLeave });
export const useAdjustAllowance = () =>
  useApiMutation(timeOffApi.adjust, { refreshes: [timeOffApi.balances] });
export const useSetEntitlement = () =>
  useApiMutation(timeOffApi.setEntitlement, { refreshes: [timeOffApi.balances] });

export const useFeeds = () => useApiQuery(timeOffApi.feeds, {});
export const useCreateFeed = () => useApiMutation(timeOffApi.createFeed, { refreshes: [timeOffApi.feeds] });
export const useRevokeFeed = () => useApiMutation(timeOffApi.revokeFeed, { refreshes: [timeOffApi.feeds] });

// Settings (admins).
const afterType = [timeOffApi.types, timeOffApi.requests, timeOffApi.calendar];
export const useCreateType = () => useApiMutation(timeOffApi.createType, { refreshes: afterType });
export const useUpdateType = () => useApiMutation(timeOffApi.updateType, { refreshes: afterType });
export const useDeleteType = () => useApiMutation(timeOffApi.deleteType, { refreshes: afterType });
export const usePolicy = () => useApiQuery(timeOffApi.policy, {});
export const useSavePolicy = () =>
  useApiMutation(timeOffApi.savePolicy, {
    onSuccess: (saved) => queryClient.setQueryData(apiKey(timeOffApi.policy, {}), saved),
    refreshes: [timeOffApi.balances],
  });
/** The saved region, and the regions of `country` when one is being picked before saving. */
export const useRegion = (country?: string) =>
  useApiQuery(
    timeOffApi.region,
    { query: country ? { country } : {} },
    {
      placeholderData: (previous) => previous,
    },
  );
export const useSaveRegion = () =>
  useApiMutation(timeOffApi.saveRegion, { refreshes: [timeOffApi.region, ...afterHolidays] });
export const useHolidays = (year: number) => useApiQuery(timeOffApi.holidays, { query: { year } });
export const useAddHoliday = () => useApiMutation(timeOffApi.addHoliday, { refreshes: afterHolidays });
export const useRemoveHoliday = () => useApiMutation(timeOffApi.removeHoliday, { refreshes: afterHolidays });
