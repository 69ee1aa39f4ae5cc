import { dashboardApi } from '@contract/dashboard';
import { schedulesApi } from '@contract/schedules';
import { teamsApi } from '@contract/teams';
import { usersApi } from '@contract/users';
import { useApiMutation, useApiQuery } from '@/lib/api';

/**
 * Who manages whom moves with a team's people, so the schedules a manager may read move too; and a
 * team's default schedule is its people's expected hours.
 */
const afterTeamChange = [teamsApi.list, schedulesApi.get, dashboardApi.stats];

export const useTeams = () => useApiQuery(teamsApi.list, { query: { limit: 500 } });
export const usePeople = (enabled: boolean) =>
  useApiQuery(usersApi.assignable, { query: { limit: 1000 } }, { enabled });
export const useCreateTeam = () => useApiMutation(teamsApi.create, { refreshes: afterTeamChange });
export const useUpdateTeam = () => useApiMutation(teamsApi.update, { refreshes: afterTeamChange });
export const useDeleteTeam = () => useApiMutation(teamsApi.remove, { refreshes: afterTeamChange });

export const useSchedule = (userId: string | undefined) =>
  useApiQuery(schedulesApi.get, userId ? { params: { id: userId } } : null);
// The dashboard's and attendance's expected hours come from the schedule.
const afterScheduleChange = [schedulesApi.get, teamsApi.list, dashboardApi.stats];
export const usePutSchedule = () => useApiMutation(schedulesApi.put, { refreshes: afterScheduleChange });
export const useResetSchedule = () => useApiMutation(schedulesApi.reset, { refreshes: afterScheduleChange });
