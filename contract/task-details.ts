import { z } from 'zod';
import { idParam, pageQuery, text } from './common';
import { endpoints } from './endpoint';
import { createTaskRequest, reviewStatuses, taskSchema, taskStatusSchema } from './tasks';

/** A sub-task as its parent's page lists it. */
export const subtaskSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: taskStatusSchema,
  assigneeId: z.string(),
  assignee: z.string(),
});
export type Subtask = z.infer<typeof subtaskSchema>;

export const checklistItemSchema = z.object({
  id: z.string(),
  text: z.string(),
  done: z.boolean(),
  position: z.number().int(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

/** One review decision, oldest first (docs/product/tasks.md#review-workflow). */
export const taskReviewSchema = z.object({
  id: z.string(),
  decision: z.enum(reviewStatuses),
  reviewerId: z.string().nullable(),
  reviewer: z.string(),
  submittedAt: z.string(),
  decidedAt: z.string(),
  comments: z.string().nullable(),
});
export type TaskReview = z.infer<typeof taskReviewSchema>;

/** `GET /api/tasks/{id}`: the task with its parent, sub-tasks, checklist and review history. */
export const taskDetailSchema = taskSchema.extend({
  parent: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** the sub-tasks the caller may see, oldest first (progress counts them all) */
  subtasks: z.array(subtaskSchema),
  checklist: z.array(checklistItemSchema),
  reviews: z.array(taskReviewSchema),
});
export type TaskDetail = z.infer<typeof taskDetailSchema>;

/** What an activity entry records (docs/product/tasks.md#activity). */
export const taskActivityKinds = [
  'created',
  'edited',
  'status_changed',
  'paused',
  'resumed',
  'submitted',
  'approved',
  'rework',
  'commented',
  'timer_started',
  'timer_stopped',
  'subtask_added',
  'checklist_added',
  'checklist_done',
  'checklist_undone',
  'checklist_removed',
  'labels_changed',
  'deleted',
  'restored',
] as const;
export type TaskActivityKind = (typeof taskActivityKinds)[number];

const changeSchema = z.object({ from: z.unknown(), to: z.unknown() });

export const taskActivitySchema = z.object({
  id: z.string(),
  kind: z.enum(taskActivityKinds),
  actorId: z.string().nullable(),
  /** the actor's current name; 'Former user' once the account is gone, null: the system */
  actor: z.string().nullable(),
  /** edited: `{changes: {field: {from, to}}}`; status_changed: `{from, to}`; labels_changed: `{added, removed}` (names); others: the text or title they name */
  details: z.object({
    changes: z.record(z.string(), changeSchema).optional(),
    from: z.string().optional(),
    to: z.string().optional(),
    text: z.string().optional(),
    title: z.string().optional(),
    added: z.array(z.string()).optional(),
    removed: z.array(z.string()).optional(),
    /** timer_stopped: the seconds booked */
    seconds: z.number().optional(),
  }),
  createdAt: z.string(),
});
export type TaskActivity = z.infer<typeof taskActivitySchema>;

export const TASK_ACTIVITY_PAGE = 50;
/** Newest first; `before` is the id of the last entry of the previous page. */
export const taskActivityQuery = pageQuery.extend({
  limit: z.coerce.number().int().min(1).max(200).default(TASK_ACTIVITY_PAGE),
});

const checklistText = text({
  required: 'checklist_text_required',
  max: 300,
  tooLong: 'checklist_text_too_long',
});
export const addChecklistItemRequest = z.object({ text: checklistText });
export type AddChecklistItemRequest = z.input<typeof addChecklistItemRequest>;
export const updateChecklistItemRequest = z
  .object({ text: checklistText.optional(), done: z.boolean({ message: 'done_invalid' }).optional() })
  .refine((b) => b.text !== undefined || b.done !== undefined, { message: 'nothing_to_change' });
export type UpdateChecklistItemRequest = z.input<typeof updateChecklistItemRequest>;

const itemParams = z.object({ id: z.uuid(), itemId: z.uuid() });

export const taskDetailsApi = endpoints('Tasks', {
  get: {
    method: 'GET',
    path: '/api/tasks/{id}',
    summary: 'A task with its sub-tasks, checklist, labels and reviews (404 when the caller may not see it)',
    access: 'signedIn',
    params: idParam,
    responses: { 200: taskDetailSchema },
  },
  activity: {
    method: 'GET',
    path: '/api/tasks/{id}/activity',
    summary: "A task's history of changes, newest first",
    access: 'signedIn',
    params: idParam,
    query: taskActivityQuery,
    responses: { 200: z.array(taskActivitySchema) },
  },
  addChecklistItem: {
    method: 'POST',
    path: '/api/tasks/{id}/checklist',
    summary: "Add an item to a task's checklist (anyone who may see the task)",
    access: 'signedIn',
    params: idParam,
    body: addChecklistItemRequest,
    responses: { 201: checklistItemSchema },
  },
  updateChecklistItem: {
    method: 'PATCH',
    path: '/api/tasks/{id}/checklist/{itemId}',
    summary: 'Tick, untick or reword a checklist item',
    access: 'signedIn',
    params: itemParams,
    body: updateChecklistItemRequest,
    responses: { 200: checklistItemSchema },
  },
  removeChecklistItem: {
    method: 'DELETE',
    path: '/api/tasks/{id}/checklist/{itemId}',
    summary: 'Remove a checklist item',
    access: 'signedIn',
    params: itemParams,
    responses: { 204: null },
  },
});

/** The task page's in-place edits, with creation's rules and messages. */
export const editTitleForm = createTaskRequest.pick({ title: true });
export const editDescriptionForm = createTaskRequest.pick({ description: true });
export const addSubtaskForm = createTaskRequest.pick({ title: true });
