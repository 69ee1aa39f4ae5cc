import type { TaskFilters } from '@contract/tasks';
import { ArrowDown, ArrowUp, ClipboardList, LayoutList, SearchX, Table2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FilterSelect } from '@/components/ui/filter-select';
import { toast } from '@/components/ui/use-toast';
import { useCurrentUser } from '@/lib/auth';
import { useProjectOptions } from '@/lib/use-project-options';
import { useAssignableUsers, useLabels, useTaskList } from './api';
import { AdvancedTaskCard } from './advanced-task-card';
import { TaskFiltersBar } from './task-filters';
import { LoadMore, TaskListEmpty, TaskListSkeleton } from './task-list-states';
import { sortColumns, type TaskOrder, TaskTable } from './task-table';

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
      sortColumns.includes(saved.sort) &&
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

/** Advanced Tasks: the page's tasks, users and projects load side by side; filters run on the server. */
export function AdvancedTaskBoard({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation('tasks');
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
  const users = useAssignableUsers();
  const projects = useProjectOptions();
  const labels = useLabels();
  const failed = tasks.isError || users.isError || projects.isError;

  useEffect(() => {
    if (failed)
      toast({ variant: 'destructive', title: t('toast.error'), description: t('toast.loadFailed') });
  }, [failed, t]);

  const filtering = Boolean(
    filters.status || filters.assigneeId || filters.projectId || filters.labelId || filters.search,
  );
  const list = tasks.data?.pages.flat() ?? [];

  return (
    <>
      <TaskFiltersBar
        key={filterBarKey}
        value={filters}
        onChange={setFilters}
        users={users.data ?? []}
        projects={projects.data ?? []}
        labels={labels.data ?? []}
        showAssignee={canReview}
      />
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <fieldset className="inline-flex rounded-md border border-border bg-card p-0.5">
          <legend className="sr-only">{t('board.view')}</legend>
          {(
            [
              ['cards', t('board.cards'), LayoutList],
              ['table', t('board.table'), Table2],
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
                label={t('board.sortBy')}
                value={view.sort}
                options={sortColumns.map((value) => ({ value, label: t(`sort.${value}`) }))}
                onChange={(sort) => sort && setView({ sort: sort as TaskOrder['sort'] })}
              />
            </div>
            <Button
              variant="outline"
              size="icon"
              aria-label={view.order === 'asc' ? t('board.ascending') : t('board.descending')}
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
          title={t('list.loadFailed')}
          description={t('list.loadFailedDescription')}
          action={
            <Button
              onClick={() => {
                void tasks.refetch();
                void users.refetch();
                void projects.refetch();
              }}
            >
              {t('common:actions.retry')}
            </Button>
          }
        />
      ) : list.length === 0 ? (
        filtering ? (
          <TaskListEmpty
            icon={SearchX}
            title={t('list.noMatchTitle')}
            description={t('list.noMatchDescription')}
            action={
              <Button variant="outline" onClick={clearFilters}>
                {t('list.clearFilters')}
              </Button>
            }
          />
        ) : (
          <TaskListEmpty
            icon={ClipboardList}
            title={t('list.emptyTitle')}
            description={canReview ? t('list.emptyManager') : t('list.emptyEmployee')}
            action={<Button onClick={onCreate}>{t('list.createTask')}</Button>}
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
