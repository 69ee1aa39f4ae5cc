import { type TaskFilters, taskStatuses } from '@contract/tasks';
import { ArrowDown, ArrowUp, ClipboardList, Columns3, LayoutList, SearchX, Table2 } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FilterSelect } from '@/components/ui/filter-select';
import { toast } from '@/components/ui/use-toast';
import { useCurrentUser } from '@/lib/auth';
import { useProjectOptions } from '@/lib/use-project-options';
import { useAssignableUsers, useLabels, useTaskList } from './api';
import { AdvancedTaskCard } from './advanced-task-card';
import { BulkBar } from './bulk-bar';
import { TaskFiltersBar } from './task-filters';
import { LoadMore, TaskListEmpty, TaskListSkeleton } from './task-list-states';
import { sortColumns, type TaskOrder, type TaskSelection, TaskTable } from './task-table';

/** The board's drag and drop loads only when the Board view is chosen (docs/decisions/044). */
const TaskBoardView = lazy(() => import('./task-board-view').then((m) => ({ default: m.TaskBoardView })));

const modes = ['cards', 'table', 'board'] as const;
type View = { mode: (typeof modes)[number] } & TaskOrder;
const VIEW_KEY = 'workbench.advancedTasks.view';
const FILTERS_KEY = 'workbench.advancedTasks.filters';
const defaultView: View = { mode: 'cards', sort: 'dueDate', order: 'asc' };
/** The board loads this many tasks a page: a column's order is only right once its tasks are loaded. */
const BOARD_PAGE = 500;

/** The view and order last chosen on this device (docs/decisions/024). */
function readView(): View {
  try {
    const saved = JSON.parse(localStorage.getItem(VIEW_KEY) ?? 'null');
    if (
      saved &&
      modes.includes(saved.mode) &&
      sortColumns.includes(saved.sort) &&
      (saved.order === 'asc' || saved.order === 'desc')
    )
      return saved;
  } catch {
    // unreadable or blocked storage: the default view
  }
  return defaultView;
}

/** The filters last used on this device, as far as they are still filters (docs/product/tasks.md#advanced-tasks). */
function readFilters(): TaskFilters {
  try {
    const saved = JSON.parse(localStorage.getItem(FILTERS_KEY) ?? 'null');
    if (!saved || typeof saved !== 'object') return {};
    const text = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length <= 100 ? v : undefined);
    return {
      status: taskStatuses.includes(saved.status) ? saved.status : undefined,
      assigneeId: text(saved.assigneeId),
      projectId: text(saved.projectId),
      search: text(saved.search),
    };
  } catch {
    return {};
  }
}

/** Kept in local storage, like the view: a choice that outlives the visit, on this device. */
function remember(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // private mode: the choice lasts for this visit
  }
}

function useSavedView() {
  const [view, setView] = useState<View>(readView);
  const change = (next: Partial<View>) =>
    setView((current) => {
      const merged = { ...current, ...next };
      remember(VIEW_KEY, merged);
      return merged;
    });
  return [view, change] as const;
}

function useSavedFilters() {
  const [filters, setFilters] = useState<TaskFilters>(readFilters);
  const change = useCallback((next: TaskFilters) => {
    remember(FILTERS_KEY, next);
    setFilters(next);
  }, []);
  return [filters, change] as const;
}

/** The table's checkboxes: a set of ids, shift-click ranges from the last row clicked. */
function useSelection(
  visible: readonly { id: string }[],
): TaskSelection & { ids: string[]; clear: () => void } {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const anchor = useRef<string | null>(null);
  // Only rows still shown count (a filter or a refresh may have taken some away).
  const ids = useMemo(() => visible.filter((x) => selected.has(x.id)).map((x) => x.id), [visible, selected]);
  const shown = useMemo(() => new Set(ids), [ids]);
  return {
    selected: shown,
    ids,
    toggle: (id, range) => {
      const from = anchor.current ? visible.findIndex((x) => x.id === anchor.current) : -1;
      const to = visible.findIndex((x) => x.id === id);
      const on = !shown.has(id);
      const next = new Set(shown);
      const span =
        range && from >= 0 && to >= 0
          ? visible.slice(Math.min(from, to), Math.max(from, to) + 1).map((x) => x.id)
          : [id];
      for (const each of span) on ? next.add(each) : next.delete(each);
      anchor.current = id;
      setSelected(next);
    },
    toggleAll: () =>
      setSelected(shown.size === visible.length ? new Set() : new Set(visible.map((x) => x.id))),
    selectAll: () => setSelected(new Set(visible.map((x) => x.id))),
    clear: () => {
      anchor.current = null;
      setSelected(new Set());
    },
  };
}

/** Advanced Tasks: the page's tasks, users and projects load side by side; filters run on the server. */
export function AdvancedTaskBoard({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation('tasks');
  const { user } = useCurrentUser();
  const canReview = user?.role === 'manager' || user?.role === 'admin';
  const [filters, setFilters] = useSavedFilters();
  // Remounts the filter bar on "Clear filters" so its typed search text is cleared too.
  const [filterBarKey, setFilterBarKey] = useState(0);
  const clearFilters = () => {
    setFilters({});
    setFilterBarKey((k) => k + 1);
  };
  const [view, setView] = useSavedView();
  const table = view.mode === 'table';
  const board = view.mode === 'board';
  // Cards stay newest first; the table sorts on the server, a page at a time; the board in its order.
  const tasks = useTaskList(
    table
      ? { ...filters, sort: view.sort, order: view.order }
      : board
        ? { ...filters, sort: 'rank' }
        : filters,
    board ? BOARD_PAGE : undefined,
  );
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
  const list = useMemo(() => tasks.data?.pages.flat() ?? [], [tasks.data]);
  const selection = useSelection(table ? list : []);

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
              ['board', t('board.board'), Columns3],
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
          {table && selection.ids.length > 0 && (
            <BulkBar
              selected={selection.ids}
              tasks={list}
              users={users.data ?? []}
              projects={projects.data ?? []}
              showAssignee={canReview}
              onClear={selection.clear}
            />
          )}
          {table ? (
            <TaskTable
              tasks={list}
              value={view}
              onSort={(order) => setView(order)}
              showAssignee={canReview}
              selection={selection}
            />
          ) : board ? (
            <Suspense fallback={<TaskListSkeleton />}>
              <TaskBoardView tasks={list} />
            </Suspense>
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
