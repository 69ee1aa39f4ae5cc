import { reviewStatuses, taskPriorities, taskStatuses } from '@contract/tasks';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, ts, tsvector } from './_columns';
import { projects } from './projects';
import { users } from './users';

/**
 * A repeating task's rule (docs/product/tasks.md#repeat, docs/decisions/045-trash-and-recurring-tasks.md):
 * an RRULE whose DTSTART is the first occurrence's wall-clock time, counted in `zone` (the creator's).
 * `repeat` is the same rule as the dialog's form, for the screens.
 */
export const taskSeries = pgTable('task_series', {
  id: id(),
  rule: text('rule').notNull(),
  zone: text('zone').notNull(),
  repeat: jsonb('repeat').notNull(),
  createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  /** set when an edit stops the rule or gives the task a new one: the series makes no more occurrences */
  endedAt: ts('ended_at'),
});

export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    title: text('title').notNull(),
    /** a sub-task's parent; one level only (docs/product/tasks.md#sub-tasks) */
    parentId: uuid('parent_id').references((): AnyPgColumn => tasks.id, { onDelete: 'cascade' }),
    description: text('description').notNull().default(''),
    priority: text('priority', { enum: taskPriorities }).notNull().default('medium'),
    status: text('status', { enum: taskStatuses }).notNull().default('todo'),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    assigneeId: uuid('assignee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedById: uuid('assigned_by_id').references(() => users.id, { onDelete: 'set null' }),
    estimatedHours: doublePrecision('estimated_hours').notNull().default(0),
    /** Tracked seconds; the API shows hours (docs/product/tasks.md#time-spent). */
    timeSpentSeconds: bigint('time_spent_seconds', { mode: 'number' }).notNull().default(0),
    dueDate: ts('due_date'),
    isPaused: boolean('is_paused').notNull().default(false),
    reviewStatus: text('review_status', { enum: reviewStatuses }),
    reviewedById: uuid('reviewed_by_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: ts('reviewed_at'),
    reviewComments: text('review_comments'),
    submissionNotes: text('submission_notes'),
    submittedAt: ts('submitted_at'),
    completedAt: ts('completed_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /**
     * The board's order within a status column, lowest first; a dropped card takes the midpoint of its
     * new neighbours (docs/decisions/044-task-board-and-bulk-edit.md).
     */
    rank: doublePrecision('rank').notNull().default(0),
    /** In the Trash since (docs/product/tasks.md#deleting); every read skips such a task. */
    deletedAt: ts('deleted_at'),
    deletedById: uuid('deleted_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** a sub-task that went to the Trash with its parent: it comes back with it, not alone */
    deletedWithParent: boolean('deleted_with_parent').notNull().default(false),
    /** the series this task is one occurrence of, and that occurrence's instant (its due date) */
    seriesId: uuid('series_id').references(() => taskSeries.id, { onDelete: 'set null' }),
    occurrenceAt: ts('occurrence_at'),
    /** what search matches: the title (weight A) and the description (B) */
    searchDocument: tsvector('search_document').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', "title"), 'A') || setweight(to_tsvector('simple', "description"), 'B')`,
    ),
  },
  // Each list filter walks its own index in the lists' keyset order (created_at, id), newest first.
  (t) => [
    index('tasks_assignee_created_idx').on(t.assigneeId, t.createdAt, t.id),
    index('tasks_created_idx').on(t.createdAt, t.id),
    index('tasks_status_created_idx').on(t.status, t.createdAt, t.id),
    index('tasks_project_created_idx').on(t.projectId, t.createdAt, t.id),
    index('tasks_search_idx').using('gin', t.searchDocument),
    index('tasks_parent_idx').on(t.parentId, t.createdAt),
    // The board's order: a column (status) walks its ranks; a new task takes the lowest rank less a step.
    index('tasks_status_rank_idx').on(t.status, t.rank, t.id),
    index('tasks_rank_idx').on(t.rank, t.id),
    // the Trash, oldest first for the purge
    index('tasks_deleted_idx').on(t.deletedAt).where(sql`${t.deletedAt} is not null`),
    // one task per occurrence of a series, however many instances complete the one before at once
    uniqueIndex('tasks_series_occurrence_uq').on(t.seriesId, t.occurrenceAt),
  ],
);

export const taskComments = pgTable(
  'task_comments',
  {
    id: id(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('task_comments_task_idx').on(t.taskId, t.createdAt)],
);

/**
 * Every review decision, one row each (docs/decisions/012-reports.md): a task sent back twice and
 * then approved has three, so the tasks report's rework rate and turnaround count every decision.
 * The task row keeps only the latest, for the screens.
 */
export const taskReviews = pgTable(
  'task_reviews',
  {
    id: id(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    decision: text('decision', { enum: ['approved', 'rework'] }).notNull(),
    /** when the decided submission was made */
    submittedAt: ts('submitted_at').notNull(),
    decidedAt: ts('decided_at').notNull(),
    comments: text('comments'),
  },
  (t) => [
    check('task_reviews_decision_check', sql`${t.decision} in ('approved','rework')`),
    // the report: decisions in a range
    index('task_reviews_decided_idx').on(t.decidedAt),
    index('task_reviews_task_idx').on(t.taskId, t.decidedAt),
  ],
);

/** A task's checklist: short items ticked off in order (docs/product/tasks.md#checklist). */
export const taskChecklistItems = pgTable(
  'task_checklist_items',
  {
    id: id(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    done: boolean('done').notNull().default(false),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('task_checklist_task_idx').on(t.taskId, t.position)],
);

/** The organisation's labels (docs/product/tasks.md#labels): names unique whatever their case. */
export const labels = pgTable(
  'labels',
  {
    id: id(),
    name: text('name').notNull(),
    /** #rrggbb */
    color: text('color').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('labels_name_unique').on(sql`lower(${t.name})`)],
);

export const taskLabels = pgTable(
  'task_labels',
  {
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    labelId: uuid('label_id')
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.labelId] }),
    index('task_labels_label_idx').on(t.labelId, t.taskId),
  ],
);

/**
 * Who changed what on a task, and when (docs/decisions/043-task-page.md): one row per change,
 * written in the change's own transaction; read newest first by the task page.
 */
export const taskActivity = pgTable(
  'task_activity',
  {
    id: id(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    /** what the kind needs: `{changes: {field: {from, to}}}`, a comment's id, a sub-task's title, … */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('task_activity_task_idx').on(t.taskId, t.createdAt, t.id)],
);
