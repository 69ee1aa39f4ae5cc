import { and, eq, gte, lt, sql } from 'drizzle-orm';
import {
  CLOCK_OUT_FIRST,
  STOP_TIMER_FIRST,
  SUBMIT_TOO_EARLY,
  type TimesheetStatus,
} from '@contract/timesheets';
import { addDays, zonedDate } from '@contract/zoned-time';
import { activeTimers, attendanceRecords, timesheets } from '../../db/schema';
import type { Context } from '../../lib/context';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { audit } from '../../core/audit';
import { announceNotifications, notify } from '../../core/notify';
import { decidersOf, maySee } from '../../core/scope';
import { timePerson } from '../../core/time/people';
import { weekFigures } from '../../core/time/balance';
import { mondayOf, weekRange } from '../../core/time/weeks';
import {
  mayDecide,
  nameOf,
  SHEET_NOT_FOUND,
  type SheetRow,
  sheetOf,
  submittableFrom,
} from './timesheets.service';
import { announceWeek } from './timesheets.events';

/**
 * What happens to a week (docs/product/timesheets.md): its owner submits or withdraws it, a manager
 * of their team or an admin approves or rejects it, an admin reopens an approved one (audited).
 * Every move is conditional on the state read, so of two racing decisions one loses with 409.
 */

const result = (row: SheetRow) => ({
  id: row.id,
  status: row.status,
  weekStart: row.weekStart,
  userId: row.userId,
});

/** Submits the caller's week (open or rejected) containing `week`; it locks (docs/product/timesheets.md). */
export async function submitWeek(ctx: Context, week: string) {
  const userId = ctx.actor.id;
  const monday = mondayOf(week);
  const person = await timePerson(ctx.db, userId, (await ctx.settings()).timeZone, {
    from: monday,
    to: addDays(monday, 6),
  });
  if (!person) throw notFound(SHEET_NOT_FOUND);
  const zone = person.zone;
  const today = zonedDate(ctx.now, zone);
  if (monday > mondayOf(today)) throw badRequest('submit_once_begun', 'week');
  const from = submittableFrom(person, monday);
  if (today < from) throw badRequest(SUBMIT_TOO_EARLY, 'week', { from });
  const { start, end } = weekRange(monday, zone);
  const [timer] = await ctx.db
    .select({ id: activeTimers.id })
    .from(activeTimers)
    .where(and(eq(activeTimers.userId, userId), lt(activeTimers.startTime, end)));
  if (timer) throw conflict(STOP_TIMER_FIRST);
  const [open] = await ctx.db
    .select({ id: attendanceRecords.id })
    .from(attendanceRecords)
    .where(
      and(
        eq(attendanceRecords.userId, userId),
        sql`${attendanceRecords.clockOut} is null`,
        lt(attendanceRecords.clockIn, end),
        gte(attendanceRecords.clockIn, start),
      ),
    );
  if (open) throw conflict(CLOCK_OUT_FIRST);
  // The sheet and the notice to those who decide it commit together (docs/product/notifications.md#events).
  const { row, notified } = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(timesheets)
      .values({ userId, weekStart: monday, status: 'submitted', submittedAt: ctx.now, updatedAt: ctx.now })
      .onConflictDoUpdate({
        target: [timesheets.userId, timesheets.weekStart],
        set: {
          status: 'submitted',
          submittedAt: ctx.now,
          updatedAt: ctx.now,
          decidedBy: null,
          decidedAt: null,
        },
        // Only an open or rejected week can be submitted; the others keep their state.
        setWhere: sql`${timesheets.status} in ('open', 'rejected')`,
      })
      .returning();
    if (!row) {
      const current = await sheetOf(tx, userId, monday);
      throw conflict('week_already_in_status', { values: { status: current?.status ?? 'submitted' } });
    }
    const notified = await notify(ctx, tx, {
      kind: 'timesheet_submitted',
      to: await decidersOf(tx, userId),
      actorId: userId,
      title: ({ t, longDay }) =>
        t('notifications:timesheet_submitted.title', { name: nameOf(ctx.actor), week: longDay(monday) }),
      link: '/timesheets',
      data: { timesheetId: row.id, weekStart: monday },
      at: ctx.now,
    });
    await audit(tx, {
      actorId: userId,
      action: 'timesheet_submitted',
      targetUserId: userId,
      details: { timesheetId: row.id, weekStart: monday },
      at: ctx.now,
    });
    return { row, notified };
  });
  await announceNotifications(ctx, notified);
  await announceWeek(ctx, userId);
  ctx.log.info({ timesheetId: row.id, userId }, 'timesheet submitted');
  return result(row);
}

async function ownedOrVisible(ctx: Context, id: string): Promise<SheetRow> {
  const [row] = await ctx.db.select().from(timesheets).where(eq(timesheets.id, id));
  if (!row || !(await maySee(ctx, row.userId))) throw notFound(SHEET_NOT_FOUND);
  return row;
}

/** Moves a sheet from one state to the next only if it is still in the state checked (races lose with 409). */
async function transition(ctx: Context, row: SheetRow, from: TimesheetStatus, changes: Partial<SheetRow>) {
  const [updated] = await ctx.db
    .update(timesheets)
    .set({ ...changes, updatedAt: ctx.now })
    .where(and(eq(timesheets.id, row.id), eq(timesheets.status, from)))
    .returning();
  if (!updated) throw conflict('timesheet_changed');
  return result(updated);
}

export async function withdrawWeek(ctx: Context, id: string) {
  const row = await ownedOrVisible(ctx, id);
  if (row.userId !== ctx.actor.id) throw forbidden('withdraw_own_week_only');
  if (row.status !== 'submitted') throw conflict('withdraw_undecided_only');
  const done = await transition(ctx, row, 'submitted', { status: 'open', submittedAt: null });
  await announceWeek(ctx, row.userId);
  return done;
}

async function decidable(ctx: Context, id: string): Promise<SheetRow> {
  const row = await ownedOrVisible(ctx, id);
  if (row.userId === ctx.actor.id) throw forbidden('decide_own_timesheet');
  if (!(await mayDecide(ctx, row.userId))) throw notFound(SHEET_NOT_FOUND);
  if (row.status !== 'submitted') throw conflict('decide_submitted_only');
  return row;
}

export async function approveWeek(ctx: Context, id: string) {
  const row = await decidable(ctx, id);
  // The totals are frozen with the approval, as the ledger counts them: the week is locked from now
  // on (overtime sums them).
  const person = await timePerson(ctx.db, row.userId, (await ctx.settings()).timeZone, {
    from: row.weekStart,
    to: addDays(row.weekStart, 6),
  });
  if (!person) throw notFound(SHEET_NOT_FOUND);
  const { trackedSeconds, expectedSeconds } = await weekFigures(ctx.db, person, row.weekStart, ctx.now);
  const { done, notified } = await ctx.db.transaction(async (tx) => {
    const done = await transition({ ...ctx, db: tx }, row, 'submitted', {
      status: 'approved',
      comment: null,
      decidedBy: ctx.actor.id,
      decidedAt: ctx.now,
      trackedSeconds,
      expectedSeconds,
    });
    const notified = await notify(ctx, tx, {
      kind: 'timesheet_approved',
      to: [row.userId],
      actorId: ctx.actor.id,
      title: ({ t, longDay }) =>
        t('notifications:timesheet_approved.title', {
          name: nameOf(ctx.actor),
          week: longDay(row.weekStart),
        }),
      link: '/timesheets',
      data: { timesheetId: row.id, weekStart: row.weekStart },
      at: ctx.now,
    });
    await audit(tx, {
      actorId: ctx.actor.id,
      action: 'timesheet_approved',
      targetUserId: row.userId,
      details: { timesheetId: row.id, weekStart: row.weekStart, trackedSeconds, expectedSeconds },
      at: ctx.now,
    });
    return { done, notified };
  });
  await announceNotifications(ctx, notified);
  await announceWeek(ctx, row.userId);
  ctx.log.info({ timesheetId: id, actorId: ctx.actor.id }, 'timesheet approved');
  return done;
}

export async function rejectWeek(ctx: Context, id: string, comment: string) {
  const row = await decidable(ctx, id);
  const { done, notified } = await ctx.db.transaction(async (tx) => {
    const done = await transition({ ...ctx, db: tx }, row, 'submitted', {
      status: 'rejected',
      comment,
      decidedBy: ctx.actor.id,
      decidedAt: ctx.now,
    });
    const notified = await notify(ctx, tx, {
      kind: 'timesheet_rejected',
      to: [row.userId],
      actorId: ctx.actor.id,
      title: ({ t, longDay }) =>
        t('notifications:timesheet_rejected.title', {
          name: nameOf(ctx.actor),
          week: longDay(row.weekStart),
        }),
      body: comment,
      link: '/timesheets',
      data: { timesheetId: row.id, weekStart: row.weekStart },
      at: ctx.now,
    });
    await audit(tx, {
      actorId: ctx.actor.id,
      action: 'timesheet_rejected',
      targetUserId: row.userId,
      details: { timesheetId: row.id, weekStart: row.weekStart, comment },
      at: ctx.now,
    });
    return { done, notified };
  });
  await announceNotifications(ctx, notified);
  await announceWeek(ctx, row.userId);
  ctx.log.info({ timesheetId: id, actorId: ctx.actor.id }, 'timesheet rejected');
  return done;
}

/** An admin reopens an approved week; written to the audit log (docs/product/admin.md audit log). */
export async function reopenWeek(ctx: Context, id: string) {
  const [row] = await ctx.db.select().from(timesheets).where(eq(timesheets.id, id));
  if (!row) throw notFound(SHEET_NOT_FOUND);
  if (row.status !== 'approved') throw conflict('reopen_approved_only');
  const done = await ctx.db.transaction(async (tx) => {
    const reopened = await transition({ ...ctx, db: tx }, row, 'approved', {
      status: 'open',
      submittedAt: null,
      decidedBy: null,
      decidedAt: null,
      trackedSeconds: null,
      expectedSeconds: null,
    });
    await audit(tx, {
      actorId: ctx.actor.id,
      action: 'timesheet_reopened',
      targetUserId: row.userId,
      details: { timesheetId: row.id, weekStart: row.weekStart },
      at: ctx.now,
    });
    return reopened;
  });
  await announceWeek(ctx, row.userId);
  ctx.log.info({ timesheetId: id, actorId: ctx.actor.id, userId: row.userId }, 'timesheet reopened');
  return done;
}
