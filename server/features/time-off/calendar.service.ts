import type { AbsenceCalendar, Holiday } from '@contract/time-off';
import { zonedDate } from '@contract/zoned-time';
import { type SQL, sql } from 'drizzle-orm';
import { assertInTeam } from '../../core/scope';
import { rowsOf } from '../../db/rows';
import type { Context } from '../../lib/context';
import { listHolidays } from './holidays.service';
import { readable } from './people';
import { type LeaveRow, selectRequests, shapeRequests } from './requests.service';
import { activeAccount } from '../../db/accounts';

/**
 * The absence calendar (docs/product/time-off.md#who): whose absences the caller sees. A
 * team's people see each other's approved time off (a private type as "Out"); pending requests
 * only where the caller may read the person's own (themselves, their managers, admins).
 */
async function calendarPeople(ctx: Context, teamId?: string): Promise<SQL> {
  const active = activeAccount();
  if (teamId) {
    await assertInTeam(ctx, teamId);
    return sql`${active} and u.id in (select user_id from team_members where team_id = ${teamId})`;
  }
  if (ctx.actor.role === 'admin') return active;
  return sql`${active} and (u.id = ${ctx.actor.id} or u.id in (
    select m.user_id from team_members m
    where m.team_id in (select team_id from team_members where user_id = ${ctx.actor.id})))`;
}

/** Approved absences of the people, and pending ones the caller may read, overlapping from..to. */
async function absencesOf(ctx: Context, people: SQL, from: string, to: string) {
  const rows = await rowsOf<LeaveRow>(
    ctx.db,
    selectRequests(
      sql`${people} and r.start_date <= ${to}::date and r.end_date >= ${from}::date
        and (r.status = 'approved' or (r.status = 'pending' and ${readable(ctx)}))`,
      5_000,
    ),
  );
  return shapeRequests(ctx, rows);
}

/** Holidays from..to of the team's region (or the organisation's), without the removed ones. */
async function holidaysBetween(ctx: Context, from: string, to: string, teamId?: string): Promise<Holiday[]> {
  const days: Holiday[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const h of await listHolidays(ctx, year, teamId)) {
      if (h.source !== 'removed' && h.date >= from && h.date <= to) days.push(h);
    }
  }
  return days;
}

export async function absenceCalendar(
  ctx: Context,
  query: { from: string; to: string; teamId?: string },
): Promise<AbsenceCalendar> {
  const people = await calendarPeople(ctx, query.teamId);
  const [rows, absences, holidays] = await Promise.all([
    rowsOf<{ id: string; name: string; teams: string[] | null }>(
      ctx.db,
      sql`select u.id::text, u.first_name || ' ' || u.last_name as name,
            (select array_agg(t.name order by lower(t.name)) from team_members m join teams t on t.id = m.team_id
             where m.user_id = u.id) as teams
          from users u where ${people}
          order by lower(u.first_name), lower(u.last_name), u.id`,
    ),
    absencesOf(ctx, people, query.from, query.to),
    holidaysBetween(ctx, query.from, query.to, query.teamId),
  ]);
  return {
    from: query.from,
    to: query.to,
    people: rows.map((r) => ({ userId: r.id, name: r.name, teamNames: r.teams ?? [] })),
    absences,
    holidays,
  };
}

/** Who of the caller's teams (an admin: anyone) is out today, the day in the caller's zone. */
export async function outToday(ctx: Context) {
  const date = zonedDate(ctx.now, await ctx.timeZone());
  const people = await calendarPeople(ctx);
  const absences = await absencesOf(ctx, people, date, date);
  return { date, people: absences.filter((a) => a.status === 'approved') };
}
