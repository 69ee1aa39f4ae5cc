import { and, asc, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Task, TaskComment, TaskFilters } from '@contract/tasks';
import type { Db } from '../../db/client';
import { projects, taskComments, tasks, users } from '../../db/schema';
import { containsPattern } from '../../lib/like';

const assignee = alias(users, 'assignee');
const assigner = alias(users, 'assigner');
const reviewer = alias(users, 'reviewer');
const author = alias(users, 'author');

const fullName = (u: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string | null>`${u.firstName} || ' ' || ${u.lastName}`;

/** One row per task with every display name the spec shows, resolved by joins (no lookups per row). */
function selectTasks(db: Db) {
  return db
    .select({
      task: tasks,
      project: projects.name,
      assignee: fullName(assignee),
      assignedBy: fullName(assigner),
      reviewedBy: fullName(reviewer),
    })
    .from(tasks)
    .innerJoin(assignee, eq(assignee.id, tasks.assigneeId))
    .leftJoin(projects, eq(projects.id, tasks.projectId))
    .leftJoin(assigner, eq(assigner.id, tasks.assignedById))
    .leftJoin(reviewer, eq(reviewer.id, tasks.reviewedById));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectTasks>['where']>>[number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toTask(row: Row, comments: TaskComment[]): Task {
  const t = row.task;
  return {
    id: t.id,
    title: t.title,
    description: t.description,
    priority: t.priority,
    status: t.status,
    projectId: t.projectId,
    project: row.project,
    assigneeId: t.assigneeId,
    assignee: row.assignee ?? '',
    assignedById: t.assignedById,
    assignedBy: row.assignedBy,
    estimatedHours: t.estimatedHours,
    timeSpent: Number(t.timeSpentSeconds) / 3600,
    dueDate: iso(t.dueDate),
    isPaused: t.isPaused,
    reviewStatus: t.reviewStatus,
    reviewedById: t.reviewedById,
    reviewedBy: row.reviewedBy,
    reviewedAt: iso(t.reviewedAt),
    reviewComments: t.reviewComments,
    submissionNotes: t.submissionNotes,
    submittedAt: iso(t.submittedAt),
    completedAt: iso(t.completedAt),
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    comments,
  };
}

/** Every comment of the given tasks in one query, oldest first, grouped by task. */
async function commentsFor(db: Db, taskIds: string[]): Promise<Map<string, TaskComment[]>> {
  const byTask = new Map<string, TaskComment[]>();
  if (taskIds.length === 0) return byTask;
  const rows = await db
    .select({ comment: taskComments, author: fullName(author) })
    .from(taskComments)
    .leftJoin(author, eq(author.id, taskComments.authorId))
    .where(inArray(taskComments.taskId, taskIds))
    .orderBy(asc(taskComments.createdAt), asc(taskComments.id));
  for (const { comment, author: name } of rows) {
    const list = byTask.get(comment.taskId) ?? [];
    list.push({
      id: comment.id,
      text: comment.text,
      authorId: comment.authorId,
      author: name ?? 'Former user',
      createdAt: comment.createdAt.toISOString(),
    });
    byTask.set(comment.taskId, list);
  }
  return byTask;
}

export type TaskListQuery = TaskFilters & { limit: number; before?: string };

/**
 * Newest first, keyset-paginated on (created_at, id): the order of the tasks_*_created indexes, so each
 * filter (assignee, status, project) walks its own index and stops after `limit` rows.
 */
export async function findTasks(db: Db, query: TaskListQuery): Promise<Task[]> {
  const conditions: (SQL | undefined)[] = [
    query.assigneeId ? eq(tasks.assigneeId, query.assigneeId) : undefined,
    query.status ? eq(tasks.status, query.status) : undefined,
    query.projectId ? eq(tasks.projectId, query.projectId) : undefined,
    query.search ? ilike(tasks.title, containsPattern(query.search)) : undefined,
    query.before
      ? sql`(${tasks.createdAt}, ${tasks.id}) < (select c.created_at, c.id from tasks c where c.id = ${query.before})`
      : undefined,
  ];
  const rows = await selectTasks(db)
    .where(and(...conditions))
    .orderBy(desc(tasks.createdAt), desc(tasks.id))
    .limit(query.limit);
  const comments = await commentsFor(
    db,
    rows.map((r) => r.task.id),
  );
  return rows.map((r) => toTask(r, comments.get(r.task.id) ?? []));
}

export async function findTask(db: Db, id: string): Promise<Task | undefined> {
  const [row] = await selectTasks(db).where(eq(tasks.id, id)).limit(1);
  if (!row) return undefined;
  const comments = await commentsFor(db, [id]);
  return toTask(row, comments.get(id) ?? []);
}
