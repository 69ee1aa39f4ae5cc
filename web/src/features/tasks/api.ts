import { dashboardApi } from '@contract/dashboard';
import { labelsApi } from '@contract/labels';
import { TASK_ACTIVITY_PAGE, taskDetailsApi } from '@contract/task-details';
import { projectsApi } from '@contract/projects';
import { type TaskFilters, tasksApi } from '@contract/tasks';
import { usersApi } from '@contract/users';
import { call, refresh, useApiMutation, useApiPages, useApiQuery } from '@/lib/api';

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

export const useAssignableUsers = (enabled = true) => useApiQuery(usersApi.assignable, {}, { enabled });

export const useCreateTask = () => useApiMutation(tasksApi.create, { refreshes: afterTaskChange });
export const useChangeTaskStatus = () => useApiMutation(tasksApi.update, { refreshes: afterTaskChange });
export const useUpdateTask = () => useApiMutation(tasksApi.update, { refreshes: afterTaskChange });
/** The board's drop: a status move with the card's new place (docs/product/tasks.md#board). */
export const useMoveTask = () => useApiMutation(tasksApi.update, { refreshes: afterTaskChange });
/** One change for many tasks, all or none (docs/product/tasks.md#bulk-edit). */
export const useBulkTasks = () => useApiMutation(tasksApi.bulk, { refreshes: afterTaskChange });
export const useDeleteTask = () => useApiMutation(tasksApi.remove, { refreshes: afterTaskChange });
/** Undo of a deletion (docs/product/tasks.md#trash): a plain call, as the toast outlives the card. */
export async function restoreTask(id: string) {
  await call(tasksApi.restore, { params: { id } });
  await refresh(...afterTaskChange);
}
/**
 * Undo of a bulk deletion: every task of it back (one restore each; a sub-task deleted with its
 * selected parent comes back with the parent, so the caller leaves it out).
 */
export async function restoreTasks(ids: readonly string[]) {
  for (const id of ids) await call(tasksApi.restore, { params: { id } });
  await refresh(...afterTaskChange);
}
export const useTogglePause = () => useApiMutation(tasksApi.togglePause, { refreshes: afterTaskChange });
export const useSubmitTask = () => useApiMutation(tasksApi.submit, { refreshes: afterTaskChange });
export const useReviewTask = () => useApiMutation(tasksApi.review, { refreshes: afterTaskChange });
export const useAddComment = () => useApiMutation(tasksApi.addComment, { refreshes: afterTaskChange });

/** A task's page (docs/product/tasks.md#task-page): the task in full; its history a page at a time. */
export const useTask = (id: string) => useApiQuery(taskDetailsApi.get, { params: { id } }, { retry: false });
export const useTaskActivity = (id: string) =>
  useApiPages(
    taskDetailsApi.activity,
    { params: { id }, query: {} },
    {
      pageSize: TASK_ACTIVITY_PAGE,
      next: (last) => (last.length === TASK_ACTIVITY_PAGE ? last.at(-1)?.id : undefined),
    },
  );
// Every read of a task sits under /api/tasks: refreshing the list refreshes its page and history too.
export const useAddChecklistItem = () =>
  useApiMutation(taskDetailsApi.addChecklistItem, { refreshes: afterTaskChange });
export const useUpdateChecklistItem = () =>
  useApiMutation(taskDetailsApi.updateChecklistItem, { refreshes: afterTaskChange });
export const useRemoveChecklistItem = () =>
  useApiMutation(taskDetailsApi.removeChecklistItem, { refreshes: afterTaskChange });

/** The organisation's labels (docs/product/tasks.md#labels). */
export const useLabels = () => useApiQuery(labelsApi.list);
export const useCreateLabel = () => useApiMutation(labelsApi.create, { refreshes: [labelsApi.list] });
/** A renamed, recoloured or deleted label shows on every task carrying it: the lists read it again. */
export const useUpdateLabel = () =>
  useApiMutation(labelsApi.update, { refreshes: [labelsApi.list, ...afterTaskChange] });
export const useDeleteLabel = () =>
  useApiMutation(labelsApi.remove, { refreshes: [labelsApi.list, ...afterTaskChange] });
