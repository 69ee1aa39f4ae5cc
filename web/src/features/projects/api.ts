import { dashboardApi } from '@contract/dashboard';
import { projectsApi } from '@contract/projects';
import { tasksApi } from '@contract/tasks';
import { useApiMutation, useApiQuery } from '@/lib/api';

// Project names and statuses also show on task cards and in the dashboard's active-project count.
const afterProjectChange = [projectsApi.list, tasksApi.list, tasksApi.listMine, dashboardApi.stats];

export const useProjects = () => useApiQuery(projectsApi.list, {});
export const useCreateProject = () => useApiMutation(projectsApi.create, { refreshes: afterProjectChange });
export const useUpdateProjectStatus = () =>
  useApiMutation(projectsApi.setStatus, { refreshes: afterProjectChange });
