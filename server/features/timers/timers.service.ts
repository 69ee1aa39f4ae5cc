import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  type ActiveTimer,
  GENERAL_WORK,
  NO_TIMER_RUNNING,
  type StartTimerBody,
  TIMER_RUNNING,
  type TimerActiveResponse,
  type UpdateTimerBody,
} from '@contract/timers';
import type { TimeEntry } from '@contract/time-entries';
import type { Db } from '../../db/types';
import { activeTimers, projects, tasks, timeEntries } from '../../db/schema';
import type { Context } from '../../lib/context';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { selectEntries, toTimeEntries } from '../../core/time/entry-rows';
import { closeTimer } from '../../core/time/entries';
import { assertWeeksOpen } from '../../core/time/week-lock';
import { recordTaskActivity } from '../../core/task-activity';

/** The user's running timer with the task's and project's names, or null. */
async function readActive(db: Db, userId: string): Promise<ActiveTimer | null> {
  const [row] = await db
    .select({
      id: activeTimers.id,
      taskId: activeTimers.taskId,
      task: tasks.title,
      projectId: activeTimers.projectId,
      project: projects.name,
      description: activeTimers.description,
      startTime: activeTimers.startTime,
      billable: sql<boolean>`coalesce(${activeTimers.billable}, ${projects.billable}, false)`,
    })
    .from(activeTimers)
    .leftJoin(tasks, eq(tasks.id, activeTimers.taskId))
    .leftJoin(projects, eq(projects.id, activeTimers.projectId))
    .where(eq(activeTimers.userId, userId));
  return row ? { ...row, startTime: row.startTime.toISOString() } : null;
}

export async function getActiveTimer(ctx: Context): Promise<TimerActiveResponse> {
  const timer = await readActive(ctx.db, ctx.actor.id);
  return { isActive: timer !== null, timer };
}

/** What the timer is for: the user's own startable task, a project, or just a description. */
async function timerTarget(db: Db, userId: string, body: StartTimerBody) {
  const description = body.description || undefined;
  if (body.taskId) {
    const [task] = await db
      .select({
        id: tasks.id,
        title: tasks.title,
        projectId: tasks.projectId,
        status: tasks.status,
        isPaused: tasks.isPaused,
      })
      .from(tasks)
      .where(and(eq(tasks.id, body.taskId), eq(tasks.assigneeId, userId), isNull(tasks.deletedAt)));
    if (!task) throw notFound('task_not_found');
    if (task.status === 'completed') throw conflict('timer_task_completed');
    if (task.isPaused) throw conflict('timer_task_paused');
    return { taskId: task.id, projectId: task.projectId, description: description ?? task.title };
  }
  if (body.projectId) {
    const [project] = await db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.id, body.projectId));
    if (!project) throw badRequest('project_required', 'projectId');
  }
  return { taskId: null, projectId: body.projectId ?? null, description: description ?? GENERAL_WORK };
}

/** The unique user_id decides between concurrent starts: the loser gets the 409. */
export async function startTimer(ctx: Context, body: StartTimerBody): Promise<ActiveTimer> {
  const userId = ctx.actor.id;
  const target = await timerTarget(ctx.db, userId, body);
  // A timer becomes an entry of this week: not in a locked one.
  await assertWeeksOpen(ctx.db, userId, [ctx.now], (await ctx.settings()).timeZone);
  try {
    await ctx.db.transaction(async (tx) => {
      await tx
        .insert(activeTimers)
        .values({ userId, startTime: ctx.now, ...target, billable: body.billable ?? null });
      if (target.taskId)
        await recordTaskActivity(tx, {
          taskId: target.taskId,
          actorId: userId,
          kind: 'timer_started',
          at: ctx.now,
        });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(TIMER_RUNNING);
    throw error;
  }
  const timer = await readActive(ctx.db, userId);
  if (!timer) throw conflict(NO_TIMER_RUNNING);
  return timer;
}

/**
 * Switches the caller's running timer billable or not (docs/product/billing.md#billable): the entry it
 * becomes keeps the choice. Only one's own timer; none running is 409 as for stop.
 */
export async function updateTimer(ctx: Context, body: UpdateTimerBody): Promise<ActiveTimer> {
  const [row] = await ctx.db
    .update(activeTimers)
    .set({ billable: body.billable })
    .where(eq(activeTimers.userId, ctx.actor.id))
    .returning({ id: activeTimers.id });
  const timer = row && (await readActive(ctx.db, ctx.actor.id));
  if (!timer) throw conflict(NO_TIMER_RUNNING);
  return timer;
}

/**
 * Removes the running timer and writes its time entry in one transaction (a task timer also adds
 * its seconds to the task). The delete decides between concurrent stops.
 */
export async function stopTimer(ctx: Context, timerId?: string): Promise<TimeEntry> {
  const { db, now } = ctx;
  const userId = ctx.actor.id;
  const organisationZone = (await ctx.settings()).timeZone;
  const entryId = await db.transaction(async (tx) => {
    const [timer] = await tx
      .delete(activeTimers)
      .where(and(eq(activeTimers.userId, userId), timerId ? eq(activeTimers.id, timerId) : undefined))
      .returning();
    if (!timer) {
      const running = timerId ? await readActive(tx, userId) : null;
      throw running ? notFound('timer_not_found') : conflict(NO_TIMER_RUNNING);
    }
    return closeTimer(tx, timer, now, organisationZone);
  });
  const rows = await selectEntries(db).where(eq(timeEntries.id, entryId));
  const [entry] = await toTimeEntries(db, userId, rows, await ctx.timeZone());
  return entry;
}
