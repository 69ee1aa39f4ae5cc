import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  createProjectRequest,
  Project,
  ProjectDetail,
  ProjectMember,
  ProjectsQuery,
  updateProjectRequest,
} from '@contract/projects';
import { addDays, zonedDate } from '@contract/zoned-time';
import { rowsOf } from '../../db/rows';
import type { Db } from '../../db/types';
import { projectMembers, projects, users } from '../../db/schema';
import type { Context } from '../../lib/context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { timeVisibleTo } from '../../core/scope';
import { ledgerRows } from '../../core/time/ledger';
import { timePeople } from '../../core/time/people';
import { mondayOf } from '../../core/time/weeks';
import { isActiveAccount } from '../../db/accounts';

type CreateProjectInput = z.output<typeof createProjectRequest>;

/** The project's members, counted in the same query as the list (docs/product/projects.md#team-members). */
// Written out in full because drizzle leaves single-table columns unqualified, which the subquery would
// resolve against project_members. Served by the members' primary key (project_id, user_id).
const teamMembers = sql<number>`(
  select count(*)::int from project_members m where m.project_id = "projects"."id"
)`;

const columns = {
  id: projects.id,
  name: projects.name,
  description: projects.description,
  status: projects.status,
  priority: projects.priority,
  teamMembers,
  createdAt: projects.createdAt,
};

type Row = {
  id: string;
  name: string;
  description: string;
  status: Project['status'];
  priority: Project['priority'];
  teamMembers: number;
  createdAt: Date;
};

const toProject = (row: Row): Project => ({
  ...row,
  teamMembers: Number(row.teamMembers),
  createdAt: row.createdAt.toISOString(),
});

/** Newest first; the cursor is the id of the last project of the previous page. */
export async function listProjects({ db }: Context, query: ProjectsQuery): Promise<Project[]> {
  const cursor = query.before
    ? sql`(${projects.createdAt}, ${projects.id}) < (select p.created_at, p.id from projects p where p.id = ${query.before})`
    : undefined;
  const rows = await db
    .select(columns)
    .from(projects)
    .where(cursor)
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(query.limit);
  return rows.map(toProject);
}

async function getProject(db: Db, id: string): Promise<Project> {
  const [row] = await db.select(columns).from(projects).where(eq(projects.id, id)).limit(1);
  if (!row) throw notFound('project_not_found');
  return toProject(row);
}

export async function createProject(
  { db, actor, now }: Context,
  values: CreateProjectInput,
): Promise<Project> {
  const [row] = await db
    .insert(projects)
    .values({ ...values, createdBy: actor.id, createdAt: now, updatedAt: now })
    .returning({ id: projects.id });
  return getProject(db, row.id);
}

export async function updateProject(
  { db, now }: Context,
  id: string,
  changes: z.output<typeof updateProjectRequest>,
): Promise<Project> {
  const updated = await db
    .update(projects)
    .set({ ...changes, updatedAt: now })
    .where(eq(projects.id, id))
    .returning({ id: projects.id });
  if (updated.length === 0) throw notFound('project_not_found');
  return getProject(db, id);
}

const memberColumns = {
  userId: projectMembers.userId,
  name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
  email: users.email,
  imageUrl: users.profileImageUrl,
  addedAt: projectMembers.addedAt,
};

const toMember = (row: {
  userId: string;
  name: string;
  email: string;
  imageUrl: string | null;
  addedAt: Date;
}): ProjectMember => ({
  ...row,
  addedAt: row.addedAt.toISOString(),
});

/**
 * Everything the project page shows beside its task lists, each figure one SQL aggregate: the tasks
 * counted by status (all of them, whoever may open each one), and the hours tracked on the project
 * this week (Monday to Sunday) and this calendar month, as the reports count them: by the ledger,
 * each person's own days, of the people whose time the caller may see (docs/product/projects.md#project-page).
 */
export async function getProjectDetail(ctx: Context, id: string): Promise<ProjectDetail> {
  const { db, now } = ctx;
  const project = await getProject(db, id);
  const today = zonedDate(now, await ctx.timeZone());
  const monday = mondayOf(today);
  const sunday = addDays(monday, 6);
  const first = `${today.slice(0, 7)}-01`;
  const nextMonth = new Date(`${first}T00:00:00Z`);
  nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
  const last = addDays(nextMonth.toISOString().slice(0, 10), -1);
  const from = [monday, first].sort()[0];
  const to = [sunday, last].sort()[1];
  const [members, counts, people] = await Promise.all([
    db
      .select(memberColumns)
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId))
      .where(eq(projectMembers.projectId, id))
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id)),
    rowsOf<{ status: string; n: number }>(
      db,
      sql`select status, count(*)::int as n from tasks where project_id = ${id} and deleted_at is null group by status`,
    ),
    // Only those who tracked on the project around the period (time_entries_project_start_idx), or time it now.
    timePeople(
      db,
      sql`${timeVisibleTo(ctx.actor)} and (exists (select 1 from time_entries e where e.user_id = u.id
          and e.project_id = ${id} and e.start_time >= ${from}::date - 2 and e.start_time < ${to}::date + 2)
        or exists (select 1 from active_timers a where a.user_id = u.id and a.project_id = ${id}))`,
      (await ctx.settings()).timeZone,
      { from, to },
    ),
  ]);
  const byDay =
    people.length === 0
      ? []
      : await ledgerRows<{ day: string; seconds: string | number }>(
          db,
          people.map((person) => ({ person, from, to })),
          { now, projectId: id },
          sql`select day::text, sum(secs) as seconds from pieces group by 1`,
        );
  const sum = (lo: string, hi: string) =>
    byDay.filter((d) => d.day >= lo && d.day <= hi).reduce((total, d) => total + Number(d.seconds), 0);
  const taskCounts = { todo: 0, in_progress: 0, pending_review: 0, completed: 0 };
  for (const row of counts) taskCounts[row.status as keyof typeof taskCounts] = Number(row.n);
  return {
    ...project,
    members: members.map(toMember),
    taskCounts,
    hoursThisWeek: sum(monday, sunday) / 3600,
    hoursThisMonth: sum(first, last) / 3600,
  };
}

async function assertProject(db: Db, id: string) {
  const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, id)).limit(1);
  if (!row) throw notFound('project_not_found');
}

/** Adds an approved, active person; someone already on the project is a 409. */
export async function addProjectMember(
  { db, actor, now }: Context,
  id: string,
  userId: string,
): Promise<ProjectMember> {
  await assertProject(db, id);
  const [person] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isActiveAccount()))
    .limit(1);
  if (!person) throw badRequest('person_not_found', 'userId');
  const inserted = await db
    .insert(projectMembers)
    .values({ projectId: id, userId, addedBy: actor.id, addedAt: now })
    .onConflictDoNothing()
    .returning({ userId: projectMembers.userId });
  if (inserted.length === 0) throw conflict('already_project_member');
  const [row] = await db
    .select(memberColumns)
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(and(eq(projectMembers.projectId, id), eq(projectMembers.userId, userId)));
  return toMember(row);
}

/** Removes a person from the project; their tasks and time stay where they are. */
export async function removeProjectMember({ db }: Context, id: string, userId: string): Promise<void> {
  await assertProject(db, id);
  const removed = await db
    .delete(projectMembers)
    .where(and(eq(projectMembers.projectId, id), eq(projectMembers.userId, userId)))
    .returning({ userId: projectMembers.userId });
  if (removed.length === 0) throw notFound('not_project_member');
}
