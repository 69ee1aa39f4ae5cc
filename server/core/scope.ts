import type { ReportScopeInfo } from '@contract/reports';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import type { Db } from '../db/types';
import type { Context } from '../lib/context';
import { forbidden, notFound } from '../lib/errors';

/**
 * Who manages whom (docs/decisions/011-teams-schedules-timesheets.md): a manager of a team manages
 * every other person in it, whatever their role there. The one place the rule is written in SQL;
 * schedules, timesheets and overtime all ask here.
 */
export const managedBy = (managerId: string) => sql`(
  select distinct m.user_id from team_members boss
  join team_members m on m.team_id = boss.team_id and m.user_id <> boss.user_id
  where boss.user_id = ${managerId} and boss.role = 'manager'
)`;

export const TEAM_NOT_FOUND = 'team_not_found';
export const OWN_DATA_ONLY = 'own_data_only';
export const TEAMS_DATA_ONLY = 'teams_data_only';

/** True when `managerId` is a manager of the team. */
export async function managesTeam(db: Db, managerId: string, teamId: string): Promise<boolean> {
  const rows = await rowsOf<{ ok: boolean }>(
    db,
    sql`select exists (
    select 1 from team_members where team_id = ${teamId} and user_id = ${managerId} and role = 'manager'
  ) as "ok"`,
  );
  return rows[0]?.ok === true;
}

export async function teamExists(db: Db, teamId: string): Promise<boolean> {
  const rows = await rowsOf<{ ok: boolean }>(
    db,
    sql`select exists (select 1 from teams where id = ${teamId}) as "ok"`,
  );
  return rows[0]?.ok === true;
}

/** The caller is in the team (admins: any team that exists); else the team is not found (404). */
export async function assertInTeam(ctx: Pick<Context, 'db' | 'actor'>, teamId: string) {
  const ok =
    ctx.actor.role === 'admin'
      ? await teamExists(ctx.db, teamId)
      : (
          await rowsOf(
            ctx.db,
            sql`select 1 from team_members where team_id = ${teamId} and user_id = ${ctx.actor.id}`,
          )
        ).length > 0;
  if (!ok) throw notFound(TEAM_NOT_FOUND);
}

/** True when `managerId` manages `userId` through at least one team. */
export async function manages(db: Db, managerId: string, userId: string): Promise<boolean> {
  const rows = await rowsOf<{ ok: boolean }>(
    db,
    sql`select exists (
    select 1 from team_members boss
    join team_members m on m.team_id = boss.team_id
    where boss.user_id = ${managerId} and boss.role = 'manager' and m.user_id = ${userId}
      and m.user_id <> boss.user_id
  ) as "ok"`,
  );
  return rows[0]?.ok === true;
}

/** The managers of a person's teams (never the person themselves). */
export async function managersOf(db: Db, userId: string): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select distinct boss.user_id as "id" from team_members m
    join team_members boss on boss.team_id = m.team_id and boss.role = 'manager' and boss.user_id <> m.user_id
    where m.user_id = ${userId}`,
  );
  return rows.map((r) => r.id);
}

/**
 * Who decides a person's timesheet (docs/product/timesheets.md#review): the managers of their teams;
 * when nobody manages them, every active admin. Never the person themselves.
 */
export async function decidersOf(db: Db, userId: string): Promise<string[]> {
  const managers = await managersOf(db, userId);
  if (managers.length > 0) return managers;
  const admins = await rowsOf<{ id: string }>(
    db,
    sql`select id from users where role = 'admin' and is_active and id <> ${userId}`,
  );
  return admins.map((r) => r.id);
}

/**
 * Who hears of a person's attendance alerts (docs/product/notifications.md#events): the managers of
 * their teams and every active admin, never the person; `admin` says which link fits them.
 */
export async function attendanceWatchersOf(
  db: Db,
  userId: string,
): Promise<{ id: string; admin: boolean }[]> {
  return rowsOf<{ id: string; admin: boolean }>(
    db,
    sql`select u.id, u.role = 'admin' as "admin" from users u
    where u.is_active and u.id <> ${userId} and (u.role = 'admin' or u.id in (
      select boss.user_id from team_members m
      join team_members boss on boss.team_id = m.team_id and boss.role = 'manager'
      where m.user_id = ${userId}))`,
  );
}

/** Whether the caller may see the user's schedule and sheets: themselves, an admin, or a manager of one of their teams. */
export async function maySee(ctx: Context, userId: string): Promise<boolean> {
  if (userId === ctx.actor.id || ctx.actor.role === 'admin') return true;
  return manages(ctx.db, ctx.actor.id, userId);
}

/**
 * Whose tracked time the actor may see in reports and on project pages (docs/product/reports.md#scope):
 * an employee their own, a manager their own and the people they manage through their teams, an
 * admin everyone's. A condition on `u.id` (the users table as `u`).
 */
export function timeVisibleTo(actor: { id: string; role: string }) {
  if (actor.role === 'admin') return sql`true`;
  if (actor.role === 'manager') return sql`(u.id = ${actor.id} or u.id in ${managedBy(actor.id)})`;
  return sql`u.id = ${actor.id}`;
}

/**
 * Whose data a view covers, said on screen (docs/product/reports.md#scope): an employee's own; a
 * manager's teams (by name); one team; one person; or everyone (admins). The filters have been
 * checked already; `people` are those the view covers, for the zones their days count in.
 */
export async function scopeInfo(
  ctx: Pick<Context, 'db' | 'actor'>,
  filters: { teamId?: string; userId?: string },
  people: { name: string; zone: string }[],
): Promise<ReportScopeInfo> {
  const { actor } = ctx;
  let kind: ReportScopeInfo['kind'] =
    actor.role === 'employee' ? 'own' : actor.role === 'manager' ? 'teams' : 'everyone';
  let teams: string[] = [];
  if (actor.role === 'manager') {
    teams = (
      await rowsOf<{ name: string }>(
        ctx.db,
        sql`select t.name from teams t join team_members m on m.team_id = t.id
            where m.user_id = ${actor.id} and m.role = 'manager' order by lower(t.name)`,
      )
    ).map((r) => r.name);
  }
  if (filters.teamId) {
    kind = 'team';
    teams = (
      await rowsOf<{ name: string }>(ctx.db, sql`select name from teams where id = ${filters.teamId}`)
    ).map((r) => r.name);
  }
  if (filters.userId && actor.role !== 'employee') kind = filters.userId === actor.id ? 'own' : 'person';
  return {
    kind,
    teams,
    person: kind === 'person' ? (people[0]?.name ?? null) : null,
    zones: [...new Set(people.map((p) => p.zone))].sort(),
  };
}

/**
 * A report's person and team filters (docs/decisions/012-reports.md), checked for the caller the one
 * way every report checks them: an employee may name only themselves (else 403 own_data_only; no
 * person named is themselves); a manager themselves, a person they manage, or a team they manage
 * (else 403 teams_data_only); an admin anyone, and a team that does not exist is a 404. Answers the
 * person the view is narrowed to and a condition on `u.id` (the users table as `u`) that narrows it
 * to them and to the team; it never widens what the caller may see otherwise.
 */
export async function peopleFilter(
  ctx: Pick<Context, 'db' | 'actor'>,
  filters: { userId?: string; teamId?: string },
): Promise<{ userId: string | undefined; where: SQL }> {
  const { actor } = ctx;
  let userId = filters.userId;
  if (actor.role === 'employee') {
    if (userId && userId !== actor.id) throw forbidden(OWN_DATA_ONLY);
    userId = actor.id;
  } else if (actor.role === 'manager') {
    if (userId && userId !== actor.id && !(await manages(ctx.db, actor.id, userId))) {
      throw forbidden(TEAMS_DATA_ONLY);
    }
    if (filters.teamId && !(await managesTeam(ctx.db, actor.id, filters.teamId))) {
      throw forbidden(TEAMS_DATA_ONLY);
    }
  }
  if (filters.teamId && actor.role === 'admin' && !(await teamExists(ctx.db, filters.teamId)))
    throw notFound(TEAM_NOT_FOUND);
  const where = [sql`true`];
  if (userId) where.push(sql`u.id = ${userId}`);
  // `= any(array(…))`: the set is computed once and checked as a filter.
  if (filters.teamId)
    where.push(sql`u.id = any(array(select user_id from team_members where team_id = ${filters.teamId}))`);
  return { userId, where: sql.join(where, sql` and `) };
}
