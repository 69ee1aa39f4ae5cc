import type { CreateProjectRequest, Project, ProjectStatus } from '@contract/projects';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

export const PROJECTS_KEY = ['/api/projects'] as const;

function refreshProjects() {
  // Project names and statuses also show on task cards and the dashboard's active-project count.
  // Awaited, so the toast appears once the grid already shows the change.
  const keys = ['/api/projects', '/api/tasks', '/api/my-tasks', '/api/dashboard/stats'];
  return Promise.all(keys.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
}

export const useProjects = () => useQuery<Project[]>({ queryKey: PROJECTS_KEY });

export const useCreateProject = () =>
  useMutation({
    mutationFn: (body: CreateProjectRequest) => apiRequest<Project>('POST', '/api/projects', body),
    onSuccess: refreshProjects,
  });

export const useUpdateProjectStatus = () =>
  useMutation({
    mutationFn: ({ id, status }: { id: string; status: ProjectStatus }) =>
      apiRequest<Project>('PATCH', `/api/projects/${id}`, { status }),
    onSuccess: refreshProjects,
  });
