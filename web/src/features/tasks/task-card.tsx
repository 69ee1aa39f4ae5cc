import { isOverdue, type Task } from '@contract/tasks';
import { CalendarClock, Clock, FolderKanban, Repeat } from 'lucide-react';
import { Children, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Trans } from '@/components/trans';
import { Avatar } from '@/components/ui/avatar';
import { Card } from '@/components/ui/card';
import { formatDuration, formatNumber } from '@/lib/format';
import { useOwnTimeZone } from '@/lib/time-zone';
import { formatDue } from './due-date';
import { cn } from '@/lib/utils';
import { PriorityBadge, ReviewBadge, TaskStatusBadge } from './task-badges';
import { LabelChips, TaskProgressText } from './task-labels';

/** Where a task is shown in full (docs/product/tasks.md#task-page). */
export const taskPath = (id: string) => `/tasks/${id}`;
import { repeatInWords } from './repeat-words';

interface TaskCardProps {
  task: Task;
  /** Show who the task is assigned to (Advanced Tasks, where a manager sees everyone's). */
  showAssignee?: boolean;
  /** The card's own buttons (Start, Complete, Submit…). */
  children?: ReactNode;
  /** Extra controls composed in by the page, e.g. a task timer button; shown beside the card's own. */
  actions?: ReactNode;
  /** Anything below the facts: review notes, a comment count. */
  footer?: ReactNode;
}

function Fact({
  icon: Icon,
  lead,
  label,
  children,
}: {
  icon?: typeof Clock;
  /** shown instead of the icon (the assignee's picture) */
  lead?: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 items-center gap-1.5">
      {lead ?? (Icon && <Icon className="size-3.5 shrink-0 text-faint-foreground" aria-hidden />)}
      <dt className="sr-only">{label}</dt>
      <dd className="min-w-0 truncate-wide">{children}</dd>
    </div>
  );
}

export function TaskCard({ task, showAssignee = false, children, actions, footer }: TaskCardProps) {
  const { t } = useTranslation('tasks');
  const overdue = isOverdue(task);
  const ownZone = useOwnTimeZone();
  const spent = formatDuration(task.timeSpent * 3600);
  return (
    <Card className="flex min-w-0 flex-col gap-3 p-4 sm:p-5" data-testid="task-card" data-task-id={task.id}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <h3 className="break-words text-base font-semibold leading-snug text-foreground">
            <Link to={taskPath(task.id)} className="hover:underline focus-visible:underline">
              {task.title}
            </Link>
          </h3>
          {task.description && (
            <p className="mt-1 line-clamp-3 break-words text-sm text-subtle-foreground">{task.description}</p>
          )}
          {(task.labels.length > 0 || task.progress.total > 0) && (
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <LabelChips labels={task.labels} />
              <TaskProgressText progress={task.progress} />
            </div>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-1.5 sm:justify-end">
          <TaskStatusBadge status={task.status} />
          <ReviewBadge task={task} />
          <PriorityBadge priority={task.priority} />
          {task.isPaused && (
            <span className="text-xs font-medium text-warning-foreground">{t('card.paused')}</span>
          )}
        </div>
      </div>

      <dl className="flex flex-col gap-x-6 gap-y-1.5 text-sm text-subtle-foreground sm:flex-row sm:flex-wrap">
        <Fact icon={FolderKanban} label={t('card.project')}>
          {task.project ?? <span className="text-muted-foreground">{t('card.noProject')}</span>}
        </Fact>
        {showAssignee && (
          <Fact
            lead={
              <Avatar name={task.assignee} src={task.assigneeImageUrl} size="xs" testId="assignee-avatar" />
            }
            label={t('card.assignee')}
          >
            {task.assignee}
          </Fact>
        )}
        <Fact icon={Clock} label={t('card.timeSpent')}>
          {task.estimatedHours > 0 ? (
            <Trans
              t={t}
              i18nKey="card.spentOf"
              values={{ spent, estimate: formatNumber(task.estimatedHours, { maximumFractionDigits: 2 }) }}
              components={{ muted: <span className="text-muted-foreground" /> }}
            />
          ) : (
            t('card.spent', { spent })
          )}
        </Fact>
        <Fact icon={CalendarClock} label={t('card.dueDate')}>
          <span className={cn(overdue && 'font-medium text-danger')}>
            {task.dueDate ? t('card.due', { date: formatDue(task.dueDate, ownZone) }) : t('card.noDueDate')}
          </span>
        </Fact>
        {task.repeat && (
          <Fact icon={Repeat} label={t('repeat.repeats')}>
            <span data-testid="task-repeat">{repeatInWords(task.repeat, t)}</span>
          </Fact>
        )}
      </dl>

      {footer}

      {(Children.toArray(children).length > 0 || Children.toArray(actions).length > 0) && (
        <div className="flex flex-wrap items-center gap-2 border-t border-border pt-3">
          {children}
          {actions}
        </div>
      )}
    </Card>
  );
}
