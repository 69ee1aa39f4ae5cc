import { dashboardApi } from '@contract/dashboard';
import { tasksApi } from '@contract/tasks';
import { timeEntriesApi } from '@contract/time-entries';
import { call, refresh, useApiMutation, useApiPages, useApiQuery } from '@/lib/api';

export const ENTRIES_PAGE_SIZE = 20;

/** Total Hours, Entries and Today, computed by the server. */
export const useTimeSummary = () => useApiQuery(timeEntriesApi.summary, {});

/** Newest entries first, a page at a time (`before` = the last entry's id). */
export const useTimeEntries = () =>
  useApiPages(
    timeEntriesApi.list,
    {},
    {
      pageSize: ENTRIES_PAGE_SIZE,
      next: (last) => (last.length === ENTRIES_PAGE_SIZE ? last.at(-1)?.id : undefined),
    },
  );

/** An entry change moves the tracker's figures, the dashboard's hours and a task's time spent. */
const afterEntryChange = [timeEntriesApi.list, dashboardApi.stats, tasksApi.listMine, tasksApi.list];

export const useCreateEntry = () => useApiMutation(timeEntriesApi.create, { refreshes: afterEntryChange });
export const useUpdateEntry = () => useApiMutation(timeEntriesApi.update, { refreshes: afterEntryChange });
export const useDeleteEntry = () => useApiMutation(timeEntriesApi.remove, { refreshes: afterEntryChange });
/** Undo of a deletion (docs/product/time-tracking.md#trash): its hours count again. */
export async function restoreEntry(id: string) {
  await call(timeEntriesApi.restore, { params: { id } });
  await refresh(...afterEntryChange, timeEntriesApi.summary);
}
