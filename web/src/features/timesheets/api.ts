import { dashboardApi } from '@contract/dashboard';
import { timesheetsApi } from '@contract/timesheets';
import { useApiMutation, useApiQuery } from '@/lib/api';

// A decision changes the approved weeks' balance too.
const afterDecision = [
  timesheetsApi.get,
  timesheetsApi.review,
  timesheetsApi.teamOvertime,
  dashboardApi.stats,
];

export const useTimesheet = (week: string, userId?: string) =>
  useApiQuery(timesheetsApi.get, { query: { week, userId } });
export const useReviewQueue = (enabled: boolean) =>
  useApiQuery(timesheetsApi.review, { query: { limit: 50 } }, { enabled });
export const useTeamOvertime = () => useApiQuery(timesheetsApi.teamOvertime, { query: {} });
export const useSubmitWeek = () => useApiMutation(timesheetsApi.submit, { refreshes: afterDecision });
export const useWithdrawWeek = () => useApiMutation(timesheetsApi.withdraw, { refreshes: afterDecision });
export const useApproveWeek = () => useApiMutation(timesheetsApi.approve, { refreshes: afterDecision });
export const useRejectWeek = () => useApiMutation(timesheetsApi.reject, { refreshes: afterDecision });
export const useReopenWeek = () => useApiMutation(timesheetsApi.reopen, { refreshes: afterDecision });
