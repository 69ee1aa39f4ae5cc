import { sql } from 'drizzle-orm';
import { publishLive } from '../../core/live';
import { managersOf } from '../../core/scope';
import { rowsOf } from '../../db/rows';
import type { Context } from '../../lib/context';

/**
 * Time off's live events (docs/decisions/037-live-screens.md, addendum in 041): after the commit,
 * the people who may read what changed hear that it changed, never what. The audiences follow the
 * read rules of docs/product/time-off.md#who: a person's requests and balance are theirs, their
 * managers' and every admin's (by role, core/live.ts); their approved absences are also their
 * teammates' (the team calendar, "Who's out today"); types, rules and holidays are everyone's.
 */
type Ctx = Pick<Context, 'db' | 'events' | 'log'>;

const orNobody = (ctx: Ctx) => (err: unknown) => {
  ctx.log.warn({ err }, 'live event recipients not loaded');
  return [] as string[];
};

/** Everyone who shares a team with the person (their managers included), never the person. */
async function teammatesOf(db: Ctx['db'], userId: string): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select distinct o.user_id::text as "id" from team_members m
        join team_members o on o.team_id = m.team_id and o.user_id <> m.user_id
        where m.user_id = ${userId}`,
  );
  return rows.map((r) => r.id);
}

/**
 * A request was made, decided or cancelled. `seenByTeam`: it is (or was) approved, so the person's
 * teammates see it on the team calendar and "Who's out today"; a pending or rejected request is
 * only the person's, their managers' and the admins'.
 */
export async function announceLeave(ctx: Ctx, ownerId: string, seenByTeam: boolean) {
  const others = await (seenByTeam ? teammatesOf(ctx.db, ownerId) : managersOf(ctx.db, ownerId)).catch(
    orNobody(ctx),
  );
  await publishLive(ctx, { type: 'leave.changed', userIds: [ownerId, ...others] });
}

/** A person's entitlement or allowance changed: they, their managers and the admins read the balance. */
export async function announceAllowance(ctx: Ctx, userId: string) {
  const managers = await managersOf(ctx.db, userId).catch(orNobody(ctx));
  await publishLive(ctx, { type: 'allowances.changed', userIds: [userId, ...managers] });
}

/** Leave types or the allowance rules changed: everyone reads them (every role hears it). */
export const announceLeaveSettings = (ctx: Ctx) =>
  publishLive(ctx, { type: 'leaveSettings.changed', userIds: [] });

/** The holiday region or the organisation's (a team's) days changed: everyone's holidays. */
export const announceHolidays = (ctx: Ctx) => publishLive(ctx, { type: 'holidays.changed', userIds: [] });
