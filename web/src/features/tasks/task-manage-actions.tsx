import type { Task } from '@contract/tasks';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { DeleteTaskDialog } from './delete-task-dialog';
import { TaskDialog } from './task-dialog';

/** Whether the signed-in user may edit and delete the task: its creator, managers and admins. */
export function useMayChangeTask(task: Task): boolean {
  const { user } = useCurrentUser();
  return user?.role === 'manager' || user?.role === 'admin' || (!!user && task.assignedById === user.id);
}

/**
 * Edit and Delete, for those allowed (the server checks again). `compact`: icons only (the table
 * view's rows), named for screen readers and shown as a tooltip. `onDeleted` runs after a deletion.
 */
export function TaskManageActions({
  task,
  compact = false,
  onDeleted,
}: {
  task: Task;
  compact?: boolean;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation('tasks');
  const allowed = useMayChangeTask(task);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  if (!allowed) return null;
  const size = compact ? 'icon' : 'sm';
  const iconOnly = compact ? 'size-8' : undefined;
  return (
    <>
      <Button
        size={size}
        variant="ghost"
        className={iconOnly}
        onClick={() => setEditing(true)}
        aria-label={t('manage.editTask', { title: task.title })}
        title={compact ? t('common:actions.edit') : undefined}
      >
        <Pencil aria-hidden /> {!compact && t('common:actions.edit')}
      </Button>
      <Button
        size={size}
        variant="ghost"
        className={cn('text-destructive hover:text-destructive', iconOnly)}
        onClick={() => setDeleting(true)}
        aria-label={t('manage.deleteTask', { title: task.title })}
        title={compact ? t('common:actions.delete') : undefined}
      >
        <Trash2 aria-hidden /> {!compact && t('common:actions.delete')}
      </Button>
      <TaskDialog task={task} open={editing} onOpenChange={setEditing} />
      <DeleteTaskDialog task={task} open={deleting} onOpenChange={setDeleting} onDeleted={onDeleted} />
    </>
  );
}
