import type { TaskFilters } from '@contract/tasks';
import { ArrowDown, ArrowUp, ClipboardList, LayoutList, SearchX, Table2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FilterSelect } from '@/components/ui/filter-select';
import { toast } from '@/components/ui/use-toast';
import { useCurrentUser } from '@/lib/auth';
import { useProjectOptions } from '@/lib/use-project-options';
import { useAssignableUsers, useLiveTasks, useTaskList } from './api';
import { AdvancedTaskCard } from './advanced-task-card';
import { TaskFiltersBar } from './task-filters';
import { LoadMore, TaskListEmpty, TaskListSkeleton } from './task-list-states';
import { sortLabels, type TaskOrder, TaskTable } from './task-table';

type View = { mode: 'cards' | 'table' } & TaskOrder;
const VIEW_KEY = 'workbench.advancedTasks.view';
const defaultView: View = { mode: 'cards', sort: 'dueDate', order: 'asc' };

/** The view and order last chosen on this device (docs/decisions/024). */
function readView(): View {
  try {
    const saved = JSON.parse(localStorage.getItem(VIEW_KEY) ?? 'null');
    if (
      saved &&
      (saved.mode === 'cards' || saved.mode === 'table') &&
      saved.sort in sortLabels &&
      (saved.order === 'asc' || saved.order === 'desc')
    )
      return saved;
  } catch {
    // unreadable or blocked storage: the default view
  }
  return defaultView;
}

function useSavedView() {
  const [view, setView] = useState<View>(readView);
  const change = (next: Partial<View>) =>
    setView((current) => {
      const merged = { ...current, ...next };
      try {
        localStorage.setItem(VIEW_KEY, JSON.stringify(merged));
      } catch {
        // private mode: the choice lasts for this visit
      }
      return merged;
    });
  return [view, change] as const;
}

const sortOptions = Object.entries(sortLabels).map(([value, label]) => ({ value, label }));

/** Advanced Tasks: the page's tasks, users and projects load side by side; filters run on the server. */
export function AdvancedTaskBoard({ onCreate }: { onCreate: () => void }) {
  const { user } = useCurrentUser();
  const canReview = user?.role === 'manager' || user?.role === 'admin';
  const [filters, setFilters] = useState<TaskFilters>({});
  // Remounts the filter bar on "Clear filters" so its typed search text is cleared too.
  const [filterBarKey, setFilterBarKey] = useState(0);
  const clearFilters = () => {
    setFilters({});
    setFilterBarKey((k) => k + 1);
  };
  const [view, setView] = useSavedView();
  const table = view.mode === 'table';
  // Cards stay newest first; the table sorts on the server, a page at a time.
  const tasks = useTaskList(table ? { ...filters, sort: view.sort, order: view.order } : filters);
  useLiveTasks();
  const users = useAssignableUsers();
  const projects = useProjectOptions();
  const failed = tasks.isError || users.isError || projects.isError;

  useEffect(() => {
    if (failed) toast({ variant: 'destructive', title: 'Error', description: 'Failed to load data' });
  }, [failed]);

  const filtering = Boolean(filters.status || filters.assigneeId || filters.projectId || filters.search);
  const list = tasks.data?.pages.flat() ?? [];

  return (
    <>
      <TaskFiltersBar
        key={filterBarKey}
        value={filters}
        onChange={setFilters}
        users={users.data ?? []}
        projects={projects.data ?? []}
        showAssignee={canReview}
      />
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <fieldset className="inline-flex rounded-md border border-border bg-card p-0.5">
          <legend className="sr-only">View</legend>
          {(
            [
              ['cards', 'Cards', LayoutList],
              ['table', 'Table', Table2],
            ] as const
          ).map(([mode, label, Icon]) => (
            <Button
              key={mode}
              size="sm"
              variant={view.mode === mode ? 'secondary' : 'ghost'}
              aria-pressed={view.mode === mode}
              onClick={() => setView({ mode })}
            >
              <Icon aria-hidden /> {label}
            </Button>
          ))}
        </fieldset>
        {table && (
          <div className="flex items-end gap-2">
            <div className="w-40">
              <FilterSelect
                id="task-sort"
                label="Sort by"
                value={view.sort}
                options={sortOptions}
                onChange={(sort) => sort && setView({ sort: sort as TaskOrder['sort'] })}
              />
            </div>
            <Button
              variant="outline"
              size="icon"
              aria-label={view.order === 'asc' ? 'Ascending; sort descending' : 'Descending; sort ascending'}
              onClick={() => setView({ order: view.order === 'asc' ? 'desc' : 'asc' })}
            >
              {view.order === 'asc' ? <ArrowUp aria-hidden /> : <ArrowDown aria-hidden />}
            </Button>
          </div>
        )}
      </div>
      {tasks.isLoading ? (
        <TaskListSkeleton />
      ) : failed && list.length === 0 ? (
        <TaskListEmpty
          icon={ClipboardList}
          title="Tasks could not be loaded"
          description="Check your connection and try again."
          action={
            <Button
              onClick={() => {
                void tasks.refetch();
                void users.refetch();
                void projects.refetch();
              }}
            >
              Try again
            </Button>
          }
        />
      ) : list.length === 0 ? (
        filtering ? (
          <TaskListEmpty
            icon={SearchX}
            title="No matching tasks"
            description="No task matches these filters. Change or clear them to see more."
            action={
              <Button variant="outline" onClick={clearFilters}>
                Clear filters
              </Button>
            }
          />
        ) : (
          <TaskListEmpty
            icon={ClipboardList}
            title="No tasks yet"
            description={
              canReview
                ? 'Create a task and assign it to someone on your team.'
                : 'Tasks assigned to you will appear here.'
            }
            action={<Button onClick={onCreate}>Create Task</Button>}
          />
        )
      ) : (
        <div className="grid gap-3" data-testid="advanced-task-list">
          {table ? (
            <TaskTable
              tasks={list}
              value={view}
              onSort={(order) => setView(order)}
              showAssignee={canReview}
            />
          ) : (
            list.map((task) => (
              <AdvancedTaskCard key={task.id} task={task} canReview={canReview} myId={user?.id} />
            ))
          )}
          <LoadMore
            hasMore={tasks.hasNextPage}
            loading={tasks.isFetchingNextPage}
            onLoad={() => tasks.fetchNextPage()}
          />
        </div>
      )}
    </>
  );
}
