import { isOverdue, type Task, type TaskSort } from '@contract/tasks';
import { ArrowDown, ArrowUp } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Card } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useOwnTimeZone } from '@/lib/time-zone';
import { formatDue } from './due-date';
import { cn } from '@/lib/utils';
import { PriorityBadge, TaskStatusBadge } from './task-badges';
import { TaskManageActions } from './task-manage-actions';
import { taskPath } from './task-card';
import { LabelChips, TaskProgressText } from './task-labels';

export type TaskOrder = { sort: Exclude<TaskSort, 'created' | 'rank'>; order: 'asc' | 'desc' };

/** The table's checkboxes (docs/product/tasks.md#bulk-edit): which rows are chosen, and how to choose. */
export type TaskSelection = {
  selected: ReadonlySet<string>;
  /** one row; with `range` (shift), every row from the last one clicked to this one */
  toggle: (id: string, range: boolean) => void;
  /** every row shown, or none when all are chosen already */
  toggleAll: () => void;
  /** Ctrl/⌘+A while the table has the focus: every row shown */
  selectAll: () => void;
};

const checkbox = 'size-4 cursor-pointer accent-primary align-middle';

/** The columns the table sorts by (their names: `sort.<column>` in the tasks messages). */
export const sortColumns: readonly TaskOrder['sort'][] = ['dueDate', 'priority', 'status', 'assignee'];

function SortHead({
  column,
  value,
  onSort,
  className,
}: {
  column: TaskOrder['sort'];
  value: TaskOrder;
  onSort: (next: TaskOrder) => void;
  className?: string;
}) {
  const { t } = useTranslation('tasks');
  const active = value.sort === column;
  const Icon = value.order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <TableHead
      className={className}
      aria-sort={active ? (value.order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        className="inline-flex items-center gap-1 uppercase hover:text-foreground"
        onClick={() => onSort({ sort: column, order: active && value.order === 'asc' ? 'desc' : 'asc' })}
      >
        {t(`sort.${column}`)}
        {active && <Icon className="size-3.5" aria-hidden />}
      </button>
    </TableHead>
  );
}

function Due({ task }: { task: Task }) {
  const { t } = useTranslation('tasks');
  const overdue = isOverdue(task);
  const ownZone = useOwnTimeZone();
  return (
    <span
      className={cn('whitespace-nowrap', overdue ? 'font-medium text-destructive' : 'text-muted-foreground')}
    >
      {task.dueDate ? formatDue(task.dueDate, ownZone) : t('card.noDueDate')}
    </span>
  );
}

/**
 * The compact view of Advanced Tasks (docs/product/tasks.md#task-table): one row per task, sorted on
 * the server. Below 640 px the status, priority, assignee and due date move under the title, so the
 * table keeps to the screen's width.
 */
export function TaskTable({
  tasks,
  value,
  onSort,
  showAssignee,
  selection,
}: {
  tasks: Task[];
  value: TaskOrder;
  onSort: (next: TaskOrder) => void;
  showAssignee: boolean;
  selection?: TaskSelection;
}) {
  const { t } = useTranslation('tasks');
  const chosen = selection ? tasks.filter((task) => selection.selected.has(task.id)).length : 0;
  const onKeyDown = (event: KeyboardEvent) => {
    if (!selection || event.key.toLowerCase() !== 'a' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    selection.selectAll();
  };
  return (
    // Ctrl/⌘+A from any focused control of the table (its checkboxes, headers, buttons).
    <Card className="overflow-hidden p-0" onKeyDown={onKeyDown}>
      <Table data-testid="task-table">
        <caption className="sr-only">{t(`table.caption.${value.sort}`)}</caption>
        <TableHeader>
          <TableRow>
            {selection && (
              <TableHead className="w-px pr-0">
                <input
                  type="checkbox"
                  className={checkbox}
                  aria-label={t('bulk.selectAll')}
                  checked={tasks.length > 0 && chosen === tasks.length}
                  ref={(el) => {
                    if (el) el.indeterminate = chosen > 0 && chosen < tasks.length;
                  }}
                  onChange={selection.toggleAll}
                />
              </TableHead>
            )}
            <TableHead essential>{t('table.task')}</TableHead>
            <SortHead column="status" value={value} onSort={onSort} className="hidden sm:table-cell" />
            <SortHead column="priority" value={value} onSort={onSort} className="hidden sm:table-cell" />
            {showAssignee && (
              <SortHead column="assignee" value={value} onSort={onSort} className="hidden md:table-cell" />
            )}
            <SortHead column="dueDate" value={value} onSort={onSort} className="hidden sm:table-cell" />
            <TableHead>
              <span className="sr-only">{t('table.actions')}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {tasks.map((task) => (
            <TableRow
              key={task.id}
              data-testid="task-row"
              data-task-id={task.id}
              className={selection?.selected.has(task.id) ? 'bg-muted/60' : undefined}
            >
              {selection && (
                <TableCell className="w-px pr-0 align-top sm:align-middle">
                  <input
                    type="checkbox"
                    className={checkbox}
                    aria-label={t('bulk.select', { title: task.title })}
                    checked={selection.selected.has(task.id)}
                    onChange={(event) =>
                      selection.toggle(task.id, (event.nativeEvent as MouseEvent).shiftKey === true)
                    }
                  />
                </TableCell>
              )}
              <TableCell className="max-w-0 w-full">
                <p className="truncate font-medium text-foreground" title={task.title}>
                  <Link to={taskPath(task.id)} className="hover:underline focus-visible:underline">
                    {task.title}
                  </Link>
                </p>
                <p className="truncate text-xs text-muted-foreground">
                  {task.project ?? t('card.noProject')}
                </p>
                {(task.labels.length > 0 || task.progress.total > 0) && (
                  <div className="mt-1 flex flex-wrap items-center gap-1.5">
                    <LabelChips labels={task.labels} />
                    <TaskProgressText progress={task.progress} />
                  </div>
                )}
                {/* Narrow screens: the other columns, stacked under the title. */}
                <div className="mt-1.5 flex flex-wrap items-center gap-1.5 text-xs sm:hidden">
                  <TaskStatusBadge status={task.status} />
                  <PriorityBadge priority={task.priority} />
                  {showAssignee && <span className="text-muted-foreground">{task.assignee}</span>}
                  <Due task={task} />
                </div>
              </TableCell>
              <TableCell className="hidden sm:table-cell">
                <TaskStatusBadge status={task.status} />
              </TableCell>
              <TableCell className="hidden sm:table-cell">
                <PriorityBadge priority={task.priority} />
              </TableCell>
              {showAssignee && (
                <TableCell className="hidden md:table-cell">
                  <span className="flex items-center gap-2 whitespace-nowrap">
                    <Avatar name={task.assignee} src={task.assigneeImageUrl} size="xs" />
                    {task.assignee}
                  </span>
                </TableCell>
              )}
              <TableCell className="hidden sm:table-cell">
                <Due task={task} />
              </TableCell>
              <TableCell className="w-px whitespace-nowrap text-right">
                <TaskManageActions task={task} compact />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}
