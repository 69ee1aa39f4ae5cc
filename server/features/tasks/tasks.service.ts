import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type addCommentRequest,
  type BulkRefusal,
  type bulkTasksRequest,
  type createTaskRequest,
  DELETE_ONLY_CREATOR,
  EDIT_ONLY_CREATOR,
  type reviewTaskRequest,
  SUBMIT_ONLY_ASSIGNEE,
  type TaskEdit,
  type Task,
  type TaskComment,
  type TaskPosition,
  type TaskStatus,
  type TasksQuery,
} from '@contract/tasks';
import type { Db } from '../../db/types';
import { projects, taskComments, taskReviews, tasks, users } from '../../db/schema';
import type { Context } from '../../lib/context';
import { AppError, badRequest, conflict, forbidden, messageIn, notFound } from '../../lib/errors';
import type { BusEvent, EventBus } from '../../lib/events';
import type { Mailer } from '../../lib/mailer';
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
        // A new task heads its column on the board (docs/product/tasks.md#board).
        rank: sql`(select coalesce(min(${tasks.rank}), 0) - ${RANK_STEP} from ${tasks})`,
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

/** Ranks start this far apart, so about fifty drops fit between two neighbours before a renumbering. */
const RANK_STEP = 1024;

/** The rank of a neighbour the mover named; one they may not see, or the moved task itself, is a 400. */
async function neighbourRank(tx: Db, actor: Actor, taskId: string, id: string | null, status: TaskStatus) {
  if (!id) return undefined;
  const [row] = await tx
    .select({ rank: tasks.rank, status: tasks.status, assigneeId: tasks.assigneeId })
    .from(tasks)
    .where(eq(tasks.id, id))
    .limit(1);
  const own = visibleAssignee(actor);
  if (!row || id === taskId || (own && row.assigneeId !== own))
    throw badRequest('position_invalid', 'position');
  // The neighbour left the column meanwhile: the mover's picture of the board is out of date.
  if (row.status !== status) throw conflict('task_changed');
  return { id, rank: row.rank };
}

/** The rank next to `from` in column `status` (the next one below it, or above it), the moved task aside. */
async function adjacentRank(
  tx: Db,
  taskId: string,
  status: TaskStatus,
  from: { id: string; rank: number },
  below: boolean,
): Promise<number | undefined> {
  const [row] = await tx
    .select({ rank: tasks.rank })
    .from(tasks)
    .where(
      and(
        eq(tasks.status, status),
        sql`${tasks.id} <> ${taskId}`,
        below
          ? sql`(${tasks.rank}, ${tasks.id}) > (${from.rank}, ${from.id})`
          : sql`(${tasks.rank}, ${tasks.id}) < (${from.rank}, ${from.id})`,
      ),
    )
    .orderBy(below ? sql`${tasks.rank} asc, ${tasks.id} asc` : sql`${tasks.rank} desc, ${tasks.id} desc`)
    .limit(1);
  return row?.rank;
}

/** Spreads a column's ranks RANK_STEP apart again, keeping its order. */
async function renumberColumn(tx: Db, status: TaskStatus) {
  await tx.execute(sql`update ${tasks} set rank = ordered.n * ${RANK_STEP}
    from (select id, row_number() over (order by rank, id) as n from ${tasks} where status = ${status}) ordered
    where ${tasks.id} = ordered.id`);
}

/**
 * Puts a dropped card between the neighbours its mover saw (docs/product/tasks.md#board): the
 * midpoint of their ranks; at a column's end, a step beyond the last. When two neighbours' ranks
 * leave no room (about fifty drops into the same gap), the column is renumbered first.
 */
async function placeTask(tx: Db, actor: Actor, taskId: string, status: TaskStatus, position: TaskPosition) {
  for (let attempt = 0; attempt < 2; attempt++) {
    const after = await neighbourRank(tx, actor, taskId, position.afterId, status);
    const before = await neighbourRank(tx, actor, taskId, position.beforeId, status);
    if (!after && !before) return;
    const low = after ? after.rank : before && (await adjacentRank(tx, taskId, status, before, false));
    const high = before ? before.rank : after && (await adjacentRank(tx, taskId, status, after, true));
    const rank =
      low === undefined
        ? (high as number) - RANK_STEP
        : high === undefined
          ? low + RANK_STEP
          : (low + high) / 2;
    if ((low === undefined || low < rank) && (high === undefined || rank < high)) {
      await tx.update(tasks).set({ rank }).where(eq(tasks.id, taskId));
      return;
    }
    await renumberColumn(tx, status);
  }
  // Even with room made, the named neighbours are not next to each other any more.
  throw conflict('task_changed');
}

/**
 * My Tasks: Start (todo → in_progress) and Complete (in_progress → completed); nothing else. The
 * board's drop sends the same move with the card's new place in its column, or only a new place.
 */
export async function changeStatus(ctx: Context, id: string, status: TaskStatus, position?: TaskPosition) {
  const { db, actor, now } = ctx;
  const row = await accessibleRow(db, actor, id);
  const alsoWrite = position && ((tx: Db) => placeTask(tx, actor, row.id, status, position));
  if (row.status === status) {
    // Only a new place in the same column: whoever may see the task may move it there.
    if (alsoWrite) return applyFrom(ctx, row, { updatedAt: now }, { alsoWrite });
    throw conflict('task_already_in_status', { values: { status } });
  }
  if (status === 'in_progress' && row.status === 'todo') {
    return applyFrom(ctx, row, { status, updatedAt: now }, { alsoWrite });
  }
  if (status === 'completed' && row.status === 'in_progress') {
    // A task in the review workflow is finished by a reviewer's approval, not by its assignee.
    if (row.reviewStatus === 'rework') throw conflict('task_needs_rework');
    return applyFrom(ctx, row, { status, completedAt: now, updatedAt: now }, { stopTimerAt: now, alsoWrite });
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

/**
 * Many tasks, one change, all or none (docs/product/tasks.md#bulk-edit): each task goes through the
 * very function of its single change (changeStatus, editTask, deleteTask), so the same person may do
 * the same things, each in a savepoint of one transaction. A refusal is collected, not thrown at once,
 * so the answer names every refused task; if there is any, the transaction rolls back. Live events and
 * the mail dispatcher's kick are held until the commit, so nobody hears of a change that was undone.
 */
export async function bulkChange(
  ctx: Context,
  body: z.output<typeof bulkTasksRequest>,
): Promise<{ tasks: Task[]; count: number }> {
  const ids = [...new Set(body.ids)];
  // Read before the transaction, whose connection is the only one on PGlite.
  await ctx.settings();
  await ctx.timeZone();
  const language = await ctx.language();
  const held: BusEvent[] = [];
  let kicked = false;
  const events: EventBus = Object.assign(Object.create(ctx.events), {
    publish: async (event: BusEvent) => {
      held.push(event);
    },
  });
  const mailer: Mailer = Object.assign(Object.create(ctx.mailer), {
    kick: () => {
      kicked = true;
    },
  });
  const refused: BulkRefusal[] = [];
  const { status, ...edit } = body.set ?? {};
  const changed = await ctx.db.transaction(async (tx) => {
    const each: Context = { ...ctx, db: tx, events, mailer };
    const out: Task[] = [];
    for (const id of ids) {
      try {
        if (body.delete) await deleteTask(each, id);
        else if (status) out.push(await changeStatus(each, id, status));
        else out.push(await editTask(each, id, edit));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        refused.push({ id, code: error.code, message: messageIn(language, error.code, error.values) });
      }
    }
    if (refused.length > 0)
      throw conflict('bulk_refused', { items: refused, values: { count: refused.length } });
    return out;
  });
  for (const event of held) await ctx.events.publish(event);
  if (kicked) ctx.mailer.kick();
  return { tasks: changed, count: ids.length };
}
