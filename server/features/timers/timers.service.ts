import { and, eq } from 'drizzle-orm';
import {
  type ActiveTimer,
  GENERAL_WORK,
  NO_TIMER_RUNNING,
  type StartTimerBody,
  TIMER_RUNNING,
  type TimerActiveResponse,
} from '@contract/timers';
import type { TimeEntry } from '@contract/time-entries';
import type { Db } from '../../db/client';
import { activeTimers, projects, tasks, timeEntries } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { selectEntries, toTimeEntry } from '../time-entries/time-entries.rows';
import { addTaskSeconds } from '../time-entries/time-entries.service';

export type TimerContext = { db: Db; clock: Clock; userId: string; timeZone: string };

/** PostgreSQL's unique_violation, whether drizzle wraps the driver's error or not. */
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
    })
    .from(activeTimers)
    .leftJoin(tasks, eq(tasks.id, activeTimers.taskId))
    .leftJoin(projects, eq(projects.id, activeTimers.projectId))
    .where(eq(activeTimers.userId, userId));
  return row ? { ...row, startTime: row.startTime.toISOString() } : null;
}

export async function getActiveTimer(db: Db, userId: string): Promise<TimerActiveResponse> {
  const timer = await readActive(db, userId);
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
      .where(and(eq(tasks.id, body.taskId), eq(tasks.assigneeId, userId)));
    if (!task) throw notFound('Task not found');
    if (task.status === 'completed') throw conflict('Cannot start a timer on a completed task');
    if (task.isPaused) throw conflict('Cannot start a timer on a paused task');
    return { taskId: task.id, projectId: task.projectId, description: description ?? task.title };
  }
  if (body.projectId) {
    const [project] = await db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.id, body.projectId));
    const message = 'Please select a project';
    if (!project) throw new AppError(400, message, { fieldErrors: { projectId: [message] } });
  }
  return { taskId: null, projectId: body.projectId ?? null, description: description ?? GENERAL_WORK };
}

/** The unique user_id decides between concurrent starts: the loser gets the 409. */
export async function startTimer(ctx: TimerContext, body: StartTimerBody): Promise<ActiveTimer> {
  const target = await timerTarget(ctx.db, ctx.userId, body);
  try {
    await ctx.db.insert(activeTimers).values({ userId: ctx.userId, startTime: ctx.clock.now(), ...target });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(TIMER_RUNNING);
    throw error;
  }
  const timer = await readActive(ctx.db, ctx.userId);
  if (!timer) throw conflict(NO_TIMER_RUNNING);
  return timer;
}

type TimerRow = typeof activeTimers.$inferSelect;

/** Writes the time entry of a timer already deleted from active_timers; a task timer adds to the task. */
async function closeTimer(tx: Db, timer: TimerRow, now: Date): Promise<string> {
  const endTime = now.getTime() < timer.startTime.getTime() ? timer.startTime : now;
  const duration = Math.floor((endTime.getTime() - timer.startTime.getTime()) / 1000);
  const [entry] = await tx
    .insert(timeEntries)
    .values({
      userId: timer.userId,
      projectId: timer.projectId,
      taskId: timer.taskId,
      description: timer.description,
      startTime: timer.startTime,
      endTime,
      duration,
    })
    .returning({ id: timeEntries.id });
  if (timer.taskId && duration > 0) await addTaskSeconds(tx, timer.taskId, duration);
  return entry.id;
}

/**
 * Stops whatever timer is running on the task, exactly as POST /api/timer/stop would (decisions §7:
 * a paused or finished task cannot be timed). Call it inside the transaction that changes the task,
 * before the task's own update, so the locks are taken in the same order as stopTimer takes them.
 */
export async function stopTaskTimers(tx: Db, taskId: string, now: Date): Promise<number> {
  const stopped = await tx.delete(activeTimers).where(eq(activeTimers.taskId, taskId)).returning();
  for (const timer of stopped) await closeTimer(tx, timer, now);
  return stopped.length;
}

/**
 * Removes the running timer and writes its time entry in one transaction (a task timer also adds
 * its seconds to the task). The delete decides between concurrent stops.
 */
export async function stopTimer(ctx: TimerContext, timerId?: string): Promise<TimeEntry> {
  const { db, userId } = ctx;
  const now = ctx.clock.now();
  const entryId = await db.transaction(async (tx) => {
    const [timer] = await tx
      .delete(activeTimers)
      .where(and(eq(activeTimers.userId, userId), timerId ? eq(activeTimers.id, timerId) : undefined))
      .returning();
    if (!timer) {
      const running = timerId ? await readActive(tx, userId) : null;
      throw running ? notFound('Timer not found') : conflict(NO_TIMER_RUNNING);
    }
    return closeTimer(tx, timer, now);
  });
  const [row] = await selectEntries(db).where(eq(timeEntries.id, entryId));
  return toTimeEntry(row, ctx.timeZone);
}
