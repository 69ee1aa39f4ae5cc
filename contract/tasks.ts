import { z } from 'zod';

export const taskPriorities = ['low', 'medium', 'high'] as const;
export const taskPrioritySchema = z.enum(taskPriorities, { message: 'Choose a valid priority' });
export type TaskPriority = z.infer<typeof taskPrioritySchema>;

export const taskStatuses = ['todo', 'in_progress', 'pending_review', 'completed'] as const;
export const taskStatusSchema = z.enum(taskStatuses, { message: 'Choose a valid status' });
export type TaskStatus = z.infer<typeof taskStatusSchema>;

export const reviewStatuses = ['approved', 'rework', 'pending'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

/** The notes Submit for Review sends (spec point 4). */
export const SUBMISSION_NOTES = 'Task completed and ready for review';

const optionalId = (what: string) =>
  z
    .uuid({ message: `Choose a valid ${what}` })
    .nullish()
    .transform((v) => v ?? null);

/**
 * One body for both dialogs (My Tasks and Advanced). Records are referenced by id (decisions §6);
 * a client-sent `assignedBy` is ignored because unknown fields are stripped.
 */
export const createTaskRequest = z.object({
  title: z
    .string({ message: 'Task title is required' })
    .trim()
    .min(1, 'Task title is required')
    .max(200, 'Task title is too long'),
  description: z
    .string({ message: 'Description must be text' })
    .trim()
    .max(5000, 'Description is too long')
    .default(''),
  priority: taskPrioritySchema.default('medium'),
  projectId: optionalId('project'),
  /** Omitted: the task is the creator's own. */
  assigneeId: optionalId('assignee'),
  estimatedHours: z
    .number({ message: 'Estimated hours must be a number' })
    .min(0, 'Estimated hours cannot be negative')
    .max(10_000, 'Estimated hours is too large')
    .default(0),
  dueDate: z.iso
    .datetime({ offset: true, message: 'Choose a valid due date' })
    .nullish()
    .transform((v) => v ?? null),
});
export type CreateTaskRequest = z.input<typeof createTaskRequest>;

export const updateTaskStatusRequest = z.object({ status: taskStatusSchema });
export type UpdateTaskStatusRequest = z.infer<typeof updateTaskStatusRequest>;

export const submitTaskRequest = z.object({
  submissionNotes: z
    .string({ message: 'Notes must be text' })
    .trim()
    .max(2000, 'Notes are too long')
    .default(SUBMISSION_NOTES),
});

export const reviewTaskRequest = z.object({
  action: z.enum(['approve', 'rework'], { message: 'Choose approve or rework' }),
  reviewComments: z
    .string({ message: 'Comments must be text' })
    .trim()
    .max(2000, 'Comments are too long')
    .default(''),
});
export type ReviewTaskRequest = z.input<typeof reviewTaskRequest>;

export const addCommentRequest = z.object({
  text: z
    .string({ message: 'Comment is required' })
    .trim()
    .min(1, 'Comment is required')
    .max(2000, 'Comment is too long'),
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

export const taskSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  priority: taskPrioritySchema,
  status: taskStatusSchema,
  projectId: z.string().nullable(),
  project: z.string().nullable(),
  assigneeId: z.string(),
  assignee: z.string(),
  assignedById: z.string().nullable(),
  assignedBy: z.string().nullable(),
  estimatedHours: z.number(),
  /** Hours: tracked seconds / 3600, unrounded (decisions §7). */
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
});
export type Task = z.infer<typeof taskSchema>;

const optionalFilterId = z.uuid({ message: 'Invalid filter' }).optional();

/** Newest first; `before` is the id of the last task of the previous page. */
export const myTasksQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  before: z.uuid({ message: 'Invalid cursor' }).optional(),
});
export type MyTasksQuery = z.infer<typeof myTasksQuery>;

export const tasksQuery = myTasksQuery.extend({
  status: taskStatusSchema.optional(),
  assigneeId: optionalFilterId,
  projectId: optionalFilterId,
  search: z.string().trim().max(100, 'Search is too long').optional(),
});
export type TasksQuery = z.infer<typeof tasksQuery>;
export type TaskFilters = Pick<TasksQuery, 'status' | 'assigneeId' | 'projectId' | 'search'>;
