import { createTaskRequest, type Task, type TaskEdit, taskPriorities } from '@contract/tasks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { useAssignableUsers, useCreateTask, useUpdateTask } from './api';
import { dueHintZone, dueInput } from './due-date';
import { errorDescription } from './error-description';
import { choiceOf, NO_REPEAT, RepeatFields, repeatOf } from './repeat-fields';

type TaskForm = z.output<typeof createTaskRequest>;

const EMPTY: z.input<typeof createTaskRequest> = {
  title: '',
  description: '',
  priority: 'medium',
  projectId: null,
  assigneeId: null,
  estimatedHours: 0,
  dueDate: null,
};

const valuesOf = (task: Task | undefined, timeZone: string) =>
  task
    ? {
        title: task.title,
        description: task.description,
        priority: task.priority,
        projectId: task.projectId,
        assigneeId: task.assigneeId,
        estimatedHours: task.estimatedHours,
        dueDate: dueInput(task.dueDate, timeZone),
      }
    : EMPTY;

/**
 * The one task form (docs/product/tasks.md), for creating and, given `task`, for editing it:
 * prefilled, checked by the creation schema (same messages). Creating is 'personal' (My Tasks, the
 * dashboard: a task for oneself) or 'assign' (Advanced Tasks: assignee, estimate and due date, with
 * that screen's toasts); editing always shows the estimate and due date. Only managers and admins
 * choose an assignee.
 */
export function TaskDialog({
  task,
  open,
  onOpenChange,
  variant = 'personal',
}: {
  task?: Task;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  variant?: 'personal' | 'assign';
}) {
  const { t } = useTranslation('tasks');
  const { user } = useCurrentUser();
  const manages = user?.role === 'manager' || user?.role === 'admin';
  const full = task !== undefined || variant === 'assign';
  const canAssign = full && manages;
  const projects = useProjectOptions();
  const users = useAssignableUsers(canAssign && open);
  const create = useCreateTask();
  const update = useUpdateTask();
  const ownZone = useOwnTimeZone();
  const timeZone = ownZone ?? browserTimeZone();
  const hintZone = dueHintZone(ownZone);
  const form = useZodForm(createTaskRequest, { defaultValues: valuesOf(task, timeZone) });
  // Repeat (docs/product/tasks.md#repeat) is held beside the form and sent with it.
  const [repeat, setRepeat] = useState(choiceOf(task?.repeat));
  // Editing opens on the task as it is now (a live change may have moved it since the card was drawn).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the dialog opens
  useEffect(() => {
    if (open && task) {
      form.reset(valuesOf(task, timeZone));
      setRepeat(choiceOf(task.repeat));
    }
  }, [open]);

  const submitEdit = (id: string, { assigneeId, dueDate, ...fields }: TaskForm) => {
    const body: TaskEdit = {
      ...fields,
      ...(canAssign && assigneeId ? { assigneeId } : {}),
      // A wall-clock time of the person's own zone, which the server reads it in
      // (docs/product/tasks.md#overdue): sent as typed, without an offset.
      dueDate: dueDate || null,
      // only a change of the rule starts a new one from this task on
      ...(JSON.stringify(repeat) !== JSON.stringify(choiceOf(task?.repeat))
        ? { repeat: repeatOf(repeat) }
        : {}),
    };
    update.mutate(
      { params: { id }, body },
      {
        onSuccess: (updated) => {
          toast({ title: t('dialog.updated'), description: updated.title });
          onOpenChange(false);
        },
        onError: (error) => {
          applyServerErrors(form, error);
          toast({
            variant: 'destructive',
            title: t('toast.error'),
            description: errorDescription(t('toast.updateFailed'), error),
          });
        },
      },
    );
  };

  const submitCreate = ({ assigneeId, estimatedHours, dueDate, ...common }: TaskForm) => {
    const body =
      variant === 'assign'
        ? {
            ...common,
            assigneeId: canAssign ? assigneeId : null,
            estimatedHours,
            dueDate: dueDate || null,
            repeat: repeatOf(repeat),
          }
        : common;
    create.mutate(
      { body },
      {
        onSuccess: (created) => {
          if (variant === 'assign') toast({ title: t('dialog.createdAssign'), description: created.title });
          else toast({ title: t('dialog.createdPersonal'), description: created.title });
          form.reset();
          setRepeat(NO_REPEAT);
          onOpenChange(false);
        },
        onError: (error) => {
          applyServerErrors(form, error);
          if (variant === 'assign')
            toast({ variant: 'destructive', title: t('toast.error'), description: t('dialog.createFailed') });
          else toast({ variant: 'destructive', title: t('dialog.createFailed'), description: error.message });
        },
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      pending={task ? update.isPending : create.isPending}
      onSubmit={(values) => (task ? submitEdit(task.id, values) : submitCreate(values))}
      {...(task
        ? {
            testId: 'edit-task-dialog',
            title: t('dialog.editTitle'),
            description: t('dialog.editDescription'),
            idPrefix: `edit-task-${task.id}`,
            submitLabel: t('dialog.save'),
            pendingLabel: t('dialog.saving'),
          }
        : {
            testId: 'create-task-dialog',
            title: variant === 'assign' ? t('dialog.assignTitle') : t('dialog.createTitle'),
            description: canAssign ? t('dialog.assignDescription') : t('dialog.personalDescription'),
            idPrefix: 'create-task',
            submitLabel: t('dialog.create'),
            pendingLabel: t('dialog.creating'),
          })}
    >
      <TextField
        name="title"
        label={t('dialog.title')}
        placeholder={t('dialog.titlePlaceholder')}
        maxLength={200}
        autoFocus
      />
      <TextareaField
        name="description"
        label={t('dialog.description')}
        placeholder={t('dialog.descriptionPlaceholder')}
        maxLength={5000}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField
          name="priority"
          label={t('dialog.priority')}
          options={taskPriorities.map((value) => ({ value, label: t(`priority.${value}`) }))}
        />
        <SelectField
          name="projectId"
          label={t('dialog.project')}
          noneLabel={t('dialog.noProject')}
          disabled={projects.isLoading}
          options={(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
      </div>
      {canAssign ? (
        <SelectField
          name="assigneeId"
          label={t('dialog.assignee')}
          placeholder={task ? undefined : t('dialog.myself')}
          disabled={users.isLoading}
          options={(users.data ?? (task ? [{ id: task.assigneeId, name: task.assignee }] : [])).map((u) => ({
            value: u.id,
            label: u.id === user?.id ? t('dialog.me', { name: u.name }) : u.name,
          }))}
        />
      ) : (
        variant === 'assign' &&
        !task && (
          <p className="rounded-md bg-subtle px-3 py-2 text-sm text-subtle-foreground">
            {t('dialog.assignedToYou')}
          </p>
        )
      )}
      {full && (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            name="estimatedHours"
            label={t('dialog.estimatedHours')}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.5}
          />
          <TextField
            name="dueDate"
            label={t('dialog.dueDate')}
            type="datetime-local"
            empty={null}
            hint={hintZone && t('dialog.dueHint', { zone: hintZone })}
          />
        </div>
      )}
      {full && (
        <RepeatFields
          idPrefix={task ? `edit-task-${task.id}` : 'create-task'}
          value={repeat}
          onChange={setRepeat}
        />
      )}
    </FormDialog>
  );
}
