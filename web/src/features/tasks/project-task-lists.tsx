import { type TaskStatus, taskStatuses } from '@contract/tasks';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatNumber } from '@/lib/format';
import { useOwnTimeZone } from '@/lib/time-zone';
import { formatDue } from './due-date';
import { useTaskList } from './api';
import { PriorityBadge } from './task-badges';
import { LoadMore } from './task-list-states';

const FIRST = 5;

/** One status of a project: its first tasks (newest first) and more on demand, never all at once. */
function StatusColumn({
  projectId,
  status,
  count,
}: {
  projectId: string;
  status: TaskStatus;
  count: number;
}) {
  const { t } = useTranslation('tasks');
  const tasks = useTaskList({ projectId, status }, FIRST);
  const list = tasks.data?.pages.flat() ?? [];
  const ownZone = useOwnTimeZone();
  const headingId = `project-tasks-${status}`;
  return (
    <Card className="flex min-w-0 flex-col gap-2 p-4" aria-labelledby={headingId}>
      <h3 id={headingId} className="flex items-center justify-between text-sm font-semibold text-foreground">
        {t(`status.${status}`)}
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
          {formatNumber(count)}
        </span>
      </h3>
      {tasks.isLoading ? (
        <div
          className="grid gap-2"
          role="status"
          aria-busy="true"
          aria-label={t('project.loading', { status: t(`status.${status}`) })}
        >
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : list.length === 0 ? (
        <p className="py-2 text-sm text-muted-foreground">{t('project.empty')}</p>
      ) : (
        <ul className="grid gap-2">
          {list.map((task) => (
            <li
              key={task.id}
              className="rounded-md border border-border bg-background px-3 py-2"
              data-testid="project-task"
            >
              <p className="break-words text-sm font-medium text-foreground">{task.title}</p>
              <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
                <PriorityBadge priority={task.priority} />
                <span>{task.assignee}</span>
                {task.dueDate && <span>{t('card.due', { date: formatDue(task.dueDate, ownZone) })}</span>}
              </div>
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={tasks.hasNextPage}
        loading={tasks.isFetchingNextPage}
        onLoad={() => tasks.fetchNextPage()}
      />
    </Card>
  );
}

/**
 * A project's tasks by status (docs/product/projects.md#project-page). Counts cover every task of
 * the project; the lists show what the viewer may see (an employee: their own).
 */
export function ProjectTaskLists({
  projectId,
  counts,
}: {
  projectId: string;
  counts: Record<TaskStatus, number>;
}) {
  const { t } = useTranslation('tasks');
  return (
    <section aria-labelledby="project-tasks-heading" className="grid gap-3">
      <h2 id="project-tasks-heading" className="text-base font-semibold text-foreground">
        {t('project.heading')}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        {taskStatuses.map((status) => (
          <StatusColumn key={status} projectId={projectId} status={status} count={counts[status]} />
        ))}
      </div>
    </section>
  );
}
