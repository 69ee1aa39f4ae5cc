import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type addCommentRequest,
  type createTaskRequest,
  DELETE_ONLY_CREATOR,
  EDIT_ONLY_CREATOR,
  type reviewTaskRequest,
  SUBMIT_ONLY_ASSIGNEE,
  type TaskEdit,
  type Task,
  type TaskComment,
  type TaskStatus,
  type TasksQuery,
} from '@contract/tasks';
import type { Db } from '../../db/types';
import { projects, taskComments, taskReviews, tasks, users } from '../../db/schema';
import type { Context } from '../../lib/context';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { instantOf } from '@contract/zoned-time';
import { audit } from '../../core/audit';
import { announceNotifications, type NotificationInput, notify } from '../../core/notify';
import { joinProject } from '../../core/project-members';
import { managesTasks, visibleAssignee } from '../../core/visibility';
import { stopTaskTimers } from '../../core/time/entries';
import { announceTask } from './tasks.events';
import { findTask, findTasks, type TaskListQuery } from './tasks.queries';

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
async function accessibleRow(db: Db, actor: Actor, id: string): Promise<TaskRow> {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id)).limit(1);
  const own = visibleAssignee(actor);
  if (!row || (own && row.assigneeId !== own)) throw notFound('task_not_found');
  return row;
}

/** The assignee must be an approved, active account (docs/product/tasks.md#creating-tasks). */
async function assertAssignable(db: Db, userId: string) {
  const [assignee] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.approvalStatus, 'approved'), eq(users.isActive, true)))
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

export async function createTask(ctx: Context, input: z.output<typeof createTaskRequest>): Promise<Task> {
  const { db, actor, now } = ctx;
  const assigneeId = input.assigneeId ?? actor.id;
  if (assigneeId !== actor.id) {
    if (!canManage(actor)) throw forbidden('create_only_for_self');
    await assertAssignable(db, assigneeId);
  }
  if (input.projectId) await assertProjectExists(db, input.projectId);
  const dueDate = input.dueDate ? instantOf(input.dueDate, await ctx.timeZone()) : null;
  const { row, notified } = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tasks)
      .values({
        title: input.title,
        description: input.description,
        priority: input.priority,
        projectId: input.projectId,
        assigneeId,
        assignedById: actor.id,
        estimatedHours: input.estimatedHours,
        dueDate,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: tasks.id });
    const notified = await notify(ctx, tx, {
      kind: 'task_assigned',
      to: [assigneeId],
      actorId: actor.id,
      title: ({ t }) => t('notifications:task_assigned.title', { name: nameOf(actor), task: input.title }),
      body: input.description,
      link: '/my-tasks',
      data: { taskId: row.id },
      at: now,
    });
    if (input.projectId) await joinProject(tx, input.projectId, assigneeId, actor.id, now);
    return { row, notified };
  });
  await announceNotifications(ctx, notified);
  await announceTask(ctx, row.id, [assigneeId, actor.id]);
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
    return options.notice ? notify(ctx, tx, options.notice) : [];
  });
  await announceNotifications(ctx, notified);
  await announceTask(ctx, row.id, [row.assigneeId, row.assignedById]);
  return loadTask(db, row.id);
}

/** My Tasks: Start (todo → in_progress) and Complete (in_progress → completed); nothing else. */
export async function changeStatus(ctx: Context, id: string, status: TaskStatus) {
  const { db, actor, now } = ctx;
  const row = await accessibleRow(db, actor, id);
  if (row.status === status) throw conflict('task_already_in_status', { values: { status } });
  if (status === 'in_progress' && row.status === 'todo') {
    return applyFrom(ctx, row, { status, updatedAt: now });
  }
  if (status === 'completed' && row.status === 'in_progress') {
    // A task in the review workflow is finished by a reviewer's approval, not by its assignee.
    if (row.reviewStatus === 'rework') throw conflict('task_needs_rework');
    return applyFrom(ctx, row, { status, completedAt: now, updatedAt: now }, { stopTimerAt: now });
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
    { stopTimerAt: pausing ? now : undefined },
  );
}

/**
 * Submitting is the assignee's act: a reviewer who could submit someone else's work could then
 * approve it alone. A task someone keeps for themselves has its creator as assignee.
 */
export async function submitForReview(ctx: Context, id: string, notes: string) {
  const { db, actor, now } = ctx;
  const row = await accessibleRow(db, actor, id);
  if (row.assigneeId !== actor.id) throw forbidden(SUBMIT_ONLY_ASSIGNEE);
  if (row.isPaused) throw conflict('paused_not_submittable');
  if (row.status !== 'todo' && row.status !== 'in_progress') {
    throw conflict('task_submit_refused', { values: { status: row.status } });
  }
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
      // The one who assigned it reviews it; a task someone keeps for themselves notifies nobody.
      notice: {
        kind: 'task_submitted',
        to: [row.assignedById],
        actorId: actor.id,
        title: ({ t }) => t('notifications:task_submitted.title', { name: nameOf(actor), task: row.title }),
        body: notes,
        link: '/advanced-tasks',
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
  return applyFrom(
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
      // Every decision is kept, so the reports count each rework (docs/decisions/012-reports.md).
      alsoWrite: (tx) =>
        tx.insert(taskReviews).values({
          taskId: row.id,
          reviewerId: actor.id,
          decision: approved ? 'approved' : 'rework',
          submittedAt: row.submittedAt ?? now,
          decidedAt: now,
          comments: input.reviewComments || null,
        }),
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
        link: '/my-tasks',
        data: { taskId: row.id },
        at: now,
      },
    },
  );
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
    // "Your task" is the assignee's, and also the one who assigned it; each opens it where they work on it.
    const notice: Omit<NotificationInput, 'to' | 'link'> = {
      kind: 'task_comment',
      actorId: actor.id,
      title: ({ t }) => t('notifications:task_comment.title', { name: nameOf(actor), task: task.title }),
      body: input.text,
      data: { taskId: id },
      at: now,
    };
    const toAssignee = await notify(ctx, tx, { ...notice, to: [task.assigneeId], link: '/my-tasks' });
    const toAssigner =
      task.assignedById === task.assigneeId
        ? []
        : await notify(ctx, tx, { ...notice, to: [task.assignedById], link: '/advanced-tasks' });
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
  if (edit.projectId) await assertProjectExists(db, edit.projectId);
  const changes: Partial<TaskRow> = { updatedAt: now };
  if (edit.title !== undefined) changes.title = edit.title;
  if (edit.description !== undefined) changes.description = edit.description;
  if (edit.priority !== undefined) changes.priority = edit.priority;
  if (edit.projectId !== undefined) changes.projectId = edit.projectId;
  if (edit.assigneeId !== undefined) changes.assigneeId = edit.assigneeId;
  if (edit.estimatedHours !== undefined) changes.estimatedHours = edit.estimatedHours;
  if (edit.dueDate !== undefined)
    changes.dueDate = edit.dueDate === null ? null : instantOf(edit.dueDate, await ctx.timeZone());
  const assigneeId = changes.assigneeId ?? row.assigneeId;
  const projectId = changes.projectId === undefined ? row.projectId : changes.projectId;
  const title = changes.title ?? row.title;
  const task = await applyFrom(ctx, row, changes, {
    stopTimerAt: reassigned ? now : undefined,
    alsoWrite: (tx) =>
      projectId && (reassigned || changes.projectId)
        ? joinProject(tx, projectId, assigneeId, actor.id, now)
        : Promise.resolve(),
    notice:
      reassigned && assigneeId !== actor.id
        ? {
            kind: 'task_assigned',
            to: [assigneeId],
            actorId: actor.id,
            title: ({ t }) => t('notifications:task_assigned.title', { name: nameOf(actor), task: title }),
            body: changes.description ?? row.description,
            link: '/my-tasks',
            data: { taskId: row.id },
            at: now,
          }
        : undefined,
  });
  if (reassigned) await announceTask(ctx, row.id, [row.assigneeId]);
  return task;
}

/**
 * Deletes a task with its comments and review history. A timer running on it is stopped first, so
 * its time is booked; time entries keep their hours and lose only the task link (ON DELETE SET
 * NULL), so timesheets, approved weeks and reports add up as before. Recorded in the audit log.
 */
export async function deleteTask(ctx: Context, id: string): Promise<void> {
  const { db, actor, now } = ctx;
  const row = await accessibleRow(db, actor, id);
  if (!mayChange(actor, row)) throw forbidden(DELETE_ONLY_CREATOR);
  const zone = (await ctx.settings()).timeZone;
  await db.transaction(async (tx) => {
    await stopTaskTimers(tx, row.id, now, zone);
    const deleted = await tx
      .delete(tasks)
      .where(and(eq(tasks.id, row.id), eq(tasks.status, row.status), eq(tasks.isPaused, row.isPaused)))
      .returning({ id: tasks.id });
    if (deleted.length === 0) throw conflict('task_changed');
    await audit(tx, {
      actorId: actor.id,
      action: 'task_deleted',
      targetUserId: row.assigneeId,
      details: { taskId: row.id, title: row.title },
      at: now,
    });
  });
  await announceTask(ctx, row.id, [row.assigneeId, row.assignedById]);
}
