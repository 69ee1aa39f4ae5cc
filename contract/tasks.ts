import { z } from 'zod';
import { dateTimeInput, errorBody, idParam, isoDate, text } from './common';
import { endpoints } from './endpoint';

export const taskPriorities = ['low', 'medium', 'high'] as const;
export const taskPrioritySchema = z.enum(taskPriorities, { message: 'priority_invalid' });
export type TaskPriority = z.infer<typeof taskPrioritySchema>;

export const taskStatuses = ['todo', 'in_progress', 'pending_review', 'completed'] as const;
export const taskStatusSchema = z.enum(taskStatuses, { message: 'status_invalid' });
export type TaskStatus = z.infer<typeof taskStatusSchema>;

export const reviewStatuses = ['approved', 'rework', 'pending'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

/** The notes Submit for Review sends (docs/product/tasks.md#review-workflow; i18n: stored data). */
export const SUBMISSION_NOTES = 'Task completed and ready for review';

const optionalId = (message: string) =>
  z
    .uuid({ message })
    .nullish()
    .transform((v) => v ?? null);

const taskTitle = text({ required: 'title_required', max: 200, tooLong: 'title_too_long' });
const taskDescription = text({
  notText: 'description_not_text',
  max: 5000,
  tooLong: 'description_too_long',
  multiline: true,
});
const estimatedHours = z
  .number({ message: 'estimated_hours_number' })
  .min(0, 'estimated_hours_negative')
  .max(10_000, 'estimated_hours_too_large');
const dueDate = dateTimeInput('due_date_invalid');
/** The labels a task carries, all of them (docs/product/tasks.md#labels); [] clears them. */
const labelIds = z
  .array(z.uuid({ message: 'label_invalid' }), { message: 'label_invalid' })
  .max(20, 'too_many_labels');

/** How a task repeats (docs/product/tasks.md#repeat); the weekdays are 0 = Monday … 6 = Sunday. */
export const repeatFrequencies = ['daily', 'weekdays', 'weekly', 'monthly'] as const;
export const repeatSchema = z
  .object({
    frequency: z.enum(repeatFrequencies, { message: 'repeat_invalid' }),
    /** weekly: the days it repeats on (at least one) */
    weekdays: z.array(z.number().int().min(0).max(6), { message: 'repeat_invalid' }).max(7).default([]),
    /** monthly: the day of the month; 29–31 mean the month's last day in a shorter month */
    monthDay: z
      .number({ message: 'repeat_invalid' })
      .int()
      .min(1)
      .max(31)
      .nullish()
      .transform((v) => v ?? null),
    end: z.discriminatedUnion(
      'type',
      [
        z.object({ type: z.literal('never') }),
        /** after this many occurrences, the first included */
        z.object({
          type: z.literal('after'),
          count: z.number().int().min(1, 'repeat_count').max(1000, 'repeat_count'),
        }),
        /** the last day an occurrence may fall on */
        z.object({ type: z.literal('on'), date: isoDate }),
      ],
      { message: 'repeat_invalid' },
    ),
  })
  .superRefine((r, ctx) => {
    if (r.frequency === 'weekly' && r.weekdays.length === 0)
      ctx.addIssue({ code: 'custom', path: ['weekdays'], message: 'repeat_weekdays_required' });
    if (r.frequency === 'monthly' && r.monthDay === null)
      ctx.addIssue({ code: 'custom', path: ['monthDay'], message: 'repeat_month_day_required' });
  });
export type Repeat = z.output<typeof repeatSchema>;
export type RepeatInput = z.input<typeof repeatSchema>;
/** A repeating task needs a due date: its occurrences are its due dates. */
export const REPEAT_NEEDS_DUE_DATE = 'repeat_needs_due_date';

/**
 * One body for both dialogs (My Tasks and Advanced). Records are referenced by id (docs/product/api-conventions.md#references);
 * a client-sent `assignedBy` is ignored because unknown fields are stripped.
 */
export const createTaskRequest = z.object({
  title: taskTitle,
  description: taskDescription.default(''),
  priority: taskPrioritySchema.default('medium'),
  projectId: optionalId('project_invalid'),
  /** Omitted: the task is the creator's own. */
  assigneeId: optionalId('assignee_invalid'),
  estimatedHours: estimatedHours.default(0),
  dueDate: dueDate.nullish().transform((v) => v ?? null),
  /** A sub-task's parent (docs/product/tasks.md#sub-tasks): one level; the sub-task takes its project. */
  parentId: optionalId('parent_invalid'),
  labelIds: labelIds.default([]),
  /** repeat the task (docs/product/tasks.md#repeat); needs a due date */
  repeat: repeatSchema.nullish().transform((v) => v ?? null),
});
export type CreateTaskRequest = z.input<typeof createTaskRequest>;

/** The fields of a task its creator, managers and admins may change (docs/product/tasks.md#editing). */
export const editableTaskFields = [
  'title',
  'description',
  'priority',
  'projectId',
  'assigneeId',
  'estimatedHours',
  'dueDate',
  'labelIds',
  'repeat',
] as const;

/**
 * Where a moved card lands in its column (docs/product/tasks.md#board): between the task above it
 * (`afterId`) and the task below it (`beforeId`), as the mover saw them; null at the column's top or end.
 */
export const taskPositionSchema = z.object({
  afterId: z.uuid({ message: 'position_invalid' }).nullable(),
  beforeId: z.uuid({ message: 'position_invalid' }).nullable(),
});
export type TaskPosition = z.infer<typeof taskPositionSchema>;

/**
 * `PATCH /api/tasks/{id}`: either a status move (`{status}`, the assignee's Start and Complete; with
 * `position`, the board's drop, which may also be a move within the same column) or an edit of some
 * of the task's fields, with the messages of creation. Omitted fields stay; `projectId` and `dueDate`
 * take null to clear them.
 */
export const updateTaskRequest = z
  .object({
    status: taskStatusSchema.optional(),
    position: taskPositionSchema.optional(),
    title: taskTitle.optional(),
    description: taskDescription.optional(),
    priority: taskPrioritySchema.optional(),
    projectId: z.uuid({ message: 'project_invalid' }).nullable().optional(),
    assigneeId: z.uuid({ message: 'assignee_invalid' }).optional(),
    estimatedHours: estimatedHours.optional(),
    dueDate: dueDate.nullable().optional(),
    labelIds: labelIds.optional(),
    /** Complete a parent whose sub-tasks are still open, as the user confirmed (docs/product/tasks.md#sub-tasks). */
    force: z.boolean({ message: 'force_invalid' }).optional(),
    /** a new rule from this task on; null stops repeating */
    repeat: repeatSchema.nullable().optional(),
  })
  .superRefine((body, ctx) => {
    const edits = editableTaskFields.filter((f) => body[f] !== undefined);
    if (body.status === undefined && body.position === undefined && edits.length === 0)
      ctx.addIssue({ code: 'custom', path: [], message: 'nothing_to_change' });
    if (body.status !== undefined && edits.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['status'],
        message: 'status_not_with_edit',
      });
    if (body.position !== undefined && body.status === undefined)
      ctx.addIssue({ code: 'custom', path: ['position'], message: 'position_needs_status' });
  });
export type UpdateTaskRequest = z.input<typeof updateTaskRequest>;
export type TaskEdit = Omit<z.output<typeof updateTaskRequest>, 'status' | 'force' | 'position'>;

/** The most tasks one bulk request may change (docs/product/tasks.md#bulk-edit). */
export const BULK_MAX_TASKS = 500;

/**
 * `POST /api/tasks/bulk`: one change for many tasks, applied to all of them or to none. `set` holds
 * exactly one of a status move or an edit of priority, assignee or project; `delete: true` deletes.
 */
export const bulkTasksRequest = z
  .object({
    ids: z
      .array(z.uuid({ message: 'bulk_id_invalid' }), { message: 'bulk_ids_required' })
      .min(1, 'bulk_ids_required')
      .max(BULK_MAX_TASKS, 'bulk_too_many'),
    set: z
      .object({
        status: taskStatusSchema.optional(),
        priority: taskPrioritySchema.optional(),
        assigneeId: z.uuid({ message: 'assignee_invalid' }).optional(),
        projectId: z.uuid({ message: 'project_invalid' }).nullable().optional(),
      })
      .optional(),
    delete: z.literal(true, { message: 'bulk_action_required' }).optional(),
  })
  .superRefine((body, ctx) => {
    const changes = body.set ? Object.values(body.set).filter((v) => v !== undefined).length : 0;
    if (body.delete ? changes > 0 || body.set !== undefined : changes !== 1)
      ctx.addIssue({ code: 'custom', path: ['set'], message: 'bulk_action_required' });
  });
export type BulkTasksRequest = z.input<typeof bulkTasksRequest>;

/** Why one task of a bulk request was refused: its refusal's code and message, as a single request gets. */
export const bulkRefusalSchema = z.object({ id: z.string(), code: z.string(), message: z.string() });
export type BulkRefusal = z.infer<typeof bulkRefusalSchema>;

/** A bulk request refused (409 `bulk_refused`): nothing was changed; `items` says why for each task. */
export const bulkRefusedBody = errorBody.extend({ items: z.array(bulkRefusalSchema) });
export type BulkRefusedBody = z.infer<typeof bulkRefusedBody>;

/** Editing and deleting are for the task's creator, managers and admins. */
export const EDIT_ONLY_CREATOR = 'edit_only_creator';
export const DELETE_ONLY_CREATOR = 'delete_only_creator';

export const submitTaskRequest = z.object({
  submissionNotes: text({
    notText: 'notes_not_text',
    max: 2000,
    tooLong: 'notes_too_long',
    multiline: true,
  }).default(SUBMISSION_NOTES),
  /** Submit a parent whose sub-tasks are still open, as the user confirmed. */
  force: z.boolean({ message: 'force_invalid' }).default(false),
});

/** Sending a task back without saying why leaves the assignee guessing; the reason is required. */
export const REWORK_REASON_REQUIRED = 'rework_reason_required';

/** Only the person doing the task submits it (for a task of one's own, that is its creator). */
export const SUBMIT_ONLY_ASSIGNEE = 'submit_only_assignee';

export const reviewTaskRequest = z
  .object({
    action: z.enum(['approve', 'rework'], { message: 'review_decision_invalid' }),
    reviewComments: text({
      notText: 'comments_not_text',
      max: 2000,
      tooLong: 'comments_too_long',
      multiline: true,
    }).default(''),
  })
  .superRefine((body, ctx) => {
    if (body.action === 'rework' && !body.reviewComments) {
      ctx.addIssue({ code: 'custom', path: ['reviewComments'], message: REWORK_REASON_REQUIRED });
    }
  });
export type ReviewTaskRequest = z.input<typeof reviewTaskRequest>;

export const addCommentRequest = z.object({
  text: text({
    required: 'comment_is_required',
    max: 2000,
    tooLong: 'comment_too_long',
    multiline: true,
  }),
});
export type AddCommentRequest = z.input<typeof addCommentRequest>;

export const taskCommentSchema = z.object({
  id: z.string(),
  text: z.string(),
  authorId: z.string().nullable(),
  /** The author's name, from the session that wrote it. */
  author: z.string(),
  createdAt: z.string(),
});
export type TaskComment = z.infer<typeof taskCommentSchema>;

export const labelSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** #rrggbb */
  color: z.string(),
});
export type Label = z.infer<typeof labelSchema>;

/** What is done of a task's parts: its sub-tasks completed plus its checklist items ticked. */
export const taskProgressSchema = z.object({ done: z.number().int(), total: z.number().int() });
export type TaskProgress = z.infer<typeof taskProgressSchema>;

export const taskSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** the parent of a sub-task, null for a task of its own */
  parentId: z.string().nullable(),
  description: z.string(),
  priority: taskPrioritySchema,
  status: taskStatusSchema,
  projectId: z.string().nullable(),
  project: z.string().nullable(),
  assigneeId: z.string(),
  assignee: z.string(),
  /** the assignee's picture (profileImageUrl); null: initials */
  assigneeImageUrl: z.string().nullable(),
  assignedById: z.string().nullable(),
  assignedBy: z.string().nullable(),
  estimatedHours: z.number(),
  /** Hours: tracked seconds / 3600, unrounded (docs/product/tasks.md#time-spent). */
  timeSpent: z.number(),
  dueDate: z.string().nullable(),
  isPaused: z.boolean(),
  reviewStatus: z.enum(reviewStatuses).nullable(),
  reviewedById: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewComments: z.string().nullable(),
  submissionNotes: z.string().nullable(),
  submittedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  comments: z.array(taskCommentSchema),
  /** by name, A–Z */
  labels: z.array(labelSchema),
  /** sub-tasks completed + checklist items done, of all of them; total 0: none */
  progress: taskProgressSchema,
  /** how it repeats, in the zone its rule counts in; null: it does not */
  repeat: z
    .object({
      frequency: z.enum(repeatFrequencies),
      weekdays: z.array(z.number().int()),
      monthDay: z.number().int().nullable(),
      end: z.union([
        z.object({ type: z.literal('never') }),
        z.object({ type: z.literal('after'), count: z.number().int() }),
        z.object({ type: z.literal('on'), date: z.string() }),
      ]),
      zone: z.string(),
    })
    .nullable(),
});
export type Task = z.infer<typeof taskSchema>;
export type TaskRepeat = NonNullable<Task['repeat']>;

export const bulkTasksResponse = z.object({
  /** the changed tasks, as the lists show them (empty after a delete) */
  tasks: z.array(taskSchema),
  /** how many tasks were changed or deleted */
  count: z.number().int(),
});

const optionalFilterId = z.uuid({ message: 'filter_invalid' }).optional();

/** Newest first; `before` is the id of the last task of the previous page. */
export const myTasksQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  before: z.uuid({ message: 'invalid_cursor' }).optional(),
});
export type MyTasksQuery = z.infer<typeof myTasksQuery>;

/**
 * The orders of Advanced Tasks' table (docs/product/tasks.md#task-table); `created` is newest first;
 * `rank` is the board's order within a column (docs/product/tasks.md#board; `order` is ignored).
 */
export const taskSorts = ['created', 'dueDate', 'priority', 'status', 'assignee', 'rank'] as const;
export type TaskSort = (typeof taskSorts)[number];

export const tasksQuery = myTasksQuery.extend({
  sort: z.enum(taskSorts, { message: 'sort_invalid' }).default('created'),
  /** for a sort other than `created`: asc (soonest due, highest priority, to do first, A–Z) or desc */
  order: z.enum(['asc', 'desc'], { message: 'order_invalid' }).default('asc'),
  status: taskStatusSchema.optional(),
  assigneeId: optionalFilterId,
  projectId: optionalFilterId,
  search: text({ max: 100, tooLong: 'task_search_too_long' }).optional(),
  labelId: optionalFilterId,
});
export type TasksQuery = z.infer<typeof tasksQuery>;
export type TaskFilters = Pick<TasksQuery, 'status' | 'assigneeId' | 'projectId' | 'search' | 'labelId'> &
  Partial<Pick<TasksQuery, 'sort' | 'order'>>;

/** A change of a task: refused with 409 when the task's state forbids it (or it changed meanwhile). */
const task = { 200: taskSchema, 409: errorBody } as const;

export const tasksApi = endpoints('Tasks', {
  listMine: {
    method: 'GET',
    path: '/api/my-tasks',
    summary: "The caller's tasks, newest first",
    access: 'signedIn',
    query: myTasksQuery,
    responses: { 200: z.array(taskSchema) },
  },
  list: {
    method: 'GET',
    path: '/api/tasks',
    summary: 'Tasks the caller may see (employees: their own; managers and admins: all), filtered',
    access: 'signedIn',
    query: tasksQuery,
    responses: { 200: z.array(taskSchema) },
  },
  create: {
    method: 'POST',
    path: '/api/tasks',
    summary: 'Create a task for oneself, or (managers and admins) assign it to someone',
    access: 'signedIn',
    body: createTaskRequest,
    responses: { 201: taskSchema },
  },
  update: {
    method: 'PATCH',
    path: '/api/tasks/{id}',
    summary:
      'Start (todo → in_progress) or complete (in_progress → completed) a task, or (its creator, managers and admins) edit its fields',
    access: 'signedIn',
    params: idParam,
    body: updateTaskRequest,
    responses: task,
  },
  remove: {
    method: 'DELETE',
    path: '/api/tasks/{id}',
    summary:
      'Move a task to the Trash for 30 days (its creator, managers and admins); its time entries keep their hours',
    access: 'signedIn',
    params: idParam,
    responses: { 204: null, 409: errorBody },
  },
  restore: {
    method: 'POST',
    path: '/api/tasks/{id}/restore',
    summary:
      'Take a task out of the Trash, with its comments and time links (the one who deleted it, its creator, admins)',
    access: 'signedIn',
    params: idParam,
    responses: { 200: taskSchema, 409: errorBody },
  },
  togglePause: {
    method: 'PATCH',
    path: '/api/tasks/{id}/pause',
    summary: 'Pause or resume a task (pausing stops its running timer)',
    access: 'signedIn',
    params: idParam,
    responses: task,
  },
  submit: {
    method: 'PATCH',
    path: '/api/tasks/{id}/submit',
    summary: 'Submit a task for review',
    access: 'signedIn',
    params: idParam,
    body: submitTaskRequest,
    responses: task,
  },
  review: {
    method: 'PATCH',
    path: '/api/tasks/{id}/review',
    summary: 'Approve a task pending review, or send it back for rework',
    access: ['manager', 'admin'],
    params: idParam,
    body: reviewTaskRequest,
    responses: task,
  },
  bulk: {
    method: 'POST',
    path: '/api/tasks/bulk',
    summary: `Change the status, priority, assignee or project of up to ${BULK_MAX_TASKS} tasks, or delete them, all or none: each by the rules of its single change; if any is refused, nothing changes and the 409 lists every refused task with its reason`,
    access: 'signedIn',
    body: bulkTasksRequest,
    responses: { 200: bulkTasksResponse, 409: bulkRefusedBody },
  },
  addComment: {
    method: 'POST',
    path: '/api/tasks/{id}/comments',
    summary: 'Comment on a task',
    access: 'signedIn',
    params: idParam,
    body: addCommentRequest,
    responses: { 201: taskCommentSchema },
  },
});

/**
 * THE definition of overdue (docs/product/tasks.md#overdue): a due date that has passed, on a task
 * not completed. The task screens ask it; the tasks report writes the same rule in SQL.
 */
export const isOverdue = (task: { dueDate: string | null; status: string }, now: number = Date.now()) =>
  task.dueDate !== null && task.status !== 'completed' && Date.parse(task.dueDate) < now;
