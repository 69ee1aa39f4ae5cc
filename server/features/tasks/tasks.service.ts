import { and, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type addCommentRequest,
  type createTaskRequest,
  DELETE_ONLY_CREATOR,
  EDIT_ONLY_CREATOR,
  type reviewTaskRequest,
  SUBMIT_ONLY_ASSIGNEE,
  REPEAT_NEEDS_DUE_DATE,
  type TaskEdit,
  type Task,
  type TaskComment,
  type TaskPosition,
  type TaskStatus,
  type TasksQuery,
} from '@contract/tasks';
import type { Db } from '../../db/types';
import { labels, projects, taskComments, taskLabels, taskReviews, tasks, users } from '../../db/schema';
import type { Context } from '../../lib/context';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { instantOf } from '@contract/zoned-time';
import { audit, changesBetween } from '../../core/audit';
import { recordTaskActivity, type TaskActivityEntry } from '../../core/task-activity';
import { announceNotifications, type NotificationInput, notify } from '../../core/notify';
import { joinProject } from '../../core/project-members';
import { managesTasks, visibleAssignee } from '../../core/visibility';
import { stopTaskTimers } from '../../core/time/entries';
import { announceTask } from './tasks.events';
import { placeTask, RANK_STEP } from './board-placement';
import { findTask, findTasks, type TaskListQuery } from './tasks.queries';
import { createNextOccurrence, endSeries, newSeries } from './occurrences';
import { isActiveAccount } from '../../db/accounts';

type Actor = Context['actor'];
type TaskRow = typeof tasks.$inferSelect;

const nameOf = (actor: Actor) => `${actor.firstName} ${actor.lastName}`;

const canManage = managesTasks;

export function listTasks({ db, actor }: Context, query: TasksQuery): Promise<Task[]> {
  const own = visibleAssignee(actor);
  if (own && query.assigneeId && query.assigneeId !== own) return Promise.resolve([]);
  const scoped: TaskListQuery = own ? { ...query, assigneeId: own } : query;
  return findTasks(db, scoped);
}

export function listMyTasks({ db, actor }: Context, page: { limit: number; before?: string }) {
  return findTasks(db, { ...page, assigneeId: actor.id });
}

async function loadTask(db: Db, id: string): Promise<Task> {
  const task = await findTask(db, id);
  if (!task) throw notFound('task_not_found');
  return task;
}

/** The task if the actor may see it; another person's task is 404 to an employee (no leaking it exists). */
export async function accessibleRow(db: Db, actor: Actor, id: string): Promise<TaskRow> {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, id), isNull(tasks.deletedAt)))
    .limit(1);
  const own = visibleAssignee(actor);
  if (!row || (own && row.assigneeId !== own)) throw notFound('task_not_found');
  return row;
}

/** The assignee must be an approved, active account (docs/product/tasks.md#creating-tasks). */
async function assertAssignable(db: Db, userId: string) {
  const [assignee] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isActiveAccount()))
    .limit(1);
  if (!assignee) throw badRequest('assignee_not_found', 'assigneeId');
}

async function assertProjectExists(db: Db, projectId: string) {
  const [project] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!project) throw badRequest('project_not_found', 'projectId');
}

/** Every label named exists (docs/product/tasks.md#labels); their names, by id. */
async function labelNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const found = await db
    .select({ id: labels.id, name: labels.name })
    .from(labels)
    .where(inArray(labels.id, unique));
  if (found.length !== unique.length) throw badRequest('label_not_found', 'labelIds');
  return new Map(found.map((l) => [l.id, l.name]));
}

/**
 * The parent a new sub-task hangs under (docs/product/tasks.md#sub-tasks): one the actor may see,
 * itself no sub-task. The sub-task lives in the parent's project.
 */
async function parentFor(db: Db, actor: Actor, parentId: string, projectId: string | null) {
  const [parent] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, parentId), isNull(tasks.deletedAt)))
    .limit(1);
  const own = visibleAssignee(actor);
  if (!parent || (own && parent.assigneeId !== own)) throw badRequest('parent_not_found', 'parentId');
  if (parent.parentId) throw badRequest('subtask_nesting', 'parentId');
  if (projectId && projectId !== parent.projectId) throw badRequest('subtask_project', 'projectId');
  return parent;
}

/** How many sub-tasks of a task are not completed. */
async function openSubtasks(db: Db, taskId: string): Promise<number> {
  const [row] = await db
    .select({ open: sql<number>`count(*)::int` })
    .from(tasks)
    .where(and(eq(tasks.parentId, taskId), ne(tasks.status, 'completed'), isNull(tasks.deletedAt)));
  return row?.open ?? 0;
}

/** A parent is finished (completed or submitted) with open sub-tasks only when the user confirmed. */
async function assertSubtasksDone(db: Db, taskId: string, force: boolean | undefined) {
  if (force) return;
  const open = await openSubtasks(db, taskId);
  if (open > 0) throw conflict('open_subtasks', { values: { count: open } });
}

export async function createTask(ctx: Context, input: z.output<typeof createTaskRequest>): Promise<Task> {
  const { db, actor, now } = ctx;
  const assigneeId = input.assigneeId ?? actor.id;
  if (assigneeId !== actor.id) {
    if (!canManage(actor)) throw forbidden('create_only_for_self');
    await assertAssignable(db, assigneeId);
  }
  const parent = input.parentId ? await parentFor(db, actor, input.parentId, input.projectId) : null;
  const projectId = parent ? parent.projectId : input.projectId;
  if (projectId) await assertProjectExists(db, projectId);
  const labelIds = [...(await labelNames(db, input.labelIds)).keys()];
  const zone = await ctx.timeZone();
  const dueDate = input.dueDate ? instantOf(input.dueDate, zone) : null;
  const { row, notified } = await db.transaction(async (tx) => {
    const series = input.repeat ? await newSeries(tx, input.repeat, dueDate, zone, actor.id) : {};
    const [row] = await tx
      .insert(tasks)
      .values({
        title: input.title,
        description: input.description,
        priority: input.priority,
        projectId,
        parentId: parent?.id ?? null,
        assigneeId,
        assignedById: actor.id,
        estimatedHours: input.estimatedHours,
        dueDate,
        // A new task heads its column on the board (docs/product/tasks.md#board).
        rank: sql`(select coalesce(min(${tasks.rank}), 0) - ${RANK_STEP} from ${tasks})`,
        ...series,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: tasks.id });
    if (labelIds.length)
      await tx.insert(taskLabels).values(labelIds.map((labelId) => ({ taskId: row.id, labelId })));
    const activity: TaskActivityEntry[] = [{ taskId: row.id, actorId: actor.id, kind: 'created', at: now }];
    if (parent)
      activity.push({
        taskId: parent.id,
        actorId: actor.id,
        kind: 'subtask_added',
        details: { title: input.title },
        at: now,
      });
    await recordTaskActivity(tx, ...activity);
    const notified = await notify(ctx, tx, {
      kind: 'task_assigned',
      to: [assigneeId],
      actorId: actor.id,
      title: ({ t }) => t('notifications:task_assigned.title', { name: nameOf(actor), task: input.title }),
      body: input.description,
      link: taskLink(row.id),
      data: { taskId: row.id },
      at: now,
    });
    if (projectId) await joinProject(tx, projectId, assigneeId, actor.id, now);
    return { row, notified };
  });
  await announceNotifications(ctx, notified);
  await announceTask(ctx, row.id, [assigneeId, actor.id]);
  if (parent) await announceTask(ctx, parent.id, [parent.assigneeId, parent.assignedById]);
  return loadTask(db, row.id);
}

/**
 * Applies a change only if the task still has the status it was checked against, so two people acting
 * at once cannot both succeed from the same state. A change that leaves the task untimeable (paused,
 * submitted, completed: docs/product/time-tracking.md#task-timers) stops its running timer in the same transaction, the way
 * POST /api/timer/stop does.
 */
async function applyFrom(
  ctx: Context,
  row: TaskRow,
  changes: Partial<TaskRow>,
  options: {
    stopTimerAt?: Date;
    notice?: NotificationInput;
    /** what else the change writes, in its transaction, once the task is updated */
    alsoWrite?: (tx: Db) => Promise<unknown>;
    /** the task's history of this change (docs/product/tasks.md#activity), written in its transaction */
    activity?: Omit<TaskActivityEntry, 'taskId' | 'actorId' | 'at'>[];
  } = {},
): Promise<Task> {
  const { db } = ctx;
  // Read before the transaction: the week lock needs the zone the stopped entry's days count in.
  const zone = options.stopTimerAt ? (await ctx.settings()).timeZone : 'UTC';
  const notified = await db.transaction(async (tx) => {
    // The timer goes first: stopTimer deletes the timer before it touches the task, and so do we.
    if (options.stopTimerAt) await stopTaskTimers(tx, row.id, options.stopTimerAt, zone);
    const updated = await tx
      .update(tasks)
      .set(changes)
      .where(and(eq(tasks.id, row.id), eq(tasks.status, row.status), eq(tasks.isPaused, row.isPaused)))
      .returning({ id: tasks.id });
    if (updated.length === 0) throw conflict('task_changed');
    await options.alsoWrite?.(tx);
    await recordTaskActivity(
      tx,
      ...(options.activity ?? []).map((a) => ({ ...a, taskId: row.id, actorId: ctx.actor.id, at: ctx.now })),
    );
    return options.notice ? notify(ctx, tx, options.notice) : [];
  });
  await announceNotifications(ctx, notified);
  await announceTask(ctx, row.id, [row.assigneeId, row.assignedById]);
  return loadTask(db, row.id);
}

/**
 * My Tasks: Start (todo → in_progress) and Complete (in_progress → completed); nothing else. The
 * board's drop sends the same move with the card's new place in its column, or only a new place.
 */
export async function changeStatus(
  ctx: Context,
  id: string,
  status: TaskStatus,
  options: {
    /** the board's drop: the card's new place in its column */
    position?: TaskPosition;
    /** finish a parent whose sub-tasks are still open, as the user confirmed (docs/product/tasks.md#sub-tasks) */
    force?: boolean;
  } = {},
) {
  const { db, actor, now } = ctx;
  const { position, force } = options;
  const row = await accessibleRow(db, actor, id);
  const alsoWrite = position && ((tx: Db) => placeTask(tx, actor, row.id, status, position));
  if (row.status === status) {
    // Only a new place in the same column: whoever may see the task may move it there.
    if (alsoWrite) return applyFrom(ctx, row, { updatedAt: now }, { alsoWrite });
    throw conflict('task_already_in_status', { values: { status } });
  }
  const activity = [{ kind: 'status_changed' as const, details: { from: row.status, to: status } }];
  if (status === 'in_progress' && row.status === 'todo') {
    return applyFrom(ctx, row, { status, updatedAt: now }, { alsoWrite, activity });
  }
  if (status === 'completed' && row.status === 'in_progress') {
    // A task in the review workflow is finished by a reviewer's approval, not by its assignee.
    if (row.reviewStatus === 'rework') throw conflict('task_needs_rework');
    await assertSubtasksDone(db, row.id, force);
    const done = await applyFrom(
      ctx,
      row,
      { status, completedAt: now, updatedAt: now },
      {
        stopTimerAt: now,
        activity,
        alsoWrite: async (tx) => {
          await alsoWrite?.(tx);
          await createNextOccurrence(tx, row, now);
        },
      },
    );
    if (row.parentId) await announceParent(ctx, row.parentId);
    return done;
  }
  throw conflict('task_move_refused', { values: { from: row.status, to: status } });
}

export async function togglePause(ctx: Context, id: string) {
  const { db, actor, now } = ctx;
  const row = await accessibleRow(db, actor, id);
  if (row.status !== 'todo' && row.status !== 'in_progress') {
    throw conflict('task_pause_refused', { values: { status: row.status } });
  }
  const pausing = !row.isPaused;
  return applyFrom(
    ctx,
    row,
    { isPaused: pausing, updatedAt: now },
    { stopTimerAt: pausing ? now : undefined, activity: [{ kind: pausing ? 'paused' : 'resumed' }] },
  );
}

/**
 * Submitting is the assignee's act: a reviewer who could submit someone else's work could then
 * approve it alone. A task someone keeps for themselves has its creator as assignee.
 */
export async function submitForReview(ctx: Context, id: string, notes: string, force?: boolean) {
  const { db, actor, now } = ctx;
  const row = await accessibleRow(db, actor, id);
  if (row.assigneeId !== actor.id) throw forbidden(SUBMIT_ONLY_ASSIGNEE);
  if (row.isPaused) throw conflict('paused_not_submittable');
  if (row.status !== 'todo' && row.status !== 'in_progress') {
    throw conflict('task_submit_refused', { values: { status: row.status } });
  }
  await assertSubtasksDone(db, row.id, force);
  return applyFrom(
    ctx,
    row,
    {
      status: 'pending_review',
      reviewStatus: 'pending',
      submissionNotes: notes,
      submittedAt: now,
      updatedAt: now,
    },
    {
      stopTimerAt: now,
      activity: [{ kind: 'submitted', details: { text: notes } }],
      // The one who assigned it reviews it; a task someone keeps for themselves notifies nobody.
      notice: {
        kind: 'task_submitted',
        to: [row.assignedById],
        actorId: actor.id,
        title: ({ t }) => t('notifications:task_submitted.title', { name: nameOf(actor), task: row.title }),
        body: notes,
        link: taskLink(row.id),
        data: { taskId: row.id },
        at: now,
      },
    },
  );
}

export const REVIEW_OWN_TASK = 'review_own_task';

export async function reviewTask(ctx: Context, id: string, input: z.output<typeof reviewTaskRequest>) {
  const { db, actor, now } = ctx;
  if (!canManage(actor)) throw forbidden('review_managers_only');
  const row = await accessibleRow(db, actor, id);
  if (row.status !== 'pending_review') throw conflict('review_pending_only');
  // As with timesheets, nobody decides on their own work: another manager or an admin reviews it.
  if (row.assigneeId === actor.id) throw forbidden(REVIEW_OWN_TASK);
  const approved = input.action === 'approve';
  const reviewed = await applyFrom(
    ctx,
    row,
    {
      status: approved ? 'completed' : 'in_progress',
      reviewStatus: approved ? 'approved' : 'rework',
      reviewedById: actor.id,
      reviewedAt: now,
      reviewComments: input.reviewComments || null,
      completedAt: approved ? now : null,
      updatedAt: now,
    },
    {
      stopTimerAt: approved ? now : undefined,
      activity: [
        {
          kind: approved ? 'approved' : 'rework',
          details: input.reviewComments ? { text: input.reviewComments } : {},
        },
      ],
      // Every decision is kept, so the reports count each rework (docs/decisions/012-reports.md).
      alsoWrite: async (tx) => {
        await tx.insert(taskReviews).values({
          taskId: row.id,
          reviewerId: actor.id,
          decision: approved ? 'approved' : 'rework',
          submittedAt: row.submittedAt ?? now,
          decidedAt: now,
          comments: input.reviewComments || null,
        });
        // an approval completes the task: a repeating one gets its next occurrence
        if (approved) await createNextOccurrence(tx, row, now);
      },
      notice: {
        kind: approved ? 'task_approved' : 'task_rework',
        to: [row.assigneeId],
        actorId: actor.id,
        title: ({ t }) =>
          approved
            ? t('notifications:task_approved.title', { name: nameOf(actor), task: row.title })
            : t('notifications:task_rework.title', { name: nameOf(actor), task: row.title }),
        // The reviewer's comments are what the assignee needs to act on a rework.
        body: input.reviewComments ?? '',
        link: taskLink(row.id),
        data: { taskId: row.id },
        at: now,
      },
    },
  );
  if (approved && row.parentId) await announceParent(ctx, row.parentId);
  return reviewed;
}

export async function addComment(
  ctx: Context,
  id: string,
  input: z.output<typeof addCommentRequest>,
): Promise<TaskComment> {
  const { db, actor, now } = ctx;
  const task = await accessibleRow(db, actor, id);
  const { comment, notified } = await db.transaction(async (tx) => {
    const [comment] = await tx
      .insert(taskComments)
      .values({ taskId: id, authorId: actor.id, text: input.text, createdAt: now })
      .returning();
    await recordTaskActivity(tx, {
      taskId: id,
      actorId: actor.id,
      kind: 'commented',
      details: { text: input.text },
      at: now,
    });
    // "Your task" is the assignee's, and also the one who assigned it; each opens it where they work on it.
    const notice: Omit<NotificationInput, 'to' | 'link'> = {
      kind: 'task_comment',
      actorId: actor.id,
      title: ({ t }) => t('notifications:task_comment.title', { name: nameOf(actor), task: task.title }),
      body: input.text,
      data: { taskId: id },
      at: now,
    };
    const toAssignee = await notify(ctx, tx, { ...notice, to: [task.assigneeId], link: taskLink(id) });
    const toAssigner =
      task.assignedById === task.assigneeId
        ? []
        : await notify(ctx, tx, { ...notice, to: [task.assignedById], link: taskLink(id) });
    return { comment, notified: [...toAssignee, ...toAssigner] };
  });
  await announceNotifications(ctx, notified);
  await announceTask(ctx, id, [task.assigneeId, task.assignedById]);
  return {
    id: comment.id,
    text: comment.text,
    authorId: actor.id,
    // The author is whoever holds the session; a client-sent author is never read (docs/product/tasks.md#comments).
    author: `${actor.firstName} ${actor.lastName}`,
    createdAt: comment.createdAt.toISOString(),
  };
}

/** Editing and deleting: the task's creator, managers and admins (docs/product/tasks.md#editing). */
const mayChange = (actor: Actor, row: TaskRow) => canManage(actor) || row.assignedById === actor.id;

/**
 * Changes the fields given, with creation's rules: an employee keeps the task for themselves, the
 * assignee must be an approved, active account and the project must exist. A new assignee is told,
 * and a timer running on the task is stopped (its time booked) so nobody keeps timing work that
 * moved away from them; a project puts the assignee on its team.
 */
export async function editTask(ctx: Context, id: string, edit: TaskEdit): Promise<Task> {
  const { db, actor, now } = ctx;
  const row = await accessibleRow(db, actor, id);
  if (!mayChange(actor, row)) throw forbidden(EDIT_ONLY_CREATOR);
  const reassigned = edit.assigneeId !== undefined && edit.assigneeId !== row.assigneeId;
  if (reassigned && edit.assigneeId) {
    if (!canManage(actor) && edit.assigneeId !== actor.id) throw forbidden('assign_only_self');
    await assertAssignable(db, edit.assigneeId);
  }
  // A sub-task lives in its parent's project (docs/product/tasks.md#sub-tasks); the parent's moves take it along.
  if (row.parentId && edit.projectId !== undefined && edit.projectId !== row.projectId)
    throw badRequest('subtask_project', 'projectId');
  if (edit.projectId) await assertProjectExists(db, edit.projectId);
  const changes: Partial<TaskRow> = { updatedAt: now };
  if (edit.title !== undefined) changes.title = edit.title;
  if (edit.description !== undefined) changes.description = edit.description;
  if (edit.priority !== undefined) changes.priority = edit.priority;
  if (edit.projectId !== undefined) changes.projectId = edit.projectId;
  if (edit.assigneeId !== undefined) changes.assigneeId = edit.assigneeId;
  if (edit.estimatedHours !== undefined) changes.estimatedHours = edit.estimatedHours;
  const zone = await ctx.timeZone();
  if (edit.dueDate !== undefined)
    changes.dueDate = edit.dueDate === null ? null : instantOf(edit.dueDate, zone);
  // A new rule starts a new series from this task on (its due date the first occurrence); null ends it.
  if (edit.repeat === null) Object.assign(changes, { seriesId: null, occurrenceAt: null });
  else if (edit.repeat) {
    const due = changes.dueDate === undefined ? row.dueDate : changes.dueDate;
    Object.assign(changes, await newSeries(db, edit.repeat, due, zone, actor.id));
  } else if (edit.dueDate === null && row.seriesId) throw badRequest(REPEAT_NEEDS_DUE_DATE, 'dueDate');
  const assigneeId = changes.assigneeId ?? row.assigneeId;
  const projectId = changes.projectId === undefined ? row.projectId : changes.projectId;
  const title = changes.title ?? row.title;
  const labelChange = edit.labelIds ? await labelDiff(db, row.id, edit.labelIds) : null;
  const activity: NonNullable<Parameters<typeof applyFrom>[3]>['activity'] = [];
  const fields = await readableChanges(db, row, changes);
  if (Object.keys(fields).length) activity.push({ kind: 'edited', details: { changes: fields } });
  if (labelChange && (labelChange.added.length || labelChange.removed.length))
    activity.push({
      kind: 'labels_changed',
      details: { added: labelChange.addedNames, removed: labelChange.removedNames },
    });
  const task = await applyFrom(ctx, row, changes, {
    stopTimerAt: reassigned ? now : undefined,
    activity,
    alsoWrite: async (tx) => {
      // the old rule makes no more tasks once this one leaves its series
      if (row.seriesId && edit.repeat !== undefined) await endSeries(tx, row.seriesId, now);
      if (projectId && (reassigned || changes.projectId))
        await joinProject(tx, projectId, assigneeId, actor.id, now);
      if (changes.projectId !== undefined && changes.projectId !== row.projectId)
        await tx
          .update(tasks)
          .set({ projectId: changes.projectId, updatedAt: now })
          .where(eq(tasks.parentId, row.id));
      if (labelChange) {
        if (labelChange.removed.length)
          await tx
            .delete(taskLabels)
            .where(and(eq(taskLabels.taskId, row.id), inArray(taskLabels.labelId, labelChange.removed)));
        if (labelChange.added.length)
          await tx
            .insert(taskLabels)
            .values(labelChange.added.map((labelId) => ({ taskId: row.id, labelId })))
            .onConflictDoNothing();
      }
    },
    notice:
      reassigned && assigneeId !== actor.id
        ? {
            kind: 'task_assigned',
            to: [assigneeId],
            actorId: actor.id,
            title: ({ t }) => t('notifications:task_assigned.title', { name: nameOf(actor), task: title }),
            body: changes.description ?? row.description,
            link: taskLink(row.id),
            data: { taskId: row.id },
            at: now,
          }
        : undefined,
  });
  if (reassigned) await announceTask(ctx, row.id, [row.assigneeId]);
  return task;
}

/** The labels to add and to take off for a task to carry exactly `wanted`. */
async function labelDiff(db: Db, taskId: string, wanted: readonly string[]) {
  const names = await labelNames(db, wanted);
  const current = await db
    .select({ id: labels.id, name: labels.name })
    .from(taskLabels)
    .innerJoin(labels, eq(labels.id, taskLabels.labelId))
    .where(eq(taskLabels.taskId, taskId));
  const have = new Set(current.map((l) => l.id));
  const added = [...names.keys()].filter((l) => !have.has(l));
  const removedRows = current.filter((l) => !names.has(l.id));
  return {
    added,
    removed: removedRows.map((l) => l.id),
    addedNames: added.map((l) => names.get(l) ?? ''),
    removedNames: removedRows.map((l) => l.name),
  };
}

/**
 * An edit's changes as the history shows them (docs/product/tasks.md#activity): old → new per field,
 * with people and projects by name and instants in ISO form.
 */
async function readableChanges(db: Db, row: TaskRow, changes: Partial<TaskRow>) {
  const { updatedAt: _, ...fields } = changes;
  const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  const before: Record<string, unknown> = {
    title: row.title,
    description: row.description,
    priority: row.priority,
    estimatedHours: row.estimatedHours,
    dueDate: iso(row.dueDate),
  };
  const after: Record<string, unknown> = {
    title: fields.title,
    description: fields.description,
    priority: fields.priority,
    estimatedHours: fields.estimatedHours,
    dueDate: fields.dueDate === undefined ? undefined : iso(fields.dueDate),
  };
  const found = changesBetween(before, after);
  if (fields.projectId !== undefined && fields.projectId !== row.projectId) {
    found.project = {
      from: await projectName(db, row.projectId),
      to: await projectName(db, fields.projectId),
    };
  }
  if (fields.assigneeId !== undefined && fields.assigneeId !== row.assigneeId) {
    found.assignee = {
      from: await personName(db, row.assigneeId),
      to: await personName(db, fields.assigneeId),
    };
  }
  return found;
}

async function projectName(db: Db, id: string | null) {
  if (!id) return null;
  const [p] = await db.select({ name: projects.name }).from(projects).where(eq(projects.id, id));
  return p?.name ?? null;
}

async function personName(db: Db, id: string) {
  const [u] = await db
    .select({ name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(users)
    .where(eq(users.id, id));
  return u?.name ?? null;
}

/** A parent's progress changed with its sub-task: its screens hear of it too. */
async function announceParent(ctx: Context, parentId: string) {
  const [parent] = await ctx.db
    .select({ assigneeId: tasks.assigneeId, assignedById: tasks.assignedById })
    .from(tasks)
    .where(eq(tasks.id, parentId));
  if (parent) await announceTask(ctx, parentId, [parent.assigneeId, parent.assignedById]);
}

/** Where the app shows a task: its own page (docs/product/tasks.md#task-page). */
export const taskLink = (id: string) => `/tasks/${id}`;

/**
 * Moves a task to the Trash (docs/product/tasks.md#deleting): it keeps its comments, review history
 * and the links of its time entries, and leaves every list, report and search; its creator, the one
 * who deleted it and admins may restore it for 30 days, then the housekeeping job deletes it for good.
 * Its sub-tasks still out of the Trash go with it, marked so they come back with it (a sub-task
 * deleted alone before stays on its own). Timers running on any of them are stopped first, so their
 * time is booked. Recorded in the audit log and in each task's activity.
 */
export async function deleteTask(ctx: Context, id: string): Promise<void> {
  const { db, actor, now } = ctx;
  const row = await accessibleRow(db, actor, id);
  if (!mayChange(actor, row)) throw forbidden(DELETE_ONLY_CREATOR);
  const zone = (await ctx.settings()).timeZone;
  const subtasks = await db.transaction(async (tx) => {
    const subtasks = await tx
      .select({ id: tasks.id, assigneeId: tasks.assigneeId })
      .from(tasks)
      .where(and(eq(tasks.parentId, row.id), isNull(tasks.deletedAt)));
    for (const task of [row, ...subtasks]) await stopTaskTimers(tx, task.id, now, zone);
    const deleted = await tx
      .update(tasks)
      .set({ deletedAt: now, deletedById: actor.id })
      .where(
        and(
          eq(tasks.id, row.id),
          eq(tasks.status, row.status),
          eq(tasks.isPaused, row.isPaused),
          isNull(tasks.deletedAt),
        ),
      )
      .returning({ id: tasks.id });
    if (deleted.length === 0) throw conflict('task_changed');
    const withIt = await tx
      .update(tasks)
      .set({ deletedAt: now, deletedById: actor.id, deletedWithParent: true })
      .where(and(eq(tasks.parentId, row.id), isNull(tasks.deletedAt)))
      .returning({ id: tasks.id, assigneeId: tasks.assigneeId });
    await recordTaskActivity(
      tx,
      ...[row.id, ...withIt.map((t) => t.id)].map((taskId) => ({
        taskId,
        actorId: actor.id,
        kind: 'deleted' as const,
        at: now,
      })),
    );
    await audit(tx, {
      actorId: actor.id,
      action: 'task_deleted',
      targetUserId: row.assigneeId,
      details: { taskId: row.id, title: row.title, subtasks: withIt.length },
      at: now,
    });
    return withIt;
  });
  await announceTask(ctx, row.id, [row.assigneeId, row.assignedById]);
  for (const sub of subtasks) await announceTask(ctx, sub.id, [sub.assigneeId]);
  if (row.parentId) await announceParent(ctx, row.parentId);
}

/** Who may take a task out of the Trash: admins, its creator, the one who deleted it (docs/product/tasks.md#trash). */
export const mayRestoreTask = (actor: Actor, row: Pick<TaskRow, 'assignedById' | 'deletedById'>) =>
  actor.role === 'admin' || row.assignedById === actor.id || row.deletedById === actor.id;

/** A sub-task that went with its parent comes back with it (docs/product/tasks.md#deleting). */
export const TASK_DELETED_WITH_PARENT = 'task_deleted_with_parent';
/** A sub-task deleted alone cannot come back while its parent is in the Trash. */
export const PARENT_IN_TRASH = 'parent_in_trash';

/**
 * Restores a task from the Trash exactly as it was: its comments, reviews and time entries never
 * left it, and the sub-tasks that went to the Trash with it come back with it. Anyone else gets 404,
 * as for a task they may not see; a task not in the Trash is a 409, and so is a sub-task whose parent
 * is (still) in the Trash.
 */
export async function restoreTask(ctx: Context, id: string): Promise<Task> {
  const { db, actor, now } = ctx;
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id)).limit(1);
  if (!row || (row.deletedAt && !mayRestoreTask(actor, row))) throw notFound('task_not_found');
  if (!row.deletedAt) {
    if (visibleAssignee(actor) && row.assigneeId !== actor.id && row.assignedById !== actor.id)
      throw notFound('task_not_found');
    throw conflict('task_not_in_trash');
  }
  if (row.deletedWithParent) throw conflict(TASK_DELETED_WITH_PARENT);
  if (row.parentId) {
    const [parent] = await db
      .select({ deletedAt: tasks.deletedAt })
      .from(tasks)
      .where(eq(tasks.id, row.parentId));
    if (parent?.deletedAt) throw conflict(PARENT_IN_TRASH);
  }
  const subtasks = await db.transaction(async (tx) => {
    const restored = await tx
      .update(tasks)
      .set({ deletedAt: null, deletedById: null, updatedAt: now })
      .where(and(eq(tasks.id, id), isNotNull(tasks.deletedAt)))
      .returning({ id: tasks.id });
    if (restored.length === 0) throw conflict('task_not_in_trash');
    const withIt = await tx
      .update(tasks)
      .set({ deletedAt: null, deletedById: null, deletedWithParent: false, updatedAt: now })
      .where(and(eq(tasks.parentId, id), eq(tasks.deletedWithParent, true)))
      .returning({ id: tasks.id, assigneeId: tasks.assigneeId });
    await recordTaskActivity(
      tx,
      ...[id, ...withIt.map((t) => t.id)].map((taskId) => ({
        taskId,
        actorId: actor.id,
        kind: 'restored' as const,
        at: now,
      })),
    );
    await audit(tx, {
      actorId: actor.id,
      action: 'task_restored',
      targetUserId: row.assigneeId,
      details: { taskId: row.id, title: row.title, subtasks: withIt.length },
      at: now,
    });
    return withIt;
  });
  await announceTask(ctx, row.id, [row.assigneeId, row.assignedById]);
  for (const sub of subtasks) await announceTask(ctx, sub.id, [sub.assigneeId]);
  if (row.parentId) await announceParent(ctx, row.parentId);
  return loadTask(db, row.id);
}
