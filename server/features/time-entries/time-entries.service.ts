import { and, eq, sql } from 'drizzle-orm';
import {
  END_AFTER_START,
  type ManualEntryBody,
  NOT_IN_FUTURE,
  type TimeEntriesQuery,
  type TimeEntry,
  type UpdateEntryBody,
} from '@contract/time-entries';
import type { Db } from '../../db/client';
import { projects, tasks, timeEntries } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import { zonedClock, zonedDate, zonedInstant } from '../../lib/zoned-time';
import { entriesBefore, newestEntries, selectEntries, toTimeEntry } from './time-entries.rows';

export type EntryContext = { db: Db; clock: Clock; timeZone: string; userId: string };

const ENTRY_NOT_FOUND = 'Time entry not found';

/** Newest first; `before` is the id of the last entry of the previous page (keyset on the index). */
export async function listEntries(ctx: EntryContext, query: TimeEntriesQuery): Promise<TimeEntry[]> {
  const { db, userId } = ctx;
  const rows = query.before
    ? await entriesBefore(db, userId, query.before, query.limit)
    : await newestEntries(db, userId, query.limit);
  return rows.map((r) => toTimeEntry(r, ctx.timeZone));
}

export async function getEntry(ctx: EntryContext, id: string): Promise<TimeEntry> {
  const [row] = await selectEntries(ctx.db).where(
    and(eq(timeEntries.id, id), eq(timeEntries.userId, ctx.userId)),
  );
  if (!row) throw notFound(ENTRY_NOT_FOUND);
  return toTimeEntry(row, ctx.timeZone);
}

/** Wall-clock times of the org zone → instants; refuses empty, reversed and future spans. */
function resolveSpan(ctx: EntryContext, date: string, startTime: string, endTime: string) {
  const start = zonedInstant(date, startTime, ctx.timeZone);
  const end = zonedInstant(date, endTime, ctx.timeZone);
  if (end.getTime() <= start.getTime())
    throw new AppError(400, END_AFTER_START, { fieldErrors: { endTime: [END_AFTER_START] } });
  if (end.getTime() > ctx.clock.now().getTime())
    throw new AppError(400, NOT_IN_FUTURE, { fieldErrors: { endTime: [NOT_IN_FUTURE] } });
  return { start, end, duration: Math.round((end.getTime() - start.getTime()) / 1000) };
}

async function assertProject(db: Db, projectId: string) {
  const [found] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
  const message = 'Please select a project';
  if (!found) throw new AppError(400, message, { fieldErrors: { projectId: [message] } });
}

export async function createEntry(ctx: EntryContext, body: ManualEntryBody): Promise<TimeEntry> {
  const span = resolveSpan(ctx, body.date, body.startTime, body.endTime);
  await assertProject(ctx.db, body.projectId);
  const [row] = await ctx.db
    .insert(timeEntries)
    .values({
      userId: ctx.userId,
      projectId: body.projectId,
      description: body.description,
      startTime: span.start,
      endTime: span.end,
      duration: span.duration,
    })
    .returning({ id: timeEntries.id });
  return getEntry(ctx, row.id);
}

/**
 * Edits an own entry. A task timer's entry also moves its task's tracked seconds by the change, so
 * a task's timeSpent stays the sum of its entries.
 */
export async function updateEntry(ctx: EntryContext, id: string, body: UpdateEntryBody): Promise<TimeEntry> {
  const [current] = await ctx.db
    .select()
    .from(timeEntries)
    .where(and(eq(timeEntries.id, id), eq(timeEntries.userId, ctx.userId)));
  if (!current) throw notFound(ENTRY_NOT_FOUND);
  const changes: Partial<typeof timeEntries.$inferInsert> = {};
  if (body.projectId !== undefined) {
    await assertProject(ctx.db, body.projectId);
    changes.projectId = body.projectId;
  }
  if (body.description !== undefined) changes.description = body.description;
  if (body.date !== undefined || body.startTime !== undefined || body.endTime !== undefined) {
    const span = resolveSpan(
      ctx,
      body.date ?? zonedDate(current.startTime, ctx.timeZone),
      body.startTime ?? zonedClock(current.startTime, ctx.timeZone),
      body.endTime ?? zonedClock(current.endTime, ctx.timeZone),
    );
    Object.assign(changes, { startTime: span.start, endTime: span.end, duration: span.duration });
  }
  if (Object.keys(changes).length > 0) {
    await ctx.db.transaction(async (tx) => {
      await tx.update(timeEntries).set(changes).where(eq(timeEntries.id, id));
      const delta = (changes.duration ?? current.duration) - current.duration;
      if (current.taskId && delta !== 0) await addTaskSeconds(tx, current.taskId, delta);
    });
  }
  return getEntry(ctx, id);
}

export async function deleteEntry(ctx: EntryContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(timeEntries)
      .where(and(eq(timeEntries.id, id), eq(timeEntries.userId, ctx.userId)))
      .returning();
    if (!gone) throw notFound(ENTRY_NOT_FOUND);
    if (gone.taskId) await addTaskSeconds(tx, gone.taskId, -gone.duration);
  });
}

/** Adds (or with a negative delta removes) tracked seconds of a task, never below zero. */
export async function addTaskSeconds(db: Db, taskId: string, seconds: number) {
  await db
    .update(tasks)
    .set({ timeSpentSeconds: sql`greatest(0, ${tasks.timeSpentSeconds} + ${seconds})` })
    .where(eq(tasks.id, taskId));
}
