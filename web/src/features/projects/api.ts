import { dashboardApi } from '@contract/dashboard';
import { projectsApi } from '@contract/projects';
import { tasksApi } from '@contract/tasks';
import { usersApi } from '@contract/users';
import { useApiMutation, useApiQuery } from '@/lib/api';

// Project names and statuses also show on task cards and in the dashboard's active-project count.
// The project list's path covers every project page (GET /api/projects/{id}) too.
const afterProjectChange = [projectsApi.list, tasksApi.list, tasksApi.listMine, dashboardApi.stats];

export const useProjects = () => useApiQuery(projectsApi.list, {});
export const useProject = (id: string) => useApiQuery(projectsApi.get, { params: { id } });
export const useCreateProject = () => useApiMutation(projectsApi.create, { refreshes: afterProjectChange });
export const useUpdateProject = () => useApiMutation(projectsApi.update, { refreshes: afterProjectChange });
export const useAddProjectMember = () =>
  useApiMutation(projectsApi.addMember, { refreshes: [projectsApi.list] });
export const useRemoveProjectMember = () =>
  useApiMutation(projectsApi.removeMember, { refreshes: [projectsApi.list] });
export const usePeople = (enabled: boolean) => useApiQuery(usersApi.assignable, {}, { enabled });
