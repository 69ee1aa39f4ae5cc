import {
  type CreateTaskRequest,
  createTaskRequest,
  type TaskPriority,
  taskPriorities,
} from '@contract/tasks';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogActions,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import {
  OptionSelect,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { useAssignableUsers, useCreateTask, useProjectOptions } from './api';
import { FormField, firstErrors } from './form-field';
import { priorityLabels } from './task-badges';

const NONE = 'none';

interface CreateTaskDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * 'personal' is the My Tasks (and dashboard) dialog: a task for oneself. 'assign' is Advanced Tasks:
   * assignee, estimate and due date, with that screen's toasts (spec point 8).
   */
  variant?: 'personal' | 'assign';
}

const empty = {
  title: '',
  description: '',
  priority: 'medium' as TaskPriority,
  projectId: NONE,
  assigneeId: '',
  estimatedHours: '0',
  dueDate: '',
};

export function CreateTaskDialog({ open, onOpenChange, variant = 'personal' }: CreateTaskDialogProps) {
  const { user } = useCurrentUser();
  const canAssign = variant === 'assign' && (user?.role === 'manager' || user?.role === 'admin');
  const projects = useProjectOptions();
  const users = useAssignableUsers(canAssign && open);
  const create = useCreateTask();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (field: keyof typeof empty) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // A message disappears as soon as the person edits the field it is about.
    setErrors((e) => (e[field] ? { ...e, [field]: '' } : e));
  };

  function close(next: boolean) {
    if (!next) {
      setValues(empty);
      setErrors({});
    }
    onOpenChange(next);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const hours = values.estimatedHours.trim() === '' ? 0 : Number(values.estimatedHours);
    const body: CreateTaskRequest = {
      title: values.title,
      description: values.description,
      priority: values.priority,
      projectId: values.projectId === NONE ? null : values.projectId,
      ...(variant === 'assign' && {
        assigneeId: canAssign && values.assigneeId ? values.assigneeId : null,
        estimatedHours: Number.isNaN(hours) ? Number.NaN : hours,
        dueDate: values.dueDate ? new Date(values.dueDate).toISOString() : null,
      }),
    };
    // The same schema the server validates with, so messages match word for word.
    const parsed = createTaskRequest.safeParse(body);
    if (!parsed.success) {
      setErrors(firstErrors(z.flattenError(parsed.error).fieldErrors));
      return;
    }
    setErrors({});
    create.mutate(body, {
      onSuccess: (task) => {
        if (variant === 'assign') toast({ title: 'Task created successfully', description: task.title });
        else toast({ title: 'Task Created', description: task.title });
        close(false);
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(firstErrors(error.fieldErrors));
        if (variant === 'assign')
          toast({ variant: 'destructive', title: 'Error', description: 'Failed to create task' });
        else toast({ variant: 'destructive', title: 'Failed to create task', description: error.message });
      },
    });
  }

  const fieldId = (name: string) => `create-task-${name}`;
  const invalid = (name: string) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${fieldId(name)}-error` } : {};

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent data-testid="create-task-dialog">
        <DialogHeader>
          <DialogTitle>{variant === 'assign' ? 'Create Task' : 'Create New Task'}</DialogTitle>
          <DialogDescription>
            {canAssign
              ? 'Describe the work and choose who does it.'
              : 'Add a task to your own list. You can start it right away.'}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <FormField id={fieldId('title')} label="Title" error={errors.title}>
            <Input
              id={fieldId('title')}
              value={values.title}
              onChange={(e) => set('title')(e.target.value)}
              placeholder="What needs to be done?"
              maxLength={200}
              autoFocus
              {...invalid('title')}
            />
          </FormField>
          <FormField id={fieldId('description')} label="Description" error={errors.description}>
            <Textarea
              id={fieldId('description')}
              value={values.description}
              onChange={(e) => set('description')(e.target.value)}
              placeholder="Details, links, acceptance criteria"
              maxLength={5000}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={fieldId('priority')} label="Priority">
              <OptionSelect
                id={fieldId('priority')}
                value={values.priority}
                options={taskPriorities}
                labels={priorityLabels}
                onValueChange={set('priority')}
              />
            </FormField>
            <FormField id={fieldId('project')} label="Project" error={errors.projectId}>
              <Select value={values.projectId} onValueChange={set('projectId')}>
                <SelectTrigger id={fieldId('project')} disabled={projects.isLoading}>
                  <SelectValue placeholder="Select a project" />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NONE}>No project</SelectItem>
                  {(projects.data ?? []).map((p) => (
                    <SelectItem key={p.id} value={p.id}>
                      {p.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
          </div>
          {variant === 'assign' && (
            <>
              {canAssign ? (
                <FormField id={fieldId('assignee')} label="Assignee" error={errors.assigneeId}>
                  <Select value={values.assigneeId} onValueChange={set('assigneeId')}>
                    <SelectTrigger id={fieldId('assignee')} disabled={users.isLoading}>
                      <SelectValue placeholder="Myself" />
                    </SelectTrigger>
                    <SelectContent>
                      {(users.data ?? []).map((u) => (
                        <SelectItem key={u.id} value={u.id}>
                          {u.id === user?.id ? `${u.name} (me)` : u.name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </FormField>
              ) : (
                <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600">
                  This task will be assigned to you.
                </p>
              )}
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField id={fieldId('hours')} label="Estimated hours" error={errors.estimatedHours}>
                  <Input
                    id={fieldId('hours')}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step={0.5}
                    value={values.estimatedHours}
                    onChange={(e) => set('estimatedHours')(e.target.value)}
                    {...invalid('estimatedHours')}
                  />
                </FormField>
                <FormField id={fieldId('due')} label="Due date" error={errors.dueDate}>
                  <Input
                    id={fieldId('due')}
                    type="datetime-local"
                    value={values.dueDate}
                    onChange={(e) => set('dueDate')(e.target.value)}
                    {...invalid('dueDate')}
                  />
                </FormField>
              </div>
            </>
          )}
          <DialogActions
            onCancel={() => close(false)}
            label="Create Task"
            pendingLabel="Creating..."
            pending={create.isPending}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
