import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ORGANISATION_SCHEDULE } from '@contract/schedules';
import type { ReviewItem, reviewQuery, TeamOvertimeRow, teamOvertimeQuery } from '@contract/timesheets';
import { addDays, isValidTimeZone, zonedDate, zonedDayRange } from '@contract/zoned-time';
import { rowsOf } from '../../db/rows';
import type { Db } from '../../db/types';
import type { Context } from '../../lib/context';
import { forbidden, notFound } from '../../lib/errors';
import { managedBy, managesTeam, TEAM_NOT_FOUND, teamExists } from '../../core/scope';
import { joinedOn } from '../../core/time/schedule';
import { expectedBetween, weekRange } from './timesheets.service';

type Range = { key: string; userId: string; start: Date; end: Date };

/**
 * Seconds tracked by each user in their own [start, end), entries counted on the day they start
 * (as the sheet counts them): one query for a whole page, each range read from
 * time_entries_user_start_idx. Every person's week or month starts at their own local midnight,
 * so the ranges are computed here, where zones are checked, and sent as a VALUES list.
 */
async function trackedIn(db: Db, ranges: Range[]): Promise<Map<string, number>> {
  if (ranges.length === 0) return new Map();
  const values = sql.join(
    ranges.map(
      (r) =>
        sql`(${r.key}, ${r.userId}::uuid, ${r.start.toISOString()}::timestamptz, ${r.end.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const rows = await rowsOf<{ key: string; seconds: number | string }>(
    db,
    sql`select x.key, (
        select coalesce(sum(e.duration), 0)::bigint from time_entries e
        where e.user_id = x.user_id and e.start_time >= x.lo and e.start_time < x.hi
      ) as seconds
      from (values ${values}) as x(key, user_id, lo, hi)`,
  );
  return new Map(rows.map((r) => [r.key, Number(r.seconds)]));
}

/** A person's zone: their own when the runtime knows it, else the organisation's. */
const zoneOf = (own: string | null, organisationZone: string) =>
  own && isValidTimeZone(own) ? own : organisationZone;

/**
 * The review queue: submitted weeks the caller may decide (admins: everyone's but their own;
 * managers: the people they manage), oldest first, with their tracked and expected time.
 * Served by timesheets_status_submitted_idx; `before` is the last id of the previous page.
 * Two queries a page, however long (docs/decisions/011-teams-schedules-timesheets.md).
 */
export async function reviewQueue(ctx: Context, query: z.output<typeof reviewQuery>): Promise<ReviewItem[]> {
  const scope = ctx.actor.role === 'admin' ? sql`true` : sql`s.user_id in ${managedBy(ctx.actor.id)}`;
  const cursor = query.before
    ? sql`and (s.submitted_at, s.id) > (select x.submitted_at, x.id from timesheets x where x.id = ${query.before})`
    : sql``;
  const rows = await rowsOf<{
    id: string;
    userId: string;
    firstName: string;
    lastName: string;
    weekStart: string;
    submittedAt: Date | string;
    userZone: string | null;
    minutes: number[] | null;
    createdAt: Date | string;
  }>(
    ctx.db,
    sql`select s.id, s.user_id as "userId", u.first_name as "firstName", u.last_name as "lastName",
        s.week_start as "weekStart", s.submitted_at as "submittedAt", u.time_zone as "userZone",
        ws.minutes, u.created_at as "createdAt"
      from timesheets s join users u on u.id = s.user_id
        left join work_schedules ws on ws.user_id = s.user_id
      where s.status = 'submitted' and s.user_id <> ${ctx.actor.id} and ${scope} ${cursor}
      order by s.submitted_at, s.id
      limit ${query.limit}`,
  );
  const organisationZone = (await ctx.settings()).timeZone;
  const tracked = await trackedIn(
    ctx.db,
    rows.map((r) => ({
      key: r.id,
      userId: r.userId,
      ...weekRange(r.weekStart, zoneOf(r.userZone, organisationZone)),
    })),
  );
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    userName: `${r.firstName} ${r.lastName}`,
    weekStart: r.weekStart,
    submittedAt: new Date(r.submittedAt).toISOString(),
    trackedSeconds: tracked.get(r.id) ?? 0,
    expectedSeconds: expectedBetween(
      r.minutes ?? ORGANISATION_SCHEDULE,
      r.weekStart,
      addDays(r.weekStart, 6),
      joinedOn(r.createdAt, zoneOf(r.userZone, organisationZone)),
    ),
  }));
}

/**
 * Everyone's overtime the caller manages (admins: every active, approved person), as each one's own
 * timesheet shows it: tracked − expected over approved weeks, and over the current month in the
 * person's zone up to today. `teamId` narrows to a team (a manager: one they manage). Three queries
 * however many people.
 */
export async function teamOvertime(
  ctx: Context,
  query: z.output<typeof teamOvertimeQuery>,
): Promise<TeamOvertimeRow[]> {
  const { actor } = ctx;
  if (query.teamId) {
    if (actor.role === 'admin' && !(await teamExists(ctx.db, query.teamId))) throw notFound(TEAM_NOT_FOUND);
    if (actor.role === 'manager' && !(await managesTeam(ctx.db, actor.id, query.teamId))) {
      throw forbidden('You can only see the overtime of your teams');
    }
  }
  const scope = actor.role === 'admin' ? sql`` : sql`and u.id in ${managedBy(actor.id)}`;
  const team = query.teamId
    ? sql`and u.id in (select user_id from team_members where team_id = ${query.teamId})`
    : sql``;
  const people = await rowsOf<{
    id: string;
    firstName: string;
    lastName: string;
    zone: string | null;
    minutes: number[] | null;
    approved: number | string;
    createdAt: Date | string;
  }>(
    ctx.db,
    sql`select u.id, u.first_name as "firstName", u.last_name as "lastName", u.time_zone as "zone", ws.minutes,
        u.created_at as "createdAt",
        coalesce(a.seconds, 0) as "approved"
      from users u
        left join work_schedules ws on ws.user_id = u.id
        left join lateral (
          select sum(t.tracked_seconds - t.expected_seconds)::bigint as seconds
          from timesheets t where t.user_id = u.id and t.status = 'approved'
        ) a on true
      where u.is_active and u.approval_status = 'approved' and u.id <> ${actor.id} ${scope} ${team}
      order by u.first_name, u.last_name, u.id`,
  );
  const organisationZone = (await ctx.settings()).timeZone;
  const months = people.map((p) => {
    const zone = zoneOf(p.zone, organisationZone);
    const today = zonedDate(ctx.now, zone);
    const first = `${today.slice(0, 8)}01`;
    const since = joinedOn(p.createdAt, zone);
    return {
      today,
      first,
      since,
      start: zonedDayRange(first, zone).start,
      end: zonedDayRange(today, zone).end,
    };
  });
  const tracked = await trackedIn(
    ctx.db,
    people.map((p, i) => ({ key: p.id, userId: p.id, start: months[i].start, end: months[i].end })),
  );
  return people.map((p, i) => ({
    userId: p.id,
    userName: `${p.firstName} ${p.lastName}`,
    approvedSeconds: Number(p.approved),
    monthSeconds:
      (tracked.get(p.id) ?? 0) -
      expectedBetween(p.minutes ?? ORGANISATION_SCHEDULE, months[i].first, months[i].today, months[i].since),
  }));
}
