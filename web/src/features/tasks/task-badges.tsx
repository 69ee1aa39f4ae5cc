import type { Task, TaskPriority, TaskStatus } from '@contract/tasks';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from '@/components/ui/badge';

const statusVariant: Record<TaskStatus, BadgeVariant> = {
  todo: 'gray',
  in_progress: 'blue',
  pending_review: 'amber',
  completed: 'green',
};

const priorityVariant: Record<TaskPriority, BadgeVariant> = { low: 'gray', medium: 'indigo', high: 'red' };

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  const { t } = useTranslation('tasks');
  return (
    <Badge variant={statusVariant[status]} data-testid="task-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: TaskPriority }) {
  const { t } = useTranslation('tasks');
  return <Badge variant={priorityVariant[priority]}>{t(`priorityBadge.${priority}`)}</Badge>;
}

/**
 * The review outcome. A pending review already reads 'Pending Review' on the status badge (the two go
 * together), so only rework and approval add a badge of their own.
 */
export function ReviewBadge({ task }: { task: Pick<Task, 'reviewStatus'> }) {
  const { t } = useTranslation('tasks');
  if (task.reviewStatus === 'rework')
    return (
      <Badge variant="red" data-testid="review-status">
        {t('review.rework')}
      </Badge>
    );
  if (task.reviewStatus === 'approved')
    return (
      <Badge variant="green" data-testid="review-status">
        {t('review.approved')}
      </Badge>
    );
  return null;
}
