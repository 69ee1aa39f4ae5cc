import type { LeaveBalance, LeavePolicy, adjustmentRequest, balancesQuery } from '@contract/time-off';
import { zonedDate } from '@contract/zoned-time';
import { type SQL, and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { audit, changesBetween } from '../../core/audit';
import { TEAM_NOT_FOUND, managesTeam, teamExists } from '../../core/scope';
import { leaveAdjustments, leaveEntitlements, timeOffSettings, users } from '../../db/schema';
import type { Context } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { allowanceData, balanceOf, firstYearFor, readPolicy } from './allowance';
import { PERSON_NOT_FOUND, assertMayRead, peopleFor, readable } from './people';
import { announceAllowance, announceLeaveSettings } from './time-off.events';
import { activeAccount } from '../../db/accounts';
import { offDays } from '../../core/time/calendar';

/** The organisation's entitlement and carry-over rules (docs/product/time-off.md#allowances). */
export async function getPolicy(ctx: Context): Promise<LeavePolicy> {
  return readPolicy(ctx.db);
}

export async function savePolicy(ctx: Context, body: LeavePolicy): Promise<LeavePolicy> {
  const before = await getPolicy(ctx);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(timeOffSettings)
      .set({
        entitlementDays: body.entitlementDays,
        carryOverMaxDays: body.carryOverMaxDays,
        carryOverUntil: body.carryOverUntil,
        updatedAt: ctx.now,
        updatedBy: ctx.actor.id,
      })
      .where(eq(timeOffSettings.id, 1));
    await audit(tx, {
      actorId: ctx.actor.id,
      action: 'settings_changed',
      details: { timeOff: changesBetween(before, body) },
      at: ctx.now,
    });
  });
  await announceLeaveSettings(ctx);
  return getPolicy(ctx);
}

/** The year today is in, in the caller's zone. */
const thisYear = async (ctx: Context) => Number(zonedDate(ctx.now, await ctx.timeZone()).slice(0, 4));

/**
 * Balances of a year for the people `where` selects. Their joining days bound how far back
 * carry-over is worked out, so the people are read first (their days, as balances count them, in
 * their zones); then their holidays and everything of their allowances at once, in parallel: three
 * steps one after another instead of five (docs/performance.md).
 */
async function balancesOf(ctx: Context, where: SQL, year: number): Promise<LeaveBalance[]> {
  const bare = await peopleFor(ctx, where, `${year}-01-01`, `${year}-12-31`, { off: 'none' });
  if (bare.length === 0) return [];
  let since = bare[0].since;
  for (const p of bare) if (p.since < since) since = p.since;
  const firstYear = firstYearFor(year, since);
  // The people as the query that chose them: 1,000 ids are not sent again (rows.ts, `inIds`).
  const who = sql`select u.id from users u where ${where}`;
  const [holidays, data] = await Promise.all([
    // A request's cost needs only the holidays; the requests themselves come with allowanceData. A
    // day either side of the years: a person's own calendar day may differ from UTC's.
    offDays(
      ctx.db,
      bare.map((p) => p.userId),
      `${firstYear - 1}-12-31`,
      `${year}-12-31`,
      { holidaysOnly: true, who },
    ),
    allowanceData(ctx.db, who, firstYear, year),
  ]);
  // Today in each zone once: 1,000 people share a handful of zones.
  const todayIn = new Map<string, string>();
  const today = (zone: string) => {
    const known = todayIn.get(zone);
    if (known) return known;
    const day = zonedDate(ctx.now, zone);
    todayIn.set(zone, day);
    return day;
  };
  return bare.map((p) =>
    balanceOf({ ...p, off: holidays.get(p.userId) ?? p.off }, year, data, today(p.zone)),
  );
}

/**
 * Allowances of a year: one person's (their own, a manager's member's, or anyone's for an admin;
 * 404 otherwise), a team's, or all the caller may read.
 */
export async function listBalances(ctx: Context, query: z.output<typeof balancesQuery>) {
  const year = query.year ?? (await thisYear(ctx));
  const conditions: SQL[] = [readable(ctx), activeAccount()];
  if (query.userId) {
    await assertMayRead(ctx, query.userId);
    conditions.push(sql`u.id = ${query.userId}`);
  }
  if (query.teamId) {
    const allowed =
      ctx.actor.role === 'admin'
        ? await teamExists(ctx.db, query.teamId)
        : await managesTeam(ctx.db, ctx.actor.id, query.teamId);
    if (!allowed) throw notFound(TEAM_NOT_FOUND);
    conditions.push(sql`u.id in (select user_id from team_members where team_id = ${query.teamId})`);
  }
  return balancesOf(ctx, sql.join(conditions, sql` and `), year);
}

async function balanceFor(ctx: Context, userId: string, year: number) {
  const [balance] = await balancesOf(ctx, sql`u.id = ${userId}`, year);
  if (!balance) throw notFound(PERSON_NOT_FOUND);
  return balance;
}

async function assertPerson(ctx: Context, userId: string) {
  const found = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.anonymisedAt)));
  if (found.length === 0) throw notFound(PERSON_NOT_FOUND);
}

/** A person's own yearly entitlement (null: back to the organisation's); audited. */
export async function setEntitlement(ctx: Context, userId: string, days: number | null) {
  await assertPerson(ctx, userId);
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ days: leaveEntitlements.days })
      .from(leaveEntitlements)
      .where(eq(leaveEntitlements.userId, userId));
    if (days === null) await tx.delete(leaveEntitlements).where(eq(leaveEntitlements.userId, userId));
    else {
      await tx
        .insert(leaveEntitlements)
        .values({ userId, days, updatedAt: ctx.now })
        .onConflictDoUpdate({ target: leaveEntitlements.userId, set: { days, updatedAt: ctx.now } });
    }
    await audit(tx, {
      actorId: ctx.actor.id,
      action: 'allowance_adjusted',
      targetUserId: userId,
      details: { entitlement: { from: before ? before.days : null, to: days } },
      at: ctx.now,
    });
  });
  await announceAllowance(ctx, userId);
  return balanceFor(ctx, userId, await thisYear(ctx));
}

/** Days added to (or taken from) a person's allowance of a year, with the reason; audited. */
export async function adjustAllowance(
  ctx: Context,
  userId: string,
  body: z.output<typeof adjustmentRequest>,
) {
  await assertPerson(ctx, userId);
  await ctx.db.transaction(async (tx) => {
    await tx.insert(leaveAdjustments).values({
      userId,
      year: body.year,
      days: body.days,
      reason: body.reason,
      createdBy: ctx.actor.id,
      createdAt: ctx.now,
    });
    await audit(tx, {
      actorId: ctx.actor.id,
      action: 'allowance_adjusted',
      targetUserId: userId,
      details: { year: body.year, days: body.days, reason: body.reason },
      at: ctx.now,
    });
  });
  await announceAllowance(ctx, userId);
  return balanceFor(ctx, userId, body.year);
}
