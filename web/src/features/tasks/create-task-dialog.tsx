import { createTaskRequest, taskPriorities } from '@contract/tasks';
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
import { useOwnTimeZone } from '@/lib/time-zone';
import { useProjectOptions } from '@/lib/use-project-options';
import { useAssignableUsers, useCreateTask } from './api';
import { dueHint } from './due-date';
import { priorityLabels } from './task-badges';

interface CreateTaskDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * 'personal' is the My Tasks (and dashboard) dialog: a task for oneself. 'assign' is Advanced
   * Tasks: assignee, estimate and due date, with that screen's toasts (docs/product/tasks.md).
   */
  variant?: 'personal' | 'assign';
}

const priorityOptions = taskPriorities.map((value) => ({ value, label: priorityLabels[value] }));

export function CreateTaskDialog({ open, onOpenChange, variant = 'personal' }: CreateTaskDialogProps) {
  const { user } = useCurrentUser();
  const canAssign = variant === 'assign' && (user?.role === 'manager' || user?.role === 'admin');
  const projects = useProjectOptions();
  const users = useAssignableUsers(canAssign && open);
  const create = useCreateTask();
  const ownZone = useOwnTimeZone();
  const form = useZodForm(createTaskRequest, {
    defaultValues: {
      title: '',
      description: '',
      priority: 'medium',
      projectId: null,
      assigneeId: null,
      estimatedHours: 0,
      dueDate: null,
    },
  });

  const submit = ({ assigneeId, estimatedHours, dueDate, ...common }: z.output<typeof createTaskRequest>) => {
    const body =
      variant === 'assign'
        ? {
            ...common,
            assigneeId: canAssign ? assigneeId : null,
            estimatedHours,
            // A wall-clock time of the person's own zone, which the server reads it in
            // (docs/product/tasks.md#overdue): sent as typed, without an offset.
            dueDate: dueDate || null,
          }
        : common;
    create.mutate(
      { body },
      {
        onSuccess: (task) => {
          if (variant === 'assign') toast({ title: 'Task created successfully', description: task.title });
          else toast({ title: 'Task Created', description: task.title });
          form.reset();
          onOpenChange(false);
        },
        onError: (error) => {
          applyServerErrors(form, error);
          if (variant === 'assign')
            toast({ variant: 'destructive', title: 'Error', description: 'Failed to create task' });
          else toast({ variant: 'destructive', title: 'Failed to create task', description: error.message });
        },
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      testId="create-task-dialog"
      title={variant === 'assign' ? 'Create Task' : 'Create New Task'}
      description={
        canAssign
          ? 'Describe the work and choose who does it.'
          : 'Add a task to your own list. You can start it right away.'
      }
      form={form}
      onSubmit={submit}
      idPrefix="create-task"
      submitLabel="Create Task"
      pendingLabel="Creating..."
      pending={create.isPending}
    >
      <TextField name="title" label="Title" placeholder="What needs to be done?" maxLength={200} autoFocus />
      <TextareaField
        name="description"
        label="Description"
        placeholder="Details, links, acceptance criteria"
        maxLength={5000}
      />
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
      {variant === 'assign' && (
        <>
          {canAssign ? (
            <SelectField
              name="assigneeId"
              label="Assignee"
              placeholder="Myself"
              disabled={users.isLoading}
              options={(users.data ?? []).map((u) => ({
                value: u.id,
                label: u.id === user?.id ? `${u.name} (me)` : u.name,
              }))}
            />
          ) : (
            <p className="rounded-md bg-subtle px-3 py-2 text-sm text-subtle-foreground">
              This task will be assigned to you.
            </p>
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
              hint={dueHint(ownZone)}
            />
          </div>
        </>
      )}
    </FormDialog>
  );
}
