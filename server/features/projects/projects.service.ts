import { desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { createProjectRequest, Project, ProjectStatus, ProjectsQuery } from '@contract/projects';
import type { Db } from '../../db/types';
import { projects } from '../../db/schema';
import type { Context } from '../../lib/context';
import { notFound } from '../../lib/errors';

type CreateProjectInput = z.output<typeof createProjectRequest>;

/** People with at least one task in the project, counted once each, in the same query as the list. */
// Written out in full because drizzle leaves single-table columns unqualified, which the subquery would
// resolve against tasks. Served by tasks_project_created_idx.
const teamMembers = sql<number>`(
  select count(distinct t.assignee_id)::int from tasks t where t.project_id = "projects"."id"
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

export async function setProjectStatus({ db, now }: Context, id: string, status: ProjectStatus) {
  const updated = await db
    .update(projects)
    .set({ status, updatedAt: now })
    .where(eq(projects.id, id))
    .returning({ id: projects.id });
  if (updated.length === 0) throw notFound('Project not found');
  return getProject(db, id);
}
