import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  GAP_SECONDS,
  type ReviewItem,
  type reviewQuery,
  type TeamOvertime,
  type teamOvertimeQuery,
} from '@contract/timesheets';
import { addDays, zonedDate } from '@contract/zoned-time';
import { inIds, rowsOf } from '../../db/rows';
import type { Db } from '../../db/types';
import type { Context } from '../../lib/context';
import { forbidden, notFound } from '../../lib/errors';
import { managedBy, managesTeam, TEAM_NOT_FOUND, teamExists, scopeInfo } from '../../core/scope';
import { expectedBetween } from '../../core/time/expected';
import { type LedgerRange, ledgerRows, trackedByDay } from '../../core/time/ledger';
import { daysAround, type TimePerson, timePeople } from '../../core/time/people';
import { weekRange } from '../../core/time/weeks';
import { activeAccount } from '../../db/accounts';

type Week = { key: string; person: TimePerson; monday: string };

/**
 * Per week of a person: how many of its entries overlap another of theirs, and on how many of its
 * days attendance and tracked time differ by more than GAP_SECONDS. Two queries for the page.
 */
async function weekSignals(db: Db, weeks: Week[], tracked: Map<string, Map<string, number>>, now: Date) {
  const signals = new Map<string, { overlapping: number; gapDays: number }>();
  if (weeks.length === 0) return signals;
  const spans = weeks.map((w) => ({ ...w, ...weekRange(w.monday, w.person.zone) }));
  const values = sql.join(
    spans.map(
      (s) =>
        sql`(${s.key}, ${s.person.userId}::uuid, ${s.start.toISOString()}::timestamptz, ${s.end.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const overlapping = await rowsOf<{ key: string; n: string | number }>(
    db,
    sql`select w.key, count(*) as n from (values ${values}) as w(key, user_id, lo, hi)
        join time_entries e on e.user_id = w.user_id and e.start_time >= w.lo - interval '1 day'
          and e.start_time < w.hi and e.end_time > w.lo
        where exists (select 1 from time_entries o where o.user_id = e.user_id and o.id <> e.id
          and o.start_time >= e.start_time - interval '1 day' and o.start_time < e.end_time and o.end_time > e.start_time)
        group by w.key`,
  );
  const attended = await rowsOf<{ key: string; clock_in: Date | string; seconds: number }>(
    db,
    sql`select w.key, a.clock_in, greatest(0, coalesce(a.total_hours * 3600,
          extract(epoch from (coalesce(a.clock_out, ${now.toISOString()}::timestamptz) - a.clock_in))
            - a.break_minutes * 60))::float8 as seconds
        from (values ${values}) as w(key, user_id, lo, hi)
        join attendance_records a on a.user_id = w.user_id and a.clock_in >= w.lo and a.clock_in < w.hi`,
  );
  const attendedByDay = new Map<string, number>();
  const zoneOf = new Map(spans.map((s) => [s.key, s.person.zone]));
  for (const a of attended) {
    const day = zonedDate(new Date(a.clock_in), zoneOf.get(a.key) as string);
    attendedByDay.set(
      `${a.key} ${day}`,
      (attendedByDay.get(`${a.key} ${day}`) ?? 0) + Math.round(Number(a.seconds)),
    );
  }
  const counts = new Map(overlapping.map((r) => [r.key, Number(r.n)]));
  for (const w of weeks) {
    let gapDays = 0;
    for (let i = 0; i < 7; i++) {
      const day = addDays(w.monday, i);
      const t = tracked.get(w.person.userId)?.get(day) ?? 0;
      if (Math.abs(t - (attendedByDay.get(`${w.key} ${day}`) ?? 0)) > GAP_SECONDS) gapDays += 1;
    }
    signals.set(w.key, { overlapping: counts.get(w.key) ?? 0, gapDays });
  }
  return signals;
}

/**
 * The review queue: submitted weeks the caller may decide (admins: everyone's but their own;
 * managers: the people they manage), oldest first, with their tracked and expected time by the
 * ledger, their overlapping entries and attendance gaps. Served by timesheets_status_submitted_idx;
 * `before` is the last id of the previous page. A fixed number of queries a page, however long
 * (docs/decisions/011-teams-schedules-timesheets.md).
 */
export async function reviewQueue(ctx: Context, query: z.output<typeof reviewQuery>): Promise<ReviewItem[]> {
  const scope = ctx.actor.role === 'admin' ? sql`true` : sql`s.user_id in ${managedBy(ctx.actor.id)}`;
  const cursor = query.before
    ? sql`and (s.submitted_at, s.id) > (select x.submitted_at, x.id from timesheets x where x.id = ${query.before})`
    : sql``;
  const rows = await rowsOf<{ id: string; userId: string; weekStart: string; submittedAt: Date | string }>(
    ctx.db,
    sql`select s.id, s.user_id as "userId", s.week_start::text as "weekStart", s.submitted_at as "submittedAt"
      from timesheets s
      where s.status = 'submitted' and s.user_id <> ${ctx.actor.id} and ${scope} ${cursor}
      order by s.submitted_at, s.id
      limit ${query.limit}`,
  );
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((r) => r.userId))];
  const mondays = rows.map((r) => r.weekStart).sort();
  const people = await timePeople(ctx.db, sql`u.id ${inIds(ids)}`, (await ctx.settings()).timeZone, {
    from: mondays[0],
    to: addDays(mondays[mondays.length - 1], 6),
  });
  const byId = new Map(people.map((p) => [p.userId, p]));
  const weeks: Week[] = rows.flatMap((r) => {
    const person = byId.get(r.userId);
    return person ? [{ key: r.id, person, monday: r.weekStart }] : [];
  });
  const tracked = await trackedByDay(
    ctx.db,
    weeks.map((w) => ({ person: w.person, from: w.monday, to: addDays(w.monday, 6) })),
    { now: ctx.now },
  );
  const signals = await weekSignals(ctx.db, weeks, tracked, ctx.now);
  return weeks.map(({ key, person, monday }) => {
    const row = rows.find((r) => r.id === key) as (typeof rows)[number];
    let trackedSeconds = 0;
    for (let i = 0; i < 7; i++) trackedSeconds += tracked.get(person.userId)?.get(addDays(monday, i)) ?? 0;
    return {
      id: key,
      userId: person.userId,
      userName: person.name,
      weekStart: monday,
      submittedAt: new Date(row.submittedAt).toISOString(),
      timeZone: person.zone,
      trackedSeconds,
      expectedSeconds: expectedBetween(person, monday, addDays(monday, 6)),
      overlappingEntries: signals.get(key)?.overlapping ?? 0,
      gapDays: signals.get(key)?.gapDays ?? 0,
    };
  });
}

/**
 * Everyone's overtime the caller manages (admins: every active, approved person), as each one's own
 * timesheet shows it: tracked − expected over approved weeks (frozen at approval), and over the
 * current month in the person's zone so far, by the ledger. `teamId` narrows to a team (a manager:
 * one they manage). A fixed number of queries however many people.
 */
export async function teamOvertime(
  ctx: Context,
  query: z.output<typeof teamOvertimeQuery>,
): Promise<TeamOvertime> {
  const { actor } = ctx;
  if (query.teamId) {
    if (actor.role === 'admin' && !(await teamExists(ctx.db, query.teamId))) throw notFound(TEAM_NOT_FOUND);
    if (actor.role === 'manager' && !(await managesTeam(ctx.db, actor.id, query.teamId))) {
      throw forbidden('overtime_teams_only');
    }
  }
  const managed = actor.role === 'admin' ? sql`` : sql`and u.id in ${managedBy(actor.id)}`;
  const team = query.teamId
    ? sql`and u.id in (select user_id from team_members where team_id = ${query.teamId})`
    : sql``;
  const people = await timePeople(
    ctx.db,
    sql`${activeAccount()} and u.id <> ${actor.id} ${managed} ${team}`,
    (await ctx.settings()).timeZone,
    daysAround(ctx.now),
  );
  const scope = await scopeInfo(ctx, { teamId: query.teamId }, people);
  if (people.length === 0) return { scope, rows: [] };
  const approved = await rowsOf<{ user_id: string; seconds: string | number }>(
    ctx.db,
    sql`select user_id::text, sum(tracked_seconds - expected_seconds)::bigint as seconds from timesheets
        where status = 'approved' and user_id ${inIds(people.map((p) => p.userId))}
        group by user_id`,
  );
  const approvedOf = new Map(approved.map((r) => [r.user_id, Number(r.seconds)]));
  const ranges = people.map((person) => {
    const today = zonedDate(ctx.now, person.zone);
    return { person, from: `${today.slice(0, 8)}01`, to: today } satisfies LedgerRange;
  });
  const tracked = await ledgerRows<{ user_id: string; seconds: string | number }>(
    ctx.db,
    ranges,
    { now: ctx.now, perPerson: true },
    sql`select user_id::text, sum(secs) as seconds from pieces group by 1`,
  );
  const trackedOf = new Map(tracked.map((r) => [r.user_id, Number(r.seconds)]));
  const rows = ranges.map(({ person, from, to }) => ({
    userId: person.userId,
    userName: person.name,
    approvedSeconds: approvedOf.get(person.userId) ?? 0,
    monthSeconds: (trackedOf.get(person.userId) ?? 0) - expectedBetween(person, from, to),
  }));
  return { scope, rows };
}
