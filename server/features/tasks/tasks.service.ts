import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  addCommentRequest,
  createTaskRequest,
  reviewTaskRequest,
  Task,
  TaskComment,
  TaskStatus,
  TasksQuery,
} from '@contract/tasks';
import type { Db } from '../../db/client';
import { projects, taskComments, tasks, users } from '../../db/schema';
import type { SessionUser } from '../../lib/auth';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { stopTaskTimers } from '../timers/timers.service';
import { findTask, findTasks, type TaskListQuery } from './tasks.queries';

type Actor = Pick<SessionUser, 'id' | 'role' | 'firstName' | 'lastName'>;
type TaskRow = typeof tasks.$inferSelect;

const canManage = (actor: Actor) => actor.role === 'manager' || actor.role === 'admin';

/** Employees see only their own tasks; managers and admins see all (decisions §4). */
export function listTasks(db: Db, actor: Actor, query: TasksQuery): Promise<Task[]> {
  const scoped: TaskListQuery = canManage(actor) ? query : { ...query, assigneeId: actor.id };
  if (!canManage(actor) && query.assigneeId && query.assigneeId !== actor.id) return Promise.resolve([]);
  return findTasks(db, scoped);
}

export function listMyTasks(db: Db, actor: Actor, page: { limit: number; before?: string }) {
  return findTasks(db, { ...page, assigneeId: actor.id });
}

async function loadTask(db: Db, id: string): Promise<Task> {
  const task = await findTask(db, id);
  if (!task) throw notFound('Task not found');
  return task;
}

/** The task if the actor may see it; another person's task is 404 to an employee (no leaking it exists). */
async function accessibleRow(db: Db, actor: Actor, id: string): Promise<TaskRow> {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id)).limit(1);
  if (!row || (!canManage(actor) && row.assigneeId !== actor.id)) throw notFound('Task not found');
  return row;
}

const fieldError = (field: string, message: string) =>
  new AppError(400, message, { fieldErrors: { [field]: [message] } });

export async function createTask(
  db: Db,
  actor: Actor,
  input: z.output<typeof createTaskRequest>,
  now: Date,
): Promise<Task> {
  const assigneeId = input.assigneeId ?? actor.id;
  if (assigneeId !== actor.id) {
    if (!canManage(actor)) throw forbidden('Employees can only create tasks for themselves');
    const [assignee] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, assigneeId), eq(users.approvalStatus, 'approved'), eq(users.isActive, true)))
      .limit(1);
    if (!assignee) throw fieldError('assigneeId', 'Assignee not found');
  }
  if (input.projectId) {
    const [project] = await db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.id, input.projectId))
      .limit(1);
    if (!project) throw fieldError('projectId', 'Project not found');
  }
  const [row] = await db
    .insert(tasks)
    .values({
      title: input.title,
      description: input.description,
      priority: input.priority,
      projectId: input.projectId,
      assigneeId,
      assignedById: actor.id,
      estimatedHours: input.estimatedHours,
      dueDate: input.dueDate ? new Date(input.dueDate) : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: tasks.id });
  return loadTask(db, row.id);
}

/**
 * Applies a change only if the task still has the status it was checked against, so two people acting
 * at once cannot both succeed from the same state. A change that leaves the task untimeable (paused,
 * submitted, completed: decisions §7) stops its running timer in the same transaction, the way
 * POST /api/timer/stop does.
 */
async function applyFrom(
  db: Db,
  row: TaskRow,
  changes: Partial<TaskRow>,
  options: { stopTimerAt?: Date } = {},
): Promise<Task> {
  await db.transaction(async (tx) => {
    // The timer goes first: stopTimer deletes the timer before it touches the task, and so do we.
    if (options.stopTimerAt) await stopTaskTimers(tx, row.id, options.stopTimerAt);
    const updated = await tx
      .update(tasks)
      .set(changes)
      .where(and(eq(tasks.id, row.id), eq(tasks.status, row.status), eq(tasks.isPaused, row.isPaused)))
      .returning({ id: tasks.id });
    if (updated.length === 0) throw conflict('The task changed meanwhile; reload and try again');
  });
  return loadTask(db, row.id);
}

const statusLabel: Record<TaskStatus, string> = {
  todo: 'to do',
  in_progress: 'in progress',
  pending_review: 'pending review',
  completed: 'completed',
};

/** My Tasks: Start (todo → in_progress) and Complete (in_progress → completed); nothing else. */
export async function changeStatus(db: Db, actor: Actor, id: string, status: TaskStatus, now: Date) {
  const row = await accessibleRow(db, actor, id);
  if (row.status === status) throw conflict(`Task is already ${statusLabel[status]}`);
  if (status === 'in_progress' && row.status === 'todo') {
    return applyFrom(db, row, { status, updatedAt: now });
  }
  if (status === 'completed' && row.status === 'in_progress') {
    // A task in the review workflow is finished by a reviewer's approval, not by its assignee.
    if (row.reviewStatus === 'rework') throw conflict('This task needs rework: submit it for review instead');
    return applyFrom(db, row, { status, completedAt: now, updatedAt: now }, { stopTimerAt: now });
  }
  throw conflict(`A task that is ${statusLabel[row.status]} cannot be moved to ${statusLabel[status]}`);
}

export async function togglePause(db: Db, actor: Actor, id: string, now: Date) {
  const row = await accessibleRow(db, actor, id);
  if (row.status !== 'todo' && row.status !== 'in_progress') {
    throw conflict(`A task that is ${statusLabel[row.status]} cannot be paused or resumed`);
  }
  const pausing = !row.isPaused;
  return applyFrom(
    db,
    row,
    { isPaused: pausing, updatedAt: now },
    { stopTimerAt: pausing ? now : undefined },
  );
}

export async function submitForReview(db: Db, actor: Actor, id: string, notes: string, now: Date) {
  const row = await accessibleRow(db, actor, id);
  if (row.isPaused) throw conflict('A paused task cannot be submitted for review; resume it first');
  if (row.status !== 'todo' && row.status !== 'in_progress') {
    throw conflict(`A task that is ${statusLabel[row.status]} cannot be submitted for review`);
  }
  return applyFrom(
    db,
    row,
    {
      status: 'pending_review',
      reviewStatus: 'pending',
      submissionNotes: notes,
      submittedAt: now,
      updatedAt: now,
    },
    { stopTimerAt: now },
  );
}

export async function reviewTask(
  db: Db,
  actor: Actor,
  id: string,
  input: z.output<typeof reviewTaskRequest>,
  now: Date,
) {
  if (!canManage(actor)) throw forbidden('Only managers and admins can review tasks');
  const row = await accessibleRow(db, actor, id);
  if (row.status !== 'pending_review') throw conflict('Only tasks pending review can be reviewed');
  const approved = input.action === 'approve';
  return applyFrom(
    db,
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
    { stopTimerAt: approved ? now : undefined },
  );
}

export async function addComment(
  db: Db,
  actor: Actor,
  id: string,
  input: z.output<typeof addCommentRequest>,
  now: Date,
): Promise<TaskComment> {
  await accessibleRow(db, actor, id);
  const [comment] = await db
    .insert(taskComments)
    .values({ taskId: id, authorId: actor.id, text: input.text, createdAt: now })
    .returning();
  return {
    id: comment.id,
    text: comment.text,
    authorId: actor.id,
    // The author is whoever holds the session; a client-sent author is never read (decisions §2).
    author: `${actor.firstName} ${actor.lastName}`,
    createdAt: comment.createdAt.toISOString(),
  };
}
