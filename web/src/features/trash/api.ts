import { dashboardApi } from '@contract/dashboard';
import { projectsApi } from '@contract/projects';
import { tasksApi } from '@contract/tasks';
import { timeEntriesApi } from '@contract/time-entries';
import { trashApi } from '@contract/trash';
import { useApiMutation, useApiPages } from '@/lib/api';

export const TRASH_PAGE_SIZE = 50;

/** The caller's Trash (admins: everyone's), newest deletion first (docs/product/tasks.md#trash). */
export const useTrash = () =>
  useApiPages(
    trashApi.list,
    {},
    {
      pageSize: TRASH_PAGE_SIZE,
      next: (last) => (last.length === TRASH_PAGE_SIZE ? last.at(-1)?.id : undefined),
    },
  );

/** A restore moves the Trash, the lists it returns to, and every figure that counts hours. */
const afterRestore = [
  trashApi.list,
  tasksApi.list,
  tasksApi.listMine,
  timeEntriesApi.list,
  projectsApi.list,
  dashboardApi.stats,
];

export const useRestoreTask = () => useApiMutation(tasksApi.restore, { refreshes: afterRestore });
export const useRestoreEntry = () => useApiMutation(timeEntriesApi.restore, { refreshes: afterRestore });
