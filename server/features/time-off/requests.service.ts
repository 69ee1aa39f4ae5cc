import {
  type CreateRequestBody,
  LEAVE_NOT_FOUND,
  type LeavePreview,
  type LeaveRequest,
  type LeaveStatus,
  NO_HALF_DAYS,
  NO_HOURS,
  NOTHING_TO_TAKE,
  OVER_BALANCE,
  OVER_OVERTIME,
  OVERLAPS_OWN,
  UNKNOWN_TYPE,
} from '@contract/time-off';
import { WEEK_LOCKED } from '@contract/timesheets';
import { addDays, zonedDate } from '@contract/zoned-time';
import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { createRequestBody, requestsQuery } from '@contract/time-off';
import { audit } from '../../core/audit';
import { announceNotifications, notify } from '../../core/notify';
import type { Reader } from '../../core/readers';
import { decidersOf, managedBy, manages } from '../../core/scope';
import { overtimeOf } from '../../core/time/balance';
import type { TimePerson } from '../../core/time/people';
import { daysAround } from '../../core/time/people';
import { mondayOf } from '../../core/time/weeks';
import { inIds, rowsOf } from '../../db/rows';
import type { Db } from '../../db/types';
import { leaveRequests, leaveTypes } from '../../db/schema';
import type { Context } from '../../lib/context';
import { type AppError, badRequest, conflict, forbidden, messageIn, notFound } from '../../lib/errors';
import { costOf } from '../../core/time/leave-cost';
import { allowanceData, balanceOf, firstYearFor } from './allowance';
import { assertMayRead, peopleFor, readable } from './people';

type Row = {
  id: string;
  user_id: string;
  user_name: string;
  type_id: string;
  type_name: string;
  color: string;
  private_reason: boolean;
  start_date: string;
  end_date: string;
  start_half: boolean;
  end_half: boolean;
  hours: string | number | null;
  note: string;
  status: LeaveStatus;
  decided_by: string | null;
  decided_at: Date | string | null;
  comment: string | null;
  created_at: Date | string;
};

const selectRequests = (where: SQL, limit = 500) => sql`
  select r.id::text, r.user_id::text, u.first_name || ' ' || u.last_name as user_name, r.type_id::text,
    t.name as type_name, t.color, t.private_reason, r.start_date::text, r.end_date::text, r.start_half, r.end_half,
    r.hours, r.note, r.status, d.first_name || ' ' || d.last_name as decided_by, r.decided_at, r.comment, r.created_at
  from leave_requests r join users u on u.id = r.user_id join leave_types t on t.id = r.type_id
    left join users d on d.id = r.decided_by
  where ${where}
  order by r.start_date, r.created_at, r.id
  limit ${limit}`;

import { announceLeave } from './time-off.events';
/** Whose requests the caller manages (decides, sees the private reasons of), as a set of ids. */
async function managedSet(ctx: Context): Promise<Set<string> | 'everyone'> {
  if (ctx.actor.role === 'admin') return 'everyone';
  if (ctx.actor.role !== 'manager') return new Set();
  const rows = await rowsOf<{ user_id: string }>(
    ctx.db,
    sql`select user_id::text from ${managedBy(ctx.actor.id)} as m`,
  );
  return new Set(rows.map((r) => r.user_id));
}

/**
 * Requests as the caller may see them: with what each costs (by its person's schedule and
 * holidays), a private type shown as "Out" to peers, and what the caller may do with each.
 */
export async function shapeRequests(ctx: Context, rows: Row[]): Promise<LeaveRequest[]> {
  if (rows.length === 0) return [];
  const dates = rows.flatMap((r) => [r.start_date, r.end_date]).sort();
  const [from, to] = [dates[0], dates[dates.length - 1]];
  const ids = [...new Set(rows.map((r) => r.user_id))];
  const people = await peopleFor(ctx, sql`u.id ${inIds(ids)}`, from, to);
  const personOf = new Map(people.map((p) => [p.userId, p]));
  const managed = await managedSet(ctx);
  const isManaged = (userId: string) => managed === 'everyone' || managed.has(userId);
  return rows.map((r) => {
    const person = personOf.get(r.user_id);
    const hours = r.hours === null ? null : Number(r.hours);
    const cost = person
      ? costOf(person, {
          startDate: r.start_date,
          endDate: r.end_date,
          startHalf: r.start_half,
          endHalf: r.end_half,
          hours,
        })
      : { days: 0, seconds: 0 };
    const own = r.user_id === ctx.actor.id;
    const hidden = r.private_reason && !own && !isManaged(r.user_id);
    const today = person ? zonedDate(ctx.now, person.zone) : zonedDate(ctx.now, 'UTC');
    const begun = r.start_date <= today;
    return {
      id: r.id,
      userId: r.user_id,
      userName: r.user_name,
      typeId: hidden ? null : r.type_id,
      typeName: hidden ? 'Out' : r.type_name,
      color: hidden ? '#94a3b8' : r.color,
      startDate: r.start_date,
      endDate: r.end_date,
      startHalf: r.start_half,
      endHalf: r.end_half,
      hours,
      note: hidden ? null : r.note,
      status: r.status,
      days: cost.days,
      seconds: cost.seconds,
      decidedBy: r.decided_by,
      decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
      comment: hidden ? null : r.comment,
      createdAt: new Date(r.created_at).toISOString(),
      can: {
        decide: r.status === 'pending' && !own && isManaged(r.user_id),
        cancel:
          (r.status === 'pending' && (own || isManaged(r.user_id))) ||
          (r.status === 'approved' && ((own && !begun) || (!own && isManaged(r.user_id)))),
      },
    };
  });
}

/** The requests the caller may read, filtered; `decidable` keeps those waiting for the caller. */
export async function listRequests(ctx: Context, query: z.output<typeof requestsQuery>) {
  if (query.userId) await assertMayRead(ctx, query.userId);
  const conditions: SQL[] = [sql`${readable(ctx)}`];
  if (query.userId) conditions.push(sql`r.user_id = ${query.userId}`);
  if (query.status) conditions.push(sql`r.status = ${query.status}`);
  if (query.from) conditions.push(sql`r.end_date >= ${query.from}::date`);
  if (query.to) conditions.push(sql`r.start_date <= ${query.to}::date`);
  if (query.decidable === 'true') conditions.push(sql`r.status = 'pending' and r.user_id <> ${ctx.actor.id}`);
  const rows = await rowsOf<Row>(ctx.db, selectRequests(sql.join(conditions, sql` and `), query.limit));
  const shaped = await shapeRequests(ctx, rows);
  return query.decidable === 'true' ? shaped.filter((r) => r.can.decide) : shaped;
}

async function requestById(db: Db, id: string): Promise<Row> {
  const [row] = await rowsOf<Row>(db, selectRequests(sql`r.id = ${id}`));
  if (!row) throw notFound(LEAVE_NOT_FOUND);
  return row;
}

/** 409 when any day of the range lies in a submitted or approved week of the person. */
async function assertWeeksOpen(db: Db, userId: string, from: string, to: string) {
  const mondays = new Set<string>();
  for (let d = from; d <= to; d = addDays(d, 1)) mondays.add(mondayOf(d));
  const locked = await rowsOf<{ id: string }>(
    db,
    sql`select id from timesheets where user_id = ${userId} and status in ('submitted', 'approved')
        and week_start = any(${`{${[...mondays].join(',')}}`}::text[]) limit 1`,
  );
  if (locked.length > 0) throw conflict(WEEK_LOCKED);
}

type Body = z.output<typeof createRequestBody>;

/**
 * The seconds of Overtime compensation the person has asked for or been given on days after today:
 * the balance does not show them yet (they come off it as their days come), but they are spoken for.
 */
async function futureCompensation(db: Db, person: TimePerson, today: string, except?: string) {
  const rows = await rowsOf<{
    start_date: string;
    end_date: string;
    start_half: boolean;
    end_half: boolean;
    hours: string | null;
  }>(
    db,
    sql`select r.start_date::text, r.end_date::text, r.start_half, r.end_half, r.hours
        from leave_requests r join leave_types t on t.id = r.type_id
        where r.user_id = ${person.userId} and t.compensation and r.status in ('pending', 'approved')
          and r.end_date > ${today}::date ${except ? sql`and r.id <> ${except}` : sql``}`,
  );
  let seconds = 0;
  for (const r of rows) {
    const cost = costOf(person, {
      startDate: r.start_date,
      endDate: r.end_date,
      startHalf: r.start_half,
      endHalf: r.end_half,
      hours: r.hours === null ? null : Number(r.hours),
    });
    for (const [day, part] of cost.perDay) if (day > today) seconds += part.seconds;
  }
  return seconds;
}

/**
 * What the request would cost and the balance after it, or why it is refused (in the order the
 * form shows them): the type's rules, nothing to take, the person's own time off on those days, a
 * locked week, the allowance or the overtime balance.
 */
async function evaluate(ctx: Context, userId: string, body: Body, except?: string) {
  const [type] = await ctx.db
    .select()
    .from(leaveTypes)
    .where(and(eq(leaveTypes.id, body.typeId), sql`${leaveTypes.archivedAt} is null`));
  if (!type) throw badRequest(UNKNOWN_TYPE, 'typeId');
  if ((body.startHalf || body.endHalf) && !type.halfDays) throw badRequest(NO_HALF_DAYS, 'startHalf');
  if (body.hours !== undefined && !type.hours) throw badRequest(NO_HOURS, 'hours');
  if (body.hours !== undefined && body.startDate !== body.endDate) {
    throw badRequest('hours_one_day', 'endDate');
  }
  const year = Number(body.startDate.slice(0, 4));
  const [person] = await peopleFor(
    ctx,
    sql`u.id = ${userId}`,
    `${year - 10}-01-01`,
    [`${year}-12-31`, daysAround(ctx.now).to].sort()[1],
  );
  if (!person) throw notFound(LEAVE_NOT_FOUND);
  const request = {
    startDate: body.startDate,
    endDate: body.endDate,
    startHalf: body.startHalf,
    endHalf: body.endHalf,
    hours: body.hours ?? null,
  };
  const cost = costOf(person, request);
  let problem: AppError | null = null;
  if (cost.days === 0 && cost.seconds === 0) problem = badRequest(NOTHING_TO_TAKE, 'startDate');
  const clash = await rowsOf<{ id: string }>(
    ctx.db,
    sql`select id from leave_requests where user_id = ${userId} and status in ('pending', 'approved')
        and start_date <= ${body.endDate}::date and end_date >= ${body.startDate}::date
        ${except ? sql`and id <> ${except}` : sql``} limit 1`,
  );
  if (!problem && clash.length > 0) problem = conflict(OVERLAPS_OWN);
  if (!problem)
    await assertWeeksOpen(ctx.db, userId, body.startDate, body.endDate).catch((e) => (problem = e));
  let remainingAfterDays: number | null = null;
  let overtimeAfterSeconds: number | null = null;
  if (type.allowance) {
    const data = await allowanceData(ctx.db, [userId], firstYearFor(year, person.since), year);
    const balance = balanceOf(person, year, data, zonedDate(ctx.now, person.zone));
    const available = balance.remainingDays - balance.requestedDays;
    remainingAfterDays = available - cost.days;
    if (!problem && remainingAfterDays < 0 && !type.allowNegative)
      problem = conflict(OVER_BALANCE, { values: { remaining: Math.max(0, available) } });
  }
  if (type.compensation) {
    const overtime = await overtimeOf(ctx.db, person, ctx.now);
    const promised = await futureCompensation(ctx.db, person, zonedDate(ctx.now, person.zone), except);
    overtimeAfterSeconds = overtime.approvedSeconds + overtime.monthSeconds - promised - cost.seconds;
    if (!problem && overtimeAfterSeconds < 0 && !type.allowNegative) problem = conflict(OVER_OVERTIME);
  }
  return {
    type,
    person,
    cost,
    problem: problem as AppError | null,
    remainingAfterDays,
    overtimeAfterSeconds,
  };
}

export async function previewRequest(ctx: Context, body: Body): Promise<LeavePreview> {
  const e = await evaluate(ctx, ctx.actor.id, body);
  return {
    days: e.cost.days,
    seconds: e.cost.seconds,
    remainingAfterDays: e.remainingAfterDays,
    overtimeAfterSeconds: e.overtimeAfterSeconds,
    problem: e.problem ? messageIn(await ctx.language(), e.problem.code, e.problem.values) : null,
  };
}

/** A request's days in a notification, as its reader writes them. */
const label = ({ t, day }: Reader, r: { start_date: string; end_date: string }) =>
  r.start_date === r.end_date
    ? day(r.start_date)
    : t('notifications:leave.days', { first: day(r.start_date), last: day(r.end_date) });
/** A leave type's name inside a sentence: English writes it in lower case ("asked for vacation"). */
const typeIn = ({ language }: Reader, name: string) => (language === 'en' ? name.toLowerCase() : name);

/**
 * Asks for time off: refused with the reason (evaluate); a type that needs approval waits for the
 * managers of the person's teams (admins for someone without one), who are told; any other is
 * approved at once. Audited.
 */
export async function createRequest(ctx: Context, body: CreateRequestBody & Body): Promise<LeaveRequest> {
  const e = await evaluate(ctx, ctx.actor.id, body);
  if (e.problem) throw e.problem;
  const status = e.type.approval ? 'pending' : 'approved';
  const { id, notified } = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(leaveRequests)
      .values({
        userId: ctx.actor.id,
        typeId: body.typeId,
        startDate: body.startDate,
        endDate: body.endDate,
        startHalf: body.startHalf,
        endHalf: body.endHalf,
        hours: body.hours ?? null,
        note: body.note,
        status,
        createdAt: ctx.now,
        ...(status === 'approved' ? { decidedAt: ctx.now } : {}),
      })
      .returning({ id: leaveRequests.id });
    const notified =
      status === 'pending'
        ? await notify(ctx, tx, {
            kind: 'leave_requested',
            to: await decidersOf(tx, ctx.actor.id),
            actorId: ctx.actor.id,
            title: (reader) =>
              reader.t('notifications:leave_requested.title', {
                name: `${ctx.actor.firstName} ${ctx.actor.lastName}`,
                type: typeIn(reader, e.type.name),
                days: label(reader, { start_date: body.startDate, end_date: body.endDate }),
              }),
            body: body.note || undefined,
            link: '/time-off',
            data: { requestId: row.id },
            at: ctx.now,
          })
        : [];
    await audit(tx, {
      actorId: ctx.actor.id,
      action: 'leave_requested',
      targetUserId: ctx.actor.id,
      details: {
        requestId: row.id,
        type: e.type.name,
        from: body.startDate,
        to: body.endDate,
        days: e.cost.days,
        status,
      },
      at: ctx.now,
    });
    return { id: row.id, notified };
  });
  await announceNotifications(ctx, notified);
  await announceLeave(ctx, ctx.actor.id, status === 'approved');
  const [shaped] = await shapeRequests(ctx, [await requestById(ctx.db, id)]);
  return shaped;
}

/** A decision needs a pending request of someone the caller manages (admins: anyone), never their own. */
async function decidable(ctx: Context, id: string) {
  const row = await requestById(ctx.db, id);
  if (row.user_id === ctx.actor.id) throw forbidden('decide_own_time_off');
  if (ctx.actor.role !== 'admin' && !(await manages(ctx.db, ctx.actor.id, row.user_id))) {
    throw notFound(LEAVE_NOT_FOUND);
  }
  if (row.status !== 'pending') throw conflict('leave_already_decided', { values: { status: row.status } });
  return row;
}

async function decide(ctx: Context, id: string, approved: boolean, comment: string | null) {
  const row = await decidable(ctx, id);
  if (approved) await assertWeeksOpen(ctx.db, row.user_id, row.start_date, row.end_date);
  const notified = await ctx.db.transaction(async (tx) => {
    const moved = await tx
      .update(leaveRequests)
      .set({
        status: approved ? 'approved' : 'rejected',
        decidedBy: ctx.actor.id,
        decidedAt: ctx.now,
        comment,
      })
      .where(and(eq(leaveRequests.id, id), eq(leaveRequests.status, 'pending')))
      .returning({ id: leaveRequests.id });
    if (moved.length === 0) throw conflict('request_changed');
    const told = await notify(ctx, tx, {
      kind: approved ? 'leave_approved' : 'leave_rejected',
      to: [row.user_id],
      actorId: ctx.actor.id,
      title: (reader) => {
        const words = {
          name: `${ctx.actor.firstName} ${ctx.actor.lastName}`,
          type: typeIn(reader, row.type_name),
          days: label(reader, row),
        };
        return approved
          ? reader.t('notifications:leave_approved.title', words)
          : reader.t('notifications:leave_rejected.title', words);
      },
      body: comment ?? undefined,
      link: '/time-off',
      data: { requestId: id },
      at: ctx.now,
    });
    await audit(tx, {
      actorId: ctx.actor.id,
      action: approved ? 'leave_approved' : 'leave_rejected',
      targetUserId: row.user_id,
      details: {
        requestId: id,
        type: row.type_name,
        from: row.start_date,
        to: row.end_date,
        ...(comment ? { comment } : {}),
      },
      at: ctx.now,
    });
    return told;
  });
  await announceNotifications(ctx, notified);
  await announceLeave(ctx, row.user_id, approved);
  const [shaped] = await shapeRequests(ctx, [await requestById(ctx.db, id)]);
  return shaped;
}

export const approveRequest = (ctx: Context, id: string, comment?: string) =>
  decide(ctx, id, true, comment || null);
export const rejectRequest = (ctx: Context, id: string, comment: string) => decide(ctx, id, false, comment);

/**
 * Cancels a request: its owner while it is pending or has not begun; a manager of theirs or an
 * admin also once it has begun. Approved time off in a locked week stays (409).
 */
export async function cancelRequest(ctx: Context, id: string): Promise<LeaveRequest> {
  const row = await requestById(ctx.db, id);
  const [shaped] = await shapeRequests(ctx, [row]);
  if (
    row.user_id !== ctx.actor.id &&
    !(await manages(ctx.db, ctx.actor.id, row.user_id)) &&
    ctx.actor.role !== 'admin'
  ) {
    throw notFound(LEAVE_NOT_FOUND);
  }
  if (row.status !== 'pending' && row.status !== 'approved')
    throw conflict('leave_already_decided', { values: { status: row.status } });
  if (!shaped.can.cancel) throw forbidden('begun_cancelled_by_manager');
  if (row.status === 'approved') await assertWeeksOpen(ctx.db, row.user_id, row.start_date, row.end_date);
  const notified = await ctx.db.transaction(async (tx) => {
    const moved = await tx
      .update(leaveRequests)
      .set({ status: 'cancelled', decidedBy: ctx.actor.id, decidedAt: ctx.now })
      .where(and(eq(leaveRequests.id, id), eq(leaveRequests.status, row.status)))
      .returning({ id: leaveRequests.id });
    if (moved.length === 0) throw conflict('request_changed');
    // Whoever decided it (or would have) hears that it is off; the owner when someone else cancelled.
    const to = row.user_id === ctx.actor.id ? await decidersOf(tx, row.user_id) : [row.user_id];
    const told = await notify(ctx, tx, {
      kind: 'leave_cancelled',
      to,
      actorId: ctx.actor.id,
      title: (reader) => {
        const words = {
          name: `${ctx.actor.firstName} ${ctx.actor.lastName}`,
          type: typeIn(reader, row.type_name),
          days: label(reader, row),
        };
        return row.user_id === ctx.actor.id
          ? reader.t('notifications:leave_cancelled.title_own', words)
          : reader.t('notifications:leave_cancelled.title_yours', words);
      },
      link: '/time-off',
      data: { requestId: id },
      at: ctx.now,
    });
    await audit(tx, {
      actorId: ctx.actor.id,
      action: 'leave_cancelled',
      targetUserId: row.user_id,
      details: {
        requestId: id,
        type: row.type_name,
        from: row.start_date,
        to: row.end_date,
        was: row.status,
      },
      at: ctx.now,
    });
    return told;
  });
  await announceNotifications(ctx, notified);
  await announceLeave(ctx, row.user_id, row.status === 'approved');
  const [after] = await shapeRequests(ctx, [await requestById(ctx.db, id)]);
  return after;
}

export type { Row as LeaveRow, TimePerson };
export { selectRequests };
