import { eq } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { activeTimers, timeEntries } from '../../db/schema';
import { recordTaskActivity } from '../task-activity';
import { wholeSeconds } from './instants';
import { assertWeeksOpen } from './week-lock';

/**
 * Writing time (docs/product/time-tracking.md#ledger): every entry — typed, edited, or a stopped
 * timer — goes into time_entries with whole-second instants; the database computes its duration and
 * keeps its task's time spent (the sum of the task's entries). Nothing else writes either.
 */
export type EntryValues = {
  userId: string;
  projectId: string | null;
  taskId: string | null;
  description: string;
  start: Date;
  end: Date;
  autoStopped?: boolean;
  /** null or omitted: as the project says (docs/product/billing.md#billable) */
  billable?: boolean | null;
};

export async function insertEntry(tx: Db, values: EntryValues): Promise<string> {
  const [row] = await tx
    .insert(timeEntries)
    .values({
      userId: values.userId,
      projectId: values.projectId,
      taskId: values.taskId,
      description: values.description,
      startTime: wholeSeconds(values.start),
      endTime: wholeSeconds(values.end),
      autoStopped: values.autoStopped ?? false,
      billable: values.billable ?? null,
    })
    .returning({ id: timeEntries.id });
  return row.id;
}

type TimerRow = typeof activeTimers.$inferSelect;

/**
 * Writes the time entry of a timer already deleted from active_timers, ending now (never before it
 * started). `autoStopped` marks the entry of a forgotten timer the server stopped. The weeks it
 * touches must be open.
 */
export async function closeTimer(
  tx: Db,
  timer: TimerRow,
  now: Date,
  organisationZone: string,
  options: { autoStopped?: boolean } = {},
): Promise<string> {
  const end = now.getTime() < timer.startTime.getTime() ? timer.startTime : now;
  await assertWeeksOpen(tx, timer.userId, [timer.startTime, end], organisationZone);
  // The task's history names whose timer it was (docs/product/tasks.md#activity).
  if (timer.taskId)
    await recordTaskActivity(tx, {
      taskId: timer.taskId,
      actorId: timer.userId,
      kind: 'timer_stopped',
      details: { seconds: Math.floor((end.getTime() - timer.startTime.getTime()) / 1000) },
      at: end,
    });
  return insertEntry(tx, {
    userId: timer.userId,
    projectId: timer.projectId,
    taskId: timer.taskId,
    description: timer.description,
    start: timer.startTime,
    end,
    autoStopped: options.autoStopped,
    billable: timer.billable,
  });
}

/**
 * Stops whatever timer is running on the task, exactly as POST /api/timer/stop would
 * (docs/product/time-tracking.md#task-timers: a paused or finished task cannot be timed). Call it
 * inside the transaction that changes the task, before the task's own update, so the locks are
 * taken in the same order as a stop takes them.
 */
export async function stopTaskTimers(tx: Db, taskId: string, now: Date, organisationZone: string) {
  const stopped = await tx.delete(activeTimers).where(eq(activeTimers.taskId, taskId)).returning();
  for (const timer of stopped) await closeTimer(tx, timer, now, organisationZone);
  return stopped.length;
}
