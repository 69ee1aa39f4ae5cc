import { dashboardApi } from '@contract/dashboard';
import { timesheetsApi } from '@contract/timesheets';
import { tasksApi } from '@contract/tasks';
import { timeOffApi } from '@contract/time-off';
import { useApiQuery } from '@/lib/api';

export const RECENT_TASKS = 3;

export const useDashboardStats = () => useApiQuery(dashboardApi.stats, {});

/** The newest few of My Tasks. */
export const useRecentTasks = () => useApiQuery(tasksApi.listMine, { query: { limit: RECENT_TASKS } });

/** This week's sheet of the caller: its overtime balance shows under Today's Progress. */
export const useOwnWeek = (week: string) => useApiQuery(timesheetsApi.get, { query: { week } });

/** Who of the caller's teams is out today (docs/product/dashboard.md#out-today). */
export const useOutToday = () => useApiQuery(timeOffApi.outToday, {});
