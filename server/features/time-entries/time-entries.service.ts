import { and, eq, isNull } from 'drizzle-orm';
import {
  END_AFTER_START,
  ENTRY_INVOICED,
  ENTRY_TOO_LONG,
  type ManualEntryBody,
  NOT_IN_FUTURE,
  type TimeEntriesQuery,
  type TimeEntry,
  type UpdateEntryBody,
} from '@contract/time-entries';
import type { Db } from '../../db/types';
import { projects, timeEntries, trashedTimeEntries } from '../../db/schema';
import type { Context } from '../../lib/context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { editedSpan, wallClockSpan } from '@contract/zoned-time';
import { insertEntry } from '../../core/time/entries';
import { durationSeconds, MAX_ENTRY_SECONDS, wholeSeconds } from '../../core/time/instants';
import { assertWeeksOpen } from '../../core/time/week-lock';
import { assertNotInvoiced } from '../../core/time/invoice-lock';
import { entriesBefore, newestEntries, selectEntries, toTimeEntries } from '../../core/time/entry-rows';

/** What the entry rules need of a request: whose entries, the zone their days count in, and now. */
type Scope = { db: Db; now: Date; timeZone: string; userId: string; organisationZone: string };

const scopeOf = async (ctx: Context): Promise<Scope> => ({
  db: ctx.db,
  now: ctx.now,
  timeZone: await ctx.timeZone(),
  userId: ctx.actor.id,
  organisationZone: (await ctx.settings()).timeZone,
});

/** The lock (docs/product/timesheets.md#lock) for the instants an entry write touches. */
const assertOpen = (ctx: Scope, db: Db, ...instants: Date[]) =>
  assertWeeksOpen(db, ctx.userId, instants, ctx.organisationZone);

const ENTRY_NOT_FOUND = 'entry_not_found';

/** Newest first; `before` is the id of the last entry of the previous page (keyset on the index). */
export async function listEntries(context: Context, query: TimeEntriesQuery): Promise<TimeEntry[]> {
  const ctx = await scopeOf(context);
  const { db, userId } = ctx;
  const rows = query.before
    ? await entriesBefore(db, userId, query.before, query.limit)
    : await newestEntries(db, userId, query.limit);
  return toTimeEntries(db, userId, rows, ctx.timeZone);
}

async function entryIn(ctx: Scope, id: string): Promise<TimeEntry> {
  const rows = await selectEntries(ctx.db).where(
    and(eq(timeEntries.id, id), eq(timeEntries.userId, ctx.userId)),
  );
  if (rows.length === 0) throw notFound(ENTRY_NOT_FOUND);
  const [entry] = await toTimeEntries(ctx.db, ctx.userId, rows, ctx.timeZone);
  return entry;
}

/**
 * Wall-clock times of the owner's zone on `date` → instants; an end at or before the start is on
 * the next day (a night shift: 22:00 – 01:00). The browser previews with the same function.
 */
function resolveSpan(ctx: Scope, date: string, startTime: string, endTime: string) {
  const { start, end } = wallClockSpan(date, startTime, endTime, ctx.timeZone);
  return checkedSpan(ctx, start, end);
}

/**
 * An edited entry's instants (the contract's `editedSpan`, which the browser previews with): a time
 * not sent, or sent as it already reads, keeps its instant, so an entry a timer measured keeps its
 * seconds. Null: the times are unchanged.
 */
function editedTimes(ctx: Scope, current: { startTime: Date; endTime: Date }, body: UpdateEntryBody) {
  const { start, end } = editedSpan({ start: current.startTime, end: current.endTime }, body, ctx.timeZone);
  if (start.getTime() === current.startTime.getTime() && end.getTime() === current.endTime.getTime())
    return null;
  return checkedSpan(ctx, start, end);
}

/** Refuses empty, reversed, future and over-long spans; instants in whole seconds. */
function checkedSpan(ctx: Scope, start: Date, end: Date) {
  const span = { start: wholeSeconds(start), end: wholeSeconds(end) };
  if (span.end.getTime() <= span.start.getTime()) throw badRequest(END_AFTER_START, 'endTime');
  if (span.end.getTime() > ctx.now.getTime()) throw badRequest(NOT_IN_FUTURE, 'endTime');
  if (durationSeconds(span.start, span.end) > MAX_ENTRY_SECONDS) throw badRequest(ENTRY_TOO_LONG, 'endTime');
  return span;
}

async function assertProject(db: Db, projectId: string) {
  const [found] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
  if (!found) throw badRequest('project_required', 'projectId');
}

export async function createEntry(context: Context, body: ManualEntryBody): Promise<TimeEntry> {
  const ctx = await scopeOf(context);
  const span = resolveSpan(ctx, body.date, body.startTime, body.endTime);
  await assertProject(ctx.db, body.projectId);
  await assertOpen(ctx, ctx.db, span.start, span.end);
  const id = await insertEntry(ctx.db, {
    userId: ctx.userId,
    projectId: body.projectId,
    taskId: null,
    description: body.description,
    start: span.start,
    end: span.end,
    billable: body.billable,
  });
  return entryIn(ctx, id);
}

/** Edits an own entry; its task's time spent follows (the database keeps it the sum of its entries). */
export async function updateEntry(context: Context, id: string, body: UpdateEntryBody): Promise<TimeEntry> {
  const ctx = await scopeOf(context);
  const [current] = await ctx.db
    .select()
    .from(timeEntries)
    .where(and(eq(timeEntries.id, id), eq(timeEntries.userId, ctx.userId)));
  if (!current) throw notFound(ENTRY_NOT_FOUND);
  // Even a change of project or description alters a locked week, or what an invoice billed.
  await assertOpen(ctx, ctx.db, current.startTime, current.endTime);
  if (current.invoiceId) throw conflict(ENTRY_INVOICED);
  const changes: Partial<typeof timeEntries.$inferInsert> = {};
  if (body.projectId !== undefined) {
    await assertProject(ctx.db, body.projectId);
    changes.projectId = body.projectId;
  }
  if (body.description !== undefined) changes.description = body.description;
  if (body.billable !== undefined) changes.billable = body.billable;
  const span = editedTimes(ctx, current, body);
  if (span) await assertOpen(ctx, ctx.db, span.start, span.end);
  // New times are the person's own statement: an auto-stopped entry loses its mark
  // (docs/product/time-tracking.md#forgotten-timers); a new description or project keeps it.
  if (span) Object.assign(changes, { startTime: span.start, endTime: span.end, autoStopped: false });
  // The write itself also refuses an entry marked invoiced meanwhile (the mark takes the same rows).
  if (Object.keys(changes).length > 0) {
    const [written] = await ctx.db
      .update(timeEntries)
      .set(changes)
      .where(and(eq(timeEntries.id, id), isNull(timeEntries.invoiceId)))
      .returning({ id: timeEntries.id });
    if (!written) throw conflict(ENTRY_INVOICED);
  }
  return entryIn(ctx, id);
}

/**
 * Moves an own entry to the Trash (docs/product/time-tracking.md#trash): the row leaves
 * time_entries for trashed_time_entries in one transaction, so no read of hours counts it any more
 * (the triggers take it out of its task's time spent and mark the ledger's kept sums stale).
 */
export async function deleteEntry(context: Context, id: string): Promise<void> {
  const ctx = await scopeOf(context);
  await ctx.db.transaction(async (tx) => {
    const [entry] = await tx
      .select({ startTime: timeEntries.startTime, endTime: timeEntries.endTime })
      .from(timeEntries)
      .where(and(eq(timeEntries.id, id), eq(timeEntries.userId, ctx.userId)));
    if (entry) await assertOpen(ctx, tx, entry.startTime, entry.endTime);
    if (entry) await assertNotInvoiced(tx, id);
    const [gone] = await tx
      .delete(timeEntries)
      .where(and(eq(timeEntries.id, id), eq(timeEntries.userId, ctx.userId)))
      .returning();
    if (!gone) throw notFound(ENTRY_NOT_FOUND);
    await tx.insert(trashedTimeEntries).values({
      id: gone.id,
      userId: gone.userId,
      projectId: gone.projectId,
      taskId: gone.taskId,
      description: gone.description,
      startTime: gone.startTime,
      endTime: gone.endTime,
      autoStopped: gone.autoStopped,
      billable: gone.billable,
      createdAt: gone.createdAt,
      deletedAt: ctx.now,
      deletedById: ctx.userId,
    });
  });
}

/**
 * Puts an entry from the Trash back where it was, with the same id (its owner's; admins anyone's):
 * its task's time spent and the ledger count it again. A week submitted or approved meanwhile refuses
 * it with the lock's own 409, as any write into that week.
 */
export async function restoreEntry(context: Context, id: string): Promise<{ id: string }> {
  const { db, actor } = context;
  const organisationZone = (await context.settings()).timeZone;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(trashedTimeEntries)
      .where(eq(trashedTimeEntries.id, id))
      .for('update');
    if (!row || (row.userId !== actor.id && actor.role !== 'admin')) {
      const [live] = await tx
        .select({ userId: timeEntries.userId })
        .from(timeEntries)
        .where(eq(timeEntries.id, id));
      if (live && (live.userId === actor.id || actor.role === 'admin')) throw conflict('entry_not_in_trash');
      throw notFound(ENTRY_NOT_FOUND);
    }
    await assertWeeksOpen(tx, row.userId, [row.startTime, row.endTime], organisationZone);
    await tx.insert(timeEntries).values({
      id: row.id,
      userId: row.userId,
      projectId: row.projectId,
      taskId: row.taskId,
      description: row.description,
      startTime: row.startTime,
      endTime: row.endTime,
      autoStopped: row.autoStopped,
      billable: row.billable,
      createdAt: row.createdAt,
    });
    await tx.delete(trashedTimeEntries).where(eq(trashedTimeEntries.id, id));
  });
  return { id };
}
