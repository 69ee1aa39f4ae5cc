import type { Project } from '@contract/projects';
import type {
  AddCommentRequest,
  CreateTaskRequest,
  ReviewTaskRequest,
  Task,
  TaskComment,
  TaskFilters,
  TaskStatus,
} from '@contract/tasks';
import type { AssignableUser } from '@contract/users';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

export const PAGE_SIZE = 50;

/** Both lists, the projects' team counts and the dashboard figures move with every task change. */
function refreshAfterTaskChange() {
  // Awaited, so a mutation's toast appears once the screen already shows the change.
  const keys = ['/api/tasks', '/api/my-tasks', '/api/projects', '/api/dashboard/stats'];
  return Promise.all(keys.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
}

function pagedUrl(path: string, params: Record<string, string | undefined>) {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) search.set(k, v);
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

const nextCursor = (last: Task[]) => (last.length === PAGE_SIZE ? last[last.length - 1].id : undefined);

/**
 * My Tasks, newest first, a page at a time. Its key sits under '/api/my-tasks' so invalidating that
 * prefix refreshes it, while a plain `['/api/my-tasks']` read (the dashboard) keeps its own cache shape.
 */
export function useMyTasks() {
  return useInfiniteQuery({
    queryKey: ['/api/my-tasks', 'pages'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<Task[]>(
        'GET',
        pagedUrl('/api/my-tasks', { limit: String(PAGE_SIZE), before: pageParam }),
        undefined,
        signal,
      ),
    getNextPageParam: nextCursor,
  });
}

/** Advanced Tasks: filtered on the server (status, assignee, project, title). */
export function useTaskList(filters: TaskFilters) {
  return useInfiniteQuery({
    queryKey: ['/api/tasks', filters],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<Task[]>(
        'GET',
        pagedUrl('/api/tasks', { ...filters, limit: String(PAGE_SIZE), before: pageParam }),
        undefined,
        signal,
      ),
    getNextPageParam: nextCursor,
  });
}

export const useProjectOptions = () => useQuery<Project[]>({ queryKey: ['/api/projects'] });
export const useAssignableUsers = (enabled = true) =>
  useQuery<AssignableUser[]>({ queryKey: ['/api/users'], enabled });

export const useCreateTask = () =>
  useMutation({
    mutationFn: (body: CreateTaskRequest) => apiRequest<Task>('POST', '/api/tasks', body),
    onSuccess: refreshAfterTaskChange,
  });

export const useChangeTaskStatus = () =>
  useMutation({
    mutationFn: ({ id, status }: { id: string; status: TaskStatus }) =>
      apiRequest<Task>('PATCH', `/api/tasks/${id}`, { status }),
    onSuccess: refreshAfterTaskChange,
  });

export const useTogglePause = () =>
  useMutation({
    mutationFn: (id: string) => apiRequest<Task>('PATCH', `/api/tasks/${id}/pause`),
    onSuccess: refreshAfterTaskChange,
  });

export const useSubmitTask = () =>
  useMutation({
    mutationFn: ({ id, submissionNotes }: { id: string; submissionNotes: string }) =>
      apiRequest<Task>('PATCH', `/api/tasks/${id}/submit`, { submissionNotes }),
    onSuccess: refreshAfterTaskChange,
  });

export const useReviewTask = () =>
  useMutation({
    mutationFn: ({ id, ...body }: ReviewTaskRequest & { id: string }) =>
      apiRequest<Task>('PATCH', `/api/tasks/${id}/review`, body),
    onSuccess: refreshAfterTaskChange,
  });

export const useAddComment = () =>
  useMutation({
    mutationFn: ({ id, ...body }: AddCommentRequest & { id: string }) =>
      apiRequest<TaskComment>('POST', `/api/tasks/${id}/comments`, body),
    onSuccess: refreshAfterTaskChange,
  });
