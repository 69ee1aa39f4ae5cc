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
import { addDays, zonedDate, zonedDayRange } from '@contract/zoned-time';
import { rowsOf } from '../../db/rows';
import type { Db } from '../../db/types';
import { projectMembers, projects, users } from '../../db/schema';
import type { Context } from '../../lib/context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { mondayOf } from '../../core/time/week-lock';

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
  if (!row) throw notFound('Project not found');
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
  if (updated.length === 0) throw notFound('Project not found');
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
 * this week (from Monday) and this calendar month in the organisation's time zone, by entry start,
 * as the timesheets and reports count them.
 */
export async function getProjectDetail(ctx: Context, id: string): Promise<ProjectDetail> {
  const { db, now } = ctx;
  const project = await getProject(db, id);
  const zone = await ctx.timeZone();
  const today = zonedDate(now, zone);
  const weekStart = zonedDayRange(mondayOf(today), zone).start;
  const monthStart = zonedDayRange(`${today.slice(0, 7)}-01`, zone).start;
  const nextMonth = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
  const monthEnd = zonedDayRange(nextMonth.toISOString().slice(0, 10), zone).start;
  const weekEnd = zonedDayRange(addDays(mondayOf(today), 7), zone).start;
  const [members, counts, hours] = await Promise.all([
    db
      .select(memberColumns)
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId))
      .where(eq(projectMembers.projectId, id))
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id)),
    rowsOf<{ status: string; n: number }>(
      db,
      sql`select status, count(*)::int as n from tasks where project_id = ${id} group by status`,
    ),
    // Served by time_entries_project_start_idx (project, start, duration) alone.
    rowsOf<{ week: string | number; month: string | number }>(
      db,
      sql`select
        coalesce(sum(duration) filter (where start_time >= ${weekStart.toISOString()}::timestamptz
          and start_time < ${weekEnd.toISOString()}::timestamptz), 0) as week,
        coalesce(sum(duration) filter (where start_time >= ${monthStart.toISOString()}::timestamptz), 0) as month
      from time_entries
      where project_id = ${id}
        and start_time >= least(${weekStart.toISOString()}::timestamptz, ${monthStart.toISOString()}::timestamptz)
        and start_time < greatest(${weekEnd.toISOString()}::timestamptz, ${monthEnd.toISOString()}::timestamptz)`,
    ),
  ]);
  const taskCounts = { todo: 0, in_progress: 0, pending_review: 0, completed: 0 };
  for (const row of counts) taskCounts[row.status as keyof typeof taskCounts] = Number(row.n);
  const [sums] = hours;
  return {
    ...project,
    members: members.map(toMember),
    taskCounts,
    hoursThisWeek: Number(sums?.week ?? 0) / 3600,
    hoursThisMonth: Number(sums?.month ?? 0) / 3600,
  };
}

async function assertProject(db: Db, id: string) {
  const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, id)).limit(1);
  if (!row) throw notFound('Project not found');
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
    .where(and(eq(users.id, userId), eq(users.approvalStatus, 'approved'), eq(users.isActive, true)))
    .limit(1);
  if (!person) throw badRequest('Person not found', 'userId');
  const inserted = await db
    .insert(projectMembers)
    .values({ projectId: id, userId, addedBy: actor.id, addedAt: now })
    .onConflictDoNothing()
    .returning({ userId: projectMembers.userId });
  if (inserted.length === 0) throw conflict('Already a member of this project');
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
  if (removed.length === 0) throw notFound('Not a member of this project');
}
