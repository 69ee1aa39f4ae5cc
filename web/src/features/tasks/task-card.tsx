import { isOverdue, type Task } from '@contract/tasks';
import { CalendarClock, Clock, FolderKanban } from 'lucide-react';
import { Children, type ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Card } from '@/components/ui/card';
import { formatDuration } from '@/lib/format';
import { useOwnTimeZone } from '@/lib/time-zone';
import { formatDue } from './due-date';
import { cn } from '@/lib/utils';
import { PriorityBadge, ReviewBadge, TaskStatusBadge } from './task-badges';

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
      <dd className="min-w-0 truncate">{children}</dd>
    </div>
  );
}

export function TaskCard({ task, showAssignee = false, children, actions, footer }: TaskCardProps) {
  const overdue = isOverdue(task);
  const ownZone = useOwnTimeZone();
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5" data-testid="task-card" data-task-id={task.id}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <h3 className="break-words text-base font-semibold leading-snug text-foreground">{task.title}</h3>
          {task.description && (
            <p className="mt-1 line-clamp-3 break-words text-sm text-subtle-foreground">{task.description}</p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-1.5 sm:justify-end">
          <TaskStatusBadge status={task.status} />
          <ReviewBadge task={task} />
          <PriorityBadge priority={task.priority} />
          {task.isPaused && <span className="text-xs font-medium text-warning-foreground">Paused</span>}
        </div>
      </div>

      <dl className="flex flex-col gap-x-6 gap-y-1.5 text-sm text-subtle-foreground sm:flex-row sm:flex-wrap">
        <Fact icon={FolderKanban} label="Project">
          {task.project ?? <span className="text-muted-foreground">No project</span>}
        </Fact>
        {showAssignee && (
          <Fact
            lead={
              <Avatar name={task.assignee} src={task.assigneeImageUrl} size="xs" testId="assignee-avatar" />
            }
            label="Assignee"
          >
            {task.assignee}
          </Fact>
        )}
        <Fact icon={Clock} label="Time spent">
          {formatDuration(task.timeSpent * 3600)} spent
          {task.estimatedHours > 0 && (
            <span className="text-muted-foreground"> of {task.estimatedHours}h</span>
          )}
        </Fact>
        <Fact icon={CalendarClock} label="Due date">
          <span className={cn(overdue && 'font-medium text-danger')}>
            {task.dueDate ? `Due ${formatDue(task.dueDate, ownZone)}` : 'No due date'}
          </span>
        </Fact>
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
