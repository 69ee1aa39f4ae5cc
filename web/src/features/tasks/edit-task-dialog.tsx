import { createTaskRequest, type Task, type TaskEdit, taskPriorities } from '@contract/tasks';
import { useEffect } from 'react';
import type { z } from 'zod';
import {
  applyServerErrors,
  FormDialog,
  SelectField,
  TextareaField,
  TextField,
  useZodForm,
} from '@/components/form';
import { toast } from '@/components/ui/use-toast';
import { useCurrentUser } from '@/lib/auth';
import { browserTimeZone } from '@/lib/format';
import { useOwnTimeZone } from '@/lib/time-zone';
import { useProjectOptions } from '@/lib/use-project-options';
import { useAssignableUsers, useUpdateTask } from './api';
import { dueHint, dueInput } from './due-date';
import { errorDescription } from './error-description';
import { priorityLabels } from './task-badges';

const priorityOptions = taskPriorities.map((value) => ({ value, label: priorityLabels[value] }));

const valuesOf = (task: Task, timeZone: string) => ({
  title: task.title,
  description: task.description,
  priority: task.priority,
  projectId: task.projectId,
  assigneeId: task.assigneeId,
  estimatedHours: task.estimatedHours,
  dueDate: dueInput(task.dueDate, timeZone),
});

/**
 * Edit a task (docs/product/tasks.md#editing): the creation form, prefilled, checked by the creation
 * schema (same messages); only managers and admins may choose another assignee.
 */
export function EditTaskDialog({
  task,
  open,
  onOpenChange,
}: {
  task: Task;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { user } = useCurrentUser();
  const canAssign = user?.role === 'manager' || user?.role === 'admin';
  const projects = useProjectOptions();
  const users = useAssignableUsers(canAssign && open);
  const update = useUpdateTask();
  const timeZone = useOwnTimeZone() ?? browserTimeZone();
  const form = useZodForm(createTaskRequest, { defaultValues: valuesOf(task, timeZone) });
  // Opens on the task as it is now (a live change may have moved it since the card was drawn).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the dialog opens
  useEffect(() => {
    if (open) form.reset(valuesOf(task, timeZone));
  }, [open]);

  const submit = ({ assigneeId, dueDate, ...fields }: z.output<typeof createTaskRequest>) => {
    const body: TaskEdit = {
      ...fields,
      ...(canAssign && assigneeId ? { assigneeId } : {}),
      // A wall-clock time of the person's own zone, which the server reads it in
      // (docs/product/tasks.md#overdue): sent as typed, without an offset.
      dueDate: dueDate || null,
    };
    update.mutate(
      { params: { id: task.id }, body },
      {
        onSuccess: (updated) => {
          toast({ title: 'Task updated', description: updated.title });
          onOpenChange(false);
        },
        onError: (error) => {
          applyServerErrors(form, error);
          toast({
            variant: 'destructive',
            title: 'Error',
            description: errorDescription('Failed to update task', error),
          });
        },
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      testId="edit-task-dialog"
      title="Edit Task"
      description="Change what the task says, who does it and when it is due."
      form={form}
      onSubmit={submit}
      idPrefix={`edit-task-${task.id}`}
      submitLabel="Save Changes"
      pendingLabel="Saving..."
      pending={update.isPending}
    >
      <TextField name="title" label="Title" maxLength={200} autoFocus />
      <TextareaField name="description" label="Description" maxLength={5000} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField name="priority" label="Priority" options={priorityOptions} />
        <SelectField
          name="projectId"
          label="Project"
          noneLabel="No project"
          disabled={projects.isLoading}
          options={(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
      </div>
      {canAssign && (
        <SelectField
          name="assigneeId"
          label="Assignee"
          disabled={users.isLoading}
          options={(users.data ?? [{ id: task.assigneeId, name: task.assignee }]).map((u) => ({
            value: u.id,
            label: u.id === user?.id ? `${u.name} (me)` : u.name,
          }))}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="estimatedHours"
          label="Estimated hours"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.5}
        />
        <TextField
          name="dueDate"
          label="Due date"
          type="datetime-local"
          empty={null}
          hint={dueHint(timeZone)}
        />
      </div>
    </FormDialog>
  );
}
