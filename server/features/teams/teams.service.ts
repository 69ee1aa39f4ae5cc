import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type createTeamRequest,
  EMPLOYEE_CANNOT_MANAGE,
  type MemberScheduleSource,
  TEAM_NAME_TAKEN,
  type Team,
  type TeamMember,
  type teamsQuery,
  UNKNOWN_MEMBER,
  type updateTeamRequest,
} from '@contract/teams';
import type { Db } from '../../db/types';
import { teamMembers, teams, users } from '../../db/schema';
import { audit } from '../../core/audit';
import type { Context } from '../../lib/context';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { TEAM_NOT_FOUND } from '../../core/scope';
import { teamScheduleOf } from '../../core/time/people';
import { announceTeam } from './teams.events';
import { isActiveAccount } from '../../db/accounts';

type MemberInput = { userId: string; role: TeamMember['role'] };
type TeamRow = { id: string; name: string; scheduleMinutes: number[] | null; createdAt: Date };
type Viewer = Context['actor'];

const teamColumns = {
  id: teams.id,
  name: teams.name,
  scheduleMinutes: teams.scheduleMinutes,
  createdAt: teams.createdAt,
};

/** Whose schedule a member follows, from their team's point of view. */
function memberSchedule(teamId: string, own: boolean, followedTeam: string | null): MemberScheduleSource {
  if (own) return 'own';
  if (followedTeam === null) return 'organisation';
  return followedTeam === teamId ? 'team' : 'other_team';
}

/**
 * The members of the given teams in one query (managers first, then by name), with whose schedule
 * each follows for a viewer who may see it: admins, the team's managers, the member themselves.
 */
async function membersOf(db: Db, viewer: Viewer, teamIds: string[]): Promise<Map<string, TeamMember[]>> {
  const byTeam = new Map<string, TeamMember[]>(teamIds.map((id) => [id, []]));
  if (teamIds.length === 0) return byTeam;
  const rows = await db
    .select({
      teamId: teamMembers.teamId,
      userId: teamMembers.userId,
      role: teamMembers.role,
      firstName: users.firstName,
      lastName: users.lastName,
      own: sql<boolean>`exists (select 1 from work_schedules ws where ws.user_id = ${teamMembers.userId})`,
      followedTeam: sql<string | null>`(select f.id from (${teamScheduleOf(sql`${teamMembers.userId}`)}) f)`,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(inArray(teamMembers.teamId, teamIds))
    .orderBy(asc(teamMembers.role), asc(users.firstName), asc(users.lastName));
  const managed = new Set(
    rows.filter((r) => r.userId === viewer.id && r.role === 'manager').map((r) => r.teamId),
  );
  for (const r of rows) {
    const visible = viewer.role === 'admin' || managed.has(r.teamId) || r.userId === viewer.id;
    byTeam.get(r.teamId)?.push({
      userId: r.userId,
      name: `${r.firstName} ${r.lastName}`,
      role: r.role,
      schedule: visible ? memberSchedule(r.teamId, r.own, r.followedTeam) : null,
    });
  }
  return byTeam;
}

async function withMembers(db: Db, viewer: Viewer, rows: TeamRow[]): Promise<Team[]> {
  const members = await membersOf(
    db,
    viewer,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    members: members.get(r.id) ?? [],
    schedule: r.scheduleMinutes,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * Teams by name. Admins see every team; everyone else the teams they are in (a manager thereby sees
 * the teams they manage). `before` is the id of the last team of the previous page.
 */
export async function listTeams({ db, actor }: Context, query: z.output<typeof teamsQuery>): Promise<Team[]> {
  const scope =
    actor.role === 'admin'
      ? undefined
      : sql`exists (select 1 from team_members tm where tm.team_id = ${teams.id} and tm.user_id = ${actor.id})`;
  const cursor = query.before
    ? sql`(lower(${teams.name}), ${teams.id}) > (select lower(x.name), x.id from teams x where x.id = ${query.before})`
    : undefined;
  const rows = await db
    .select(teamColumns)
    .from(teams)
    .where(and(scope, cursor))
    .orderBy(sql`lower(${teams.name})`, asc(teams.id))
    .limit(query.limit);
  return withMembers(db, actor, rows);
}

async function teamById(db: Db, viewer: Viewer, id: string): Promise<Team> {
  const rows = await db.select(teamColumns).from(teams).where(eq(teams.id, id));
  if (rows.length === 0) throw notFound(TEAM_NOT_FOUND);
  return (await withMembers(db, viewer, rows))[0];
}

/** Members must be approved, active people; a team's managers must be managers or admins. */
async function checkMembers(db: Db, members: MemberInput[]) {
  if (members.length === 0) return;
  const found = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(
      and(
        inArray(
          users.id,
          members.map((m) => m.userId),
        ),
        isActiveAccount(),
      ),
    );
  const roles = new Map(found.map((u) => [u.id, u.role]));
  for (const m of members) {
    const role = roles.get(m.userId);
    if (!role) throw badRequest(UNKNOWN_MEMBER, 'members');
    if (m.role === 'manager' && role === 'employee') throw badRequest(EMPLOYEE_CANNOT_MANAGE, 'members');
  }
}

async function replaceMembers(tx: Db, teamId: string, members: MemberInput[]) {
  await tx.delete(teamMembers).where(eq(teamMembers.teamId, teamId));
  if (members.length > 0) await tx.insert(teamMembers).values(members.map((m) => ({ teamId, ...m })));
}

/** A second team of the same name (any case) is refused by the unique index, also under a race. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(TEAM_NAME_TAKEN, { field: 'name' });
    throw error;
  }
}

export async function createTeam(ctx: Context, body: z.output<typeof createTeamRequest>): Promise<Team> {
  await checkMembers(ctx.db, body.members);
  const id = await uniqueName(() =>
    ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(teams)
        .values({ name: body.name, scheduleMinutes: body.schedule, createdAt: ctx.now, updatedAt: ctx.now })
        .returning({ id: teams.id });
      await replaceMembers(tx, row.id, body.members);
      await audit(tx, {
        actorId: ctx.actor.id,
        action: 'team_created',
        details: { teamId: row.id, name: body.name, members: body.members, schedule: body.schedule },
        at: ctx.now,
      });
      return row.id;
    }),
  );
  ctx.log.info({ teamId: id, actorId: ctx.actor.id }, 'team created');
  await announceTeam(
    ctx,
    body.members.map((m) => m.userId),
  );
  return teamById(ctx.db, ctx.actor, id);
}

export async function updateTeam(
  ctx: Context,
  id: string,
  body: z.output<typeof updateTeamRequest>,
): Promise<Team> {
  if (body.members) await checkMembers(ctx.db, body.members);
  const before = await teamById(ctx.db, ctx.actor, id);
  await uniqueName(() =>
    ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(teams)
        .set({
          updatedAt: ctx.now,
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.schedule !== undefined ? { scheduleMinutes: body.schedule } : {}),
        })
        .where(eq(teams.id, id))
        .returning({ id: teams.id });
      if (!row) throw notFound(TEAM_NOT_FOUND);
      if (body.members) await replaceMembers(tx, id, body.members);
      await audit(tx, {
        actorId: ctx.actor.id,
        action: 'team_changed',
        details: { teamId: id, name: body.name ?? before.name, changes: teamChanges(before, body) },
        at: ctx.now,
      });
    }),
  );
  const after = await teamById(ctx.db, ctx.actor, id);
  await announceTeam(ctx, new Set([...before.members, ...after.members].map((m) => m.userId)));
  return after;
}

/** A team's change in the audit log's words: the new name, and who joined, left or changed role. */
function teamChanges(before: Team, body: z.output<typeof updateTeamRequest>) {
  const changes: Record<string, unknown> = {};
  if (body.name !== undefined && body.name !== before.name)
    changes.name = { from: before.name, to: body.name };
  if (body.members) {
    const was = new Map(before.members.map((m) => [m.userId, m.role]));
    const now = new Map(body.members.map((m) => [m.userId, m.role]));
    const joined = body.members.filter((m) => !was.has(m.userId));
    const left = before.members.filter((m) => !now.has(m.userId)).map((m) => m.userId);
    const roleChanged = body.members.filter((m) => was.has(m.userId) && was.get(m.userId) !== m.role);
    if (joined.length) changes.joined = joined;
    if (left.length) changes.left = left;
    if (roleChanged.length) changes.roleChanged = roleChanged;
  }
  if (body.schedule !== undefined && JSON.stringify(body.schedule) !== JSON.stringify(before.schedule))
    changes.schedule = { from: before.schedule, to: body.schedule };
  return changes;
}

export async function deleteTeam(ctx: Context, id: string): Promise<void> {
  const members = await ctx.db.transaction(async (tx) => {
    // Read before the delete: the members go with the team.
    const members = await tx
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(eq(teamMembers.teamId, id));
    const gone = await tx.delete(teams).where(eq(teams.id, id)).returning({ id: teams.id, name: teams.name });
    if (gone.length === 0) throw notFound(TEAM_NOT_FOUND);
    await audit(tx, {
      actorId: ctx.actor.id,
      action: 'team_deleted',
      details: { teamId: id, name: gone[0].name },
      at: ctx.now,
    });
    return members;
  });
  ctx.log.info({ teamId: id, actorId: ctx.actor.id }, 'team deleted');
  await announceTeam(
    ctx,
    members.map((m) => m.userId),
  );
}
