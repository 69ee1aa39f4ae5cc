import type { Task, TaskPriority, TaskStatus } from '@contract/tasks';
import { Badge, type BadgeVariant } from '@/components/ui/badge';

export const statusLabels: Record<TaskStatus, string> = {
  todo: 'To Do',
  in_progress: 'In Progress',
  pending_review: 'Pending Review',
  completed: 'Completed',
};

const statusVariant: Record<TaskStatus, BadgeVariant> = {
  todo: 'gray',
  in_progress: 'blue',
  pending_review: 'amber',
  completed: 'green',
};

const priorityVariant: Record<TaskPriority, BadgeVariant> = { low: 'gray', medium: 'indigo', high: 'red' };
export const priorityLabels: Record<TaskPriority, string> = { low: 'Low', medium: 'Medium', high: 'High' };

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  return (
    <Badge variant={statusVariant[status]} data-testid="task-status">
      {statusLabels[status]}
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: TaskPriority }) {
  return <Badge variant={priorityVariant[priority]}>{priorityLabels[priority]} priority</Badge>;
}

/**
 * The review outcome. A pending review already reads 'Pending Review' on the status badge (the two go
 * together), so only rework and approval add a badge of their own.
 */
export function ReviewBadge({ task }: { task: Pick<Task, 'reviewStatus'> }) {
  if (task.reviewStatus === 'rework')
    return (
      <Badge variant="red" data-testid="review-status">
        Needs Rework
      </Badge>
    );
  if (task.reviewStatus === 'approved')
    return (
      <Badge variant="green" data-testid="review-status">
        Approved
      </Badge>
    );
  return null;
}
