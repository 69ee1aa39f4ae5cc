import { createLabelRequest, labelColors } from '@contract/labels';
import {
  addChecklistItemRequest,
  addSubtaskForm,
  type ChecklistItem,
  editDescriptionForm,
  editTitleForm,
  type TaskActivity,
  type TaskDetail,
} from '@contract/task-details';
import { addCommentRequest, isOverdue, SUBMISSION_NOTES, type TaskStatus } from '@contract/tasks';
import { CheckCircle2, Pencil, Play, Plus, Send, Tag, X } from 'lucide-react';
import { Popover } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DefaultValues, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Link } from 'react-router';
import {
  applyServerErrors,
  Form,
  SelectField,
  TextareaField,
  TextField,
  useZodForm,
} from '@/components/form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadMore } from '@/components/ui/load-more';
import { toast } from '@/components/ui/use-toast';
import { useCurrentUser } from '@/lib/auth';
import { formatDateTime, formatDuration, formatNumber, formatRelative } from '@/lib/format';
import { useOwnTimeZone } from '@/lib/time-zone';
import { cn } from '@/lib/utils';
import {
  useAddChecklistItem,
  useAddComment,
  useChangeTaskStatus,
  useCreateLabel,
  useCreateTask,
  useLabels,
  useRemoveChecklistItem,
  useSubmitTask,
  useTaskActivity,
  useUpdateChecklistItem,
  useUpdateTask,
} from './api';
import { Thread } from './comments-dialog';
import { formatDue } from './due-date';
import { errorDescription } from './error-description';
import { useOpenSubtasksConfirm } from './open-subtasks-confirm';
import { PriorityBadge, ReviewBadge, TaskStatusBadge } from './task-badges';
import { taskPath } from './task-card';
import { LabelChip, LabelChips, TaskProgressText } from './task-labels';
import { TaskManageActions, useMayChangeTask } from './task-manage-actions';

function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const id = `section-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Card className="grid gap-3 p-4 sm:p-5" aria-labelledby={id} role="region">
      <div className="flex items-center justify-between gap-2">
        <h2 id={id} className="text-base font-semibold text-foreground">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </Card>
  );
}

/**
 * A change the server refused: a toast with the reason (`failed`), or first its field messages on the
 * form that sent it (`failedOn(form)`). One handler for every change on the page.
 */
function useFailed() {
  const { t } = useTranslation('tasks');
  const failed = (error: Error) =>
    toast({
      variant: 'destructive',
      title: t('toast.error'),
      description: errorDescription(t('toast.updateFailed'), error),
    });
  const failedOn =
    <T extends FieldValues>(form: UseFormReturn<T, unknown, FieldValues>) =>
    (error: Error) => {
      applyServerErrors(form, error);
      failed(error);
    };
  return { failed, failedOn };
}

/** The title, editable in place by those who may change the task. */
function EditableTitle({ task, editable }: { task: TaskDetail; editable: boolean }) {
  const { t } = useTranslation('tasks');
  const [editing, setEditing] = useState(false);
  const update = useUpdateTask();
  const { failedOn } = useFailed();
  const form = useZodForm(editTitleForm, { defaultValues: { title: task.title } });
  if (!editing)
    return (
      <div className="flex min-w-0 items-start gap-2">
        <h1 className="min-w-0 break-words text-2xl font-semibold tracking-tight text-foreground">
          {task.title}
        </h1>
        {editable && (
          <Button
            variant="ghost"
            size="icon"
            className="size-8 shrink-0 text-muted-foreground"
            aria-label={t('page.editTitle')}
            onClick={() => {
              form.reset({ title: task.title });
              setEditing(true);
            }}
          >
            <Pencil aria-hidden />
          </Button>
        )}
      </div>
    );
  return (
    <Form
      form={form}
      idPrefix="task-title"
      className="gap-2"
      onSubmit={({ title }) =>
        update.mutate(
          { params: { id: task.id }, body: { title } },
          {
            onSuccess: () => {
              setEditing(false);
              toast({ title: t('dialog.updated'), description: title });
            },
            onError: failedOn(form),
          },
        )
      }
    >
      <TextField name="title" label={t('page.titleLabel')} maxLength={200} autoFocus />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={update.isPending}>
          {t('common:actions.save')}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
          {t('common:actions.cancel')}
        </Button>
      </div>
    </Form>
  );
}

function EditableDescription({ task, editable }: { task: TaskDetail; editable: boolean }) {
  const { t } = useTranslation('tasks');
  const [editing, setEditing] = useState(false);
  const update = useUpdateTask();
  const { failedOn } = useFailed();
  const form = useZodForm(editDescriptionForm, { defaultValues: { description: task.description } });
  return (
    <Section
      title={t('page.description')}
      actions={
        editable &&
        !editing && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              form.reset({ description: task.description });
              setEditing(true);
            }}
            aria-label={t('page.editDescription')}
          >
            <Pencil aria-hidden /> {t('common:actions.edit')}
          </Button>
        )
      }
    >
      {editing ? (
        <Form
          form={form}
          idPrefix="task-description"
          className="gap-2"
          onSubmit={({ description }) =>
            update.mutate(
              { params: { id: task.id }, body: { description } },
              {
                onSuccess: () => setEditing(false),
                onError: failedOn(form),
              },
            )
          }
        >
          <TextareaField
            name="description"
            label={t('page.description')}
            hideLabel
            maxLength={5000}
            rows={5}
            autoFocus
          />
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={update.isPending}>
              {t('common:actions.save')}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
              {t('common:actions.cancel')}
            </Button>
          </div>
        </Form>
      ) : task.description ? (
        <p className="whitespace-pre-wrap break-words text-sm text-subtle-foreground">{task.description}</p>
      ) : (
        <p className="text-sm text-muted-foreground">{t('page.noDescription')}</p>
      )}
    </Section>
  );
}

/** Start, Complete and Submit for Review, as on the cards; finishing asks first while sub-tasks are open. */
function StatusActions({ task }: { task: TaskDetail }) {
  const { t } = useTranslation('tasks');
  const { user } = useCurrentUser();
  const change = useChangeTaskStatus();
  const submit = useSubmitTask();
  const confirm = useOpenSubtasksConfirm();
  const { failed } = useFailed();
  const mine = user?.id === task.assigneeId;
  const move = (status: TaskStatus, force?: boolean) =>
    change.mutate(
      { params: { id: task.id }, body: { status, force } },
      {
        onSuccess: (updated) =>
          toast({
            title: t('toast.updated'),
            description: t('toast.movedTo', { title: updated.title, status: t(`status.${updated.status}`) }),
          }),
        onError: (error) => {
          if (!confirm.refused(error, () => move(status, true))) failed(error);
        },
      },
    );
  const submitForReview = (force = false) =>
    submit.mutate(
      { params: { id: task.id }, body: { submissionNotes: SUBMISSION_NOTES, force } },
      {
        onSuccess: () => toast({ title: t('toast.submitted'), description: task.title }),
        onError: (error) => {
          if (!confirm.refused(error, () => submitForReview(true))) failed(error);
        },
      },
    );
  const open = task.status === 'todo' || task.status === 'in_progress';
  return (
    <>
      {task.status === 'todo' && (
        <Button size="sm" onClick={() => move('in_progress')} disabled={change.isPending}>
          <Play aria-hidden /> {t('card.start')}
        </Button>
      )}
      {task.status === 'in_progress' && task.reviewStatus !== 'rework' && (
        <Button size="sm" onClick={() => move('completed')} disabled={change.isPending}>
          <CheckCircle2 aria-hidden /> {t('card.complete')}
        </Button>
      )}
      {open && !task.isPaused && mine && (
        <Button size="sm" variant="outline" onClick={() => submitForReview()} disabled={submit.isPending}>
          <Send aria-hidden /> {t('card.submitForReview')}
        </Button>
      )}
      {confirm.dialog}
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] items-start gap-2 py-1.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words text-foreground">{children}</dd>
    </div>
  );
}

/** The labels, with a picker for those who may change the task; managers and admins add new ones there. */
function LabelPicker({ task }: { task: TaskDetail }) {
  const { t } = useTranslation('tasks');
  const { user } = useCurrentUser();
  const manages = user?.role === 'manager' || user?.role === 'admin';
  const labels = useLabels();
  const update = useUpdateTask();
  const create = useCreateLabel();
  const { failed } = useFailed();
  const chosen = new Set(task.labels.map((l) => l.id));
  const form = useZodForm(createLabelRequest, { defaultValues: { name: '', color: labelColors[5] } });
  const setLabels = (labelIds: string[]) =>
    update.mutate({ params: { id: task.id }, body: { labelIds } }, { onError: failed });
  const toggle = (id: string) =>
    setLabels(chosen.has(id) ? [...chosen].filter((l) => l !== id) : [...chosen, id]);
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button size="sm" variant="outline">
          <Tag aria-hidden /> {t('labels.edit')}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          collisionPadding={8}
          aria-label={t('labels.title')}
          className="z-50 grid w-72 gap-3 rounded-md border border-border bg-popover p-3 text-popover-foreground shadow-lg"
        >
          <fieldset className="grid gap-1">
            <legend className="mb-1 text-sm font-medium">{t('labels.title')}</legend>
            {(labels.data ?? []).length === 0 && (
              <p className="text-sm text-muted-foreground">{t('labels.none')}</p>
            )}
            {(labels.data ?? []).map((l) => (
              <label
                key={l.id}
                className="flex cursor-pointer items-center gap-2 rounded px-1 py-1 hover:bg-accent"
              >
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={chosen.has(l.id)}
                  disabled={update.isPending}
                  onChange={() => toggle(l.id)}
                />
                <LabelChip label={l} />
              </label>
            ))}
          </fieldset>
          {manages && (
            <Form
              form={form}
              idPrefix="new-label"
              className="gap-2 border-t border-border pt-3"
              onSubmit={(body) =>
                create.mutate(
                  { body },
                  {
                    onSuccess: (label) => {
                      form.reset({ name: '', color: body.color });
                      setLabels([...chosen, label.id]);
                      toast({ title: t('labels.created'), description: label.name });
                    },
                    onError: (error) => {
                      applyServerErrors(form, error);
                    },
                  },
                )
              }
            >
              <TextField name="name" label={t('labels.name')} maxLength={40} />
              <SelectField
                name="color"
                label={t('labels.color')}
                options={labelColors.map((c) => ({ value: c, label: t(`labels.colors.${c.slice(1)}`) }))}
              />
              <Button type="submit" size="sm" disabled={create.isPending}>
                <Plus aria-hidden /> {t('labels.add')}
              </Button>
            </Form>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function Facts({ task, editable }: { task: TaskDetail; editable: boolean }) {
  const { t } = useTranslation('tasks');
  const ownZone = useOwnTimeZone();
  const spent = formatDuration(task.timeSpent * 3600);
  return (
    <Section title={t('page.details')}>
      <dl className="divide-y divide-border">
        <Fact label={t('filters.status')}>
          <span className="flex flex-wrap gap-1.5">
            <TaskStatusBadge status={task.status} />
            <ReviewBadge task={task} />
            {task.isPaused && (
              <span className="text-xs font-medium text-warning-foreground">{t('card.paused')}</span>
            )}
          </span>
        </Fact>
        <Fact label={t('page.priority')}>
          <PriorityBadge priority={task.priority} />
        </Fact>
        <Fact label={t('card.project')}>
          {task.projectId ? (
            <Link to={`/projects/${task.projectId}`} className="underline-offset-2 hover:underline">
              {task.project}
            </Link>
          ) : (
            <span className="text-muted-foreground">{t('card.noProject')}</span>
          )}
        </Fact>
        <Fact label={t('card.assignee')}>{task.assignee}</Fact>
        {task.assignedBy && <Fact label={t('page.assignedBy')}>{task.assignedBy}</Fact>}
        <Fact label={t('card.timeSpent')}>
          {task.estimatedHours > 0
            ? t('page.spentOfEstimate', {
                spent,
                estimate: formatNumber(task.estimatedHours, { maximumFractionDigits: 2 }),
              })
            : t('card.spent', { spent })}
        </Fact>
        <Fact label={t('card.dueDate')}>
          <span className={cn(isOverdue(task) && 'font-medium text-danger')}>
            {task.dueDate ? formatDue(task.dueDate, ownZone) : t('card.noDueDate')}
          </span>
        </Fact>
        <Fact label={t('labels.title')}>
          <div className="grid gap-2">
            {task.labels.length > 0 ? (
              <LabelChips labels={task.labels} />
            ) : (
              <span className="text-muted-foreground">{t('labels.noneOnTask')}</span>
            )}
            {editable && (
              <div>
                <LabelPicker task={task} />
              </div>
            )}
          </div>
        </Fact>
      </dl>
    </Section>
  );
}

function Reviews({ task }: { task: TaskDetail }) {
  const { t } = useTranslation('tasks');
  if (task.reviews.length === 0 && !task.submittedAt) return null;
  return (
    <Section title={t('page.reviews')}>
      {task.status === 'pending_review' && task.submittedAt && (
        <p className="text-sm text-subtle-foreground">
          {t('page.submittedAt', { when: formatDateTime(task.submittedAt) })}
        </p>
      )}
      <ol className="grid gap-2">
        {task.reviews.map((r) => (
          <li key={r.id} className="rounded-md bg-subtle px-3 py-2 text-sm">
            <p className="font-medium text-foreground">
              {t(r.decision === 'approved' ? 'page.reviewApproved' : 'page.reviewRework', {
                name: r.reviewer,
              })}
            </p>
            <p className="text-xs text-muted-foreground">
              <time dateTime={r.decidedAt}>{formatDateTime(r.decidedAt)}</time>
            </p>
            {r.comments && (
              <p className="mt-1 whitespace-pre-wrap break-words text-subtle-foreground">{r.comments}</p>
            )}
          </li>
        ))}
      </ol>
    </Section>
  );
}

/**
 * One line to add something to a list on the page (a sub-task, a checklist item): a text box labelled
 * for screen readers and an Add button. Emptied once the server took it; a refusal shows on the box
 * and in a toast.
 */
function AddLineForm<S extends z.ZodType<FieldValues, FieldValues>>({
  schema,
  name,
  idPrefix,
  label,
  addLabel,
  maxLength,
  pending,
  onAdd,
}: {
  schema: S;
  /** the schema's one text field */
  name: Path<z.input<S>>;
  idPrefix: string;
  label: string;
  addLabel: string;
  maxLength: number;
  pending: boolean;
  onAdd: (values: z.output<S>, done: { onSuccess: () => void; onError: (error: Error) => void }) => void;
}) {
  const { failedOn } = useFailed();
  const empty = { [name]: '' } as DefaultValues<z.input<S>>;
  const form = useZodForm(schema, { defaultValues: empty });
  return (
    <Form
      form={form}
      idPrefix={idPrefix}
      className="flex-row items-end gap-2"
      onSubmit={(values) => onAdd(values, { onSuccess: () => form.reset(empty), onError: failedOn(form) })}
    >
      <TextField
        name={name}
        label={label}
        hideLabel
        placeholder={label}
        maxLength={maxLength}
        className="flex-1"
      />
      <Button type="submit" size="sm" variant="outline" disabled={pending}>
        <Plus aria-hidden /> {addLabel}
      </Button>
    </Form>
  );
}

function Subtasks({ task }: { task: TaskDetail }) {
  const { t } = useTranslation('tasks');
  const { user } = useCurrentUser();
  // Managers and admins give a new sub-task to the parent's assignee; everyone else keeps it.
  const assigneeId = user?.role === 'manager' || user?.role === 'admin' ? task.assigneeId : null;
  const create = useCreateTask();
  if (task.parentId) return null; // one level only
  return (
    <Section title={t('page.subtasks')}>
      {task.subtasks.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('page.noSubtasks')}</p>
      ) : (
        <ul className="grid gap-1" aria-label={t('page.subtasks')}>
          {task.subtasks.map((s) => (
            <li key={s.id} className="flex items-center justify-between gap-2 text-sm">
              <Link
                to={taskPath(s.id)}
                className={cn(
                  'min-w-0 truncate hover:underline',
                  s.status === 'completed' && 'line-through text-muted-foreground',
                )}
              >
                {s.title}
              </Link>
              <TaskStatusBadge status={s.status} />
            </li>
          ))}
        </ul>
      )}
      <AddLineForm
        schema={addSubtaskForm}
        name="title"
        idPrefix="subtask"
        label={t('page.newSubtask')}
        addLabel={t('page.addSubtask')}
        maxLength={200}
        pending={create.isPending}
        onAdd={({ title }, done) => create.mutate({ body: { title, parentId: task.id, assigneeId } }, done)}
      />
    </Section>
  );
}

function ChecklistRow({ taskId, item }: { taskId: string; item: ChecklistItem }) {
  const { t } = useTranslation('tasks');
  const update = useUpdateChecklistItem();
  const remove = useRemoveChecklistItem();
  const { failed } = useFailed();
  const id = `check-${item.id}`;
  return (
    <li className="flex items-center gap-2 text-sm">
      <input
        id={id}
        type="checkbox"
        className="size-4 accent-primary"
        checked={item.done}
        disabled={update.isPending}
        onChange={(e) =>
          update.mutate(
            { params: { id: taskId, itemId: item.id }, body: { done: e.target.checked } },
            { onError: failed },
          )
        }
      />
      <label
        htmlFor={id}
        className={cn('min-w-0 flex-1 break-words', item.done && 'line-through text-muted-foreground')}
      >
        {item.text}
      </label>
      <Button
        variant="ghost"
        size="icon"
        className="size-7 text-muted-foreground"
        aria-label={t('page.removeItem', { text: item.text })}
        disabled={remove.isPending}
        onClick={() => remove.mutate({ params: { id: taskId, itemId: item.id } }, { onError: failed })}
      >
        <X aria-hidden />
      </Button>
    </li>
  );
}

function Checklist({ task }: { task: TaskDetail }) {
  const { t } = useTranslation('tasks');
  const add = useAddChecklistItem();
  return (
    <Section title={t('page.checklist')} actions={<TaskProgressText progress={task.progress} />}>
      {task.checklist.length > 0 && (
        <ul className="grid gap-1" aria-label={t('page.checklist')}>
          {task.checklist.map((item) => (
            <ChecklistRow key={item.id} taskId={task.id} item={item} />
          ))}
        </ul>
      )}
      <AddLineForm
        schema={addChecklistItemRequest}
        name="text"
        idPrefix="checklist"
        label={t('page.newItem')}
        addLabel={t('page.addItem')}
        maxLength={300}
        pending={add.isPending}
        onAdd={(body, done) => add.mutate({ params: { id: task.id }, body }, done)}
      />
    </Section>
  );
}

function Comments({ task }: { task: TaskDetail }) {
  const { t } = useTranslation('tasks');
  const add = useAddComment();
  const form = useZodForm(addCommentRequest, { defaultValues: { text: '' } });
  return (
    <Section title={t('card.comments', { count: task.comments.length })}>
      <Thread comments={task.comments} scroll={false} />
      <Form
        form={form}
        idPrefix="page-comment"
        className="gap-2"
        onSubmit={(body) =>
          add.mutate(
            { params: { id: task.id }, body },
            {
              onSuccess: () => {
                form.reset();
                toast({ title: t('comments.added') });
              },
              onError: () =>
                toast({ variant: 'destructive', title: t('toast.error'), description: t('comments.failed') }),
            },
          )
        }
      >
        <TextareaField
          name="text"
          label={t('comments.label')}
          placeholder={t('comments.placeholder')}
          maxLength={2000}
          rows={2}
        />
        <div>
          <Button type="submit" size="sm" disabled={add.isPending}>
            {add.isPending ? t('comments.pending') : t('comments.submit')}
          </Button>
        </div>
      </Form>
    </Section>
  );
}

/** One line of the history: who did what, old → new for edits. */
function ActivityLine({ entry }: { entry: TaskActivity }) {
  const { t } = useTranslation('tasks');
  const who = entry.actor ?? t('activity.system');
  const d = entry.details;
  const shown = (field: string, v: unknown) => {
    if (v === null || v === undefined || v === '') return t('activity.empty');
    if (field === 'priority') return t(`priority.${v as TaskDetail['priority']}`);
    if (field === 'dueDate') return formatDateTime(String(v));
    if (field === 'estimatedHours') return formatNumber(Number(v), { maximumFractionDigits: 2 });
    return String(v);
  };
  let what: ReactNode;
  switch (entry.kind) {
    case 'edited':
      what = (
        <>
          {t('activity.edited', { name: who })}
          <ul className="mt-0.5 grid gap-0.5 text-xs text-muted-foreground">
            {Object.entries(d.changes ?? {}).map(([field, change]) => (
              <li key={field} className="break-words">
                {t('activity.change', {
                  field: t(`activity.fields.${field}`, { defaultValue: field }),
                  from: shown(field, change.from),
                  to: shown(field, change.to),
                })}
              </li>
            ))}
          </ul>
        </>
      );
      break;
    case 'status_changed':
      what = t('activity.status_changed', {
        name: who,
        from: t(`status.${d.from as TaskStatus}`),
        to: t(`status.${d.to as TaskStatus}`),
      });
      break;
    case 'labels_changed':
      what = t('activity.labels_changed', {
        name: who,
        added: (d.added ?? []).join(', ') || '—',
        removed: (d.removed ?? []).join(', ') || '—',
      });
      break;
    case 'timer_stopped':
      what = t('activity.timer_stopped', { name: who, duration: formatDuration(d.seconds ?? 0) });
      break;
    default:
      what = t(`activity.${entry.kind}`, { name: who, text: d.text ?? d.title ?? '' });
  }
  return (
    <li className="grid gap-0.5 border-l-2 border-border pl-3 text-sm" data-testid="activity-entry">
      <div className="break-words text-foreground">{what}</div>
      <time
        dateTime={entry.createdAt}
        title={formatDateTime(entry.createdAt)}
        className="text-xs text-muted-foreground"
      >
        {formatRelative(entry.createdAt)}
      </time>
    </li>
  );
}

function Activity({ taskId }: { taskId: string }) {
  const { t } = useTranslation('tasks');
  const activity = useTaskActivity(taskId);
  const entries = activity.data?.pages.flat() ?? [];
  return (
    <Section title={t('page.activity')}>
      {entries.length === 0 && !activity.isLoading ? (
        <p className="text-sm text-muted-foreground">{t('activity.none')}</p>
      ) : (
        <ol className="grid gap-3" aria-label={t('page.activity')}>
          {entries.map((e) => (
            <ActivityLine key={e.id} entry={e} />
          ))}
        </ol>
      )}
      {activity.hasNextPage && <LoadMore pages={activity} label={t('activity.more')} />}
    </Section>
  );
}

/**
 * A task's page (docs/product/tasks.md#task-page): everything about one task on one screen. `actions`
 * are the page's own additions beside the task's buttons (its timer); `onDeleted` what the page does
 * once the task went to the Trash (it leaves).
 */
export function TaskDetails({
  task,
  actions,
  onDeleted,
}: {
  task: TaskDetail;
  actions?: ReactNode;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation('tasks');
  const editable = useMayChangeTask(task);
  return (
    <div className="grid gap-6">
      <header className="grid gap-3">
        {task.parent && (
          <p className="text-sm text-muted-foreground">
            {t('page.subtaskOf')}{' '}
            <Link to={taskPath(task.parent.id)} className="font-medium text-foreground hover:underline">
              {task.parent.title}
            </Link>
          </p>
        )}
        <EditableTitle task={task} editable={editable} />
        <div className="flex flex-wrap items-center gap-2">
          <StatusActions task={task} />
          {actions}
          <TaskManageActions task={task} onDeleted={onDeleted} />
        </div>
      </header>
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="grid min-w-0 content-start gap-6">
          <EditableDescription task={task} editable={editable} />
          <Subtasks task={task} />
          <Checklist task={task} />
          <Comments task={task} />
        </div>
        <div className="grid min-w-0 content-start gap-6">
          <Facts task={task} editable={editable} />
          <Reviews task={task} />
          <Activity taskId={task.id} />
        </div>
      </div>
    </div>
  );
}
