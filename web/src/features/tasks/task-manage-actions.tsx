import type { Task } from '@contract/tasks';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/lib/auth';
import { DeleteTaskDialog } from './delete-task-dialog';
import { EditTaskDialog } from './edit-task-dialog';

/** Whether the signed-in user may edit and delete the task: its creator, managers and admins. */
export function useMayChangeTask(task: Task): boolean {
  const { user } = useCurrentUser();
  return user?.role === 'manager' || user?.role === 'admin' || (!!user && task.assignedById === user.id);
}

/** Edit and Delete, for those allowed (the server checks again). */
export function TaskManageActions({ task }: { task: Task }) {
  const allowed = useMayChangeTask(task);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  if (!allowed) return null;
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setEditing(true)} aria-label={`Edit ${task.title}`}>
        <Pencil aria-hidden /> Edit
      </Button>
      <Button
        size="sm"
        variant="ghost"
        className="text-destructive hover:text-destructive"
        onClick={() => setDeleting(true)}
        aria-label={`Delete ${task.title}`}
      >
        <Trash2 aria-hidden /> Delete
      </Button>
      <EditTaskDialog task={task} open={editing} onOpenChange={setEditing} />
      <DeleteTaskDialog task={task} open={deleting} onOpenChange={setDeleting} />
    </>
  );
}
