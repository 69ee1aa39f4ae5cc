import { dashboardApi } from '@contract/dashboard';
import { projectsApi } from '@contract/projects';
import { type TaskFilters, tasksApi } from '@contract/tasks';
import { usersApi } from '@contract/users';
import { useEffect } from 'react';
import { refresh, useApiMutation, useApiPages, useApiQuery } from '@/lib/api';
import { onLiveReconnect, subscribeLive } from '@/lib/socket';

export const PAGE_SIZE = 50;

/** Both lists, the projects' team counts and the dashboard figures move with every task change. */
const afterTaskChange = [tasksApi.list, tasksApi.listMine, projectsApi.list, dashboardApi.stats];
// A project's page counts its tasks (GET /api/projects/{id} sits under the list's path).

const nextCursor = (last: { id: string }[]) => (last.length === PAGE_SIZE ? last.at(-1)?.id : undefined);

/** My Tasks, newest first, a page at a time. */
export const useMyTasks = () => useApiPages(tasksApi.listMine, {}, { pageSize: PAGE_SIZE, next: nextCursor });

/** Advanced Tasks: filtered on the server (status, assignee, project, title). */
export const useTaskList = (filters: TaskFilters, pageSize = PAGE_SIZE) =>
  useApiPages(
    tasksApi.list,
    { query: filters },
    { pageSize, next: (last) => (last.length === pageSize ? last.at(-1)?.id : undefined) },
  );

/**
 * Someone else created, changed or deleted a task this user may see (or the socket came back after
 * missing events): every task list on screen, and the figures built from tasks, are fetched again.
 */
export function useLiveTasks() {
  useEffect(() => {
    const stopLive = subscribeLive((event) => {
      if (event.type === 'tasks.changed') void refresh(...afterTaskChange);
    });
    const stopReconnect = onLiveReconnect(() => void refresh(...afterTaskChange));
    return () => {
      stopLive();
      stopReconnect();
    };
  }, []);
}

export const useAssignableUsers = (enabled = true) => useApiQuery(usersApi.assignable, {}, { enabled });

export const useCreateTask = () => useApiMutation(tasksApi.create, { refreshes: afterTaskChange });
export const useChangeTaskStatus = () => useApiMutation(tasksApi.update, { refreshes: afterTaskChange });
export const useUpdateTask = () => useApiMutation(tasksApi.update, { refreshes: afterTaskChange });
export const useDeleteTask = () => useApiMutation(tasksApi.remove, { refreshes: afterTaskChange });
export const useTogglePause = () => useApiMutation(tasksApi.togglePause, { refreshes: afterTaskChange });
export const useSubmitTask = () => useApiMutation(tasksApi.submit, { refreshes: afterTaskChange });
export const useReviewTask = () => useApiMutation(tasksApi.review, { refreshes: afterTaskChange });
export const useAddComment = () => useApiMutation(tasksApi.addComment, { refreshes: afterTaskChange });
