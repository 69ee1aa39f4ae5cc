import type { Task, TaskComment, TaskFilters } from '@contract/tasks';
import type { Db } from '../../db/client';
import { statement } from '../../db/statements';
import { containsPattern } from '../../lib/like';

// The task lists are the most read pages of the product, so they are prepared statements whose
// rows are shaped here directly (docs/decisions/008).

type TaskRow = {
  id: string;
  title: string;
  description: string;
  priority: Task['priority'];
  status: Task['status'];
  projectId: string | null;
  project: string | null;
  assigneeId: string;
  assignee: string;
  assignedById: string | null;
  assignedBy: string | null;
  estimatedHours: number;
  timeSpentSeconds: string | number;
  dueDate: string | null;
  isPaused: boolean;
  reviewStatus: Task['reviewStatus'];
  reviewedById: string | null;
  reviewedBy: string | null;
  reviewedAt: string | null;
  reviewComments: string | null;
  submissionNotes: string | null;
  submittedAt: string | null;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** One row per task with every display name the spec shows, resolved by joins (no lookups per row). */
const selectTasks = `select t.id, t.title, t.description, t.priority, t.status,
    t.project_id as "projectId", p.name as project,
    t.assignee_id as "assigneeId", a.first_name || ' ' || a.last_name as assignee,
    t.assigned_by_id as "assignedById", ab.first_name || ' ' || ab.last_name as "assignedBy",
    t.estimated_hours as "estimatedHours", t.time_spent_seconds as "timeSpentSeconds",
    t.due_date as "dueDate", t.is_paused as "isPaused", t.review_status as "reviewStatus",
    t.reviewed_by_id as "reviewedById", rv.first_name || ' ' || rv.last_name as "reviewedBy",
    t.reviewed_at as "reviewedAt", t.review_comments as "reviewComments",
    t.submission_notes as "submissionNotes", t.submitted_at as "submittedAt",
    t.completed_at as "completedAt", t.created_at as "createdAt", t.updated_at as "updatedAt"
  from tasks t
  join users a on a.id = t.assignee_id
  left join projects p on p.id = t.project_id
  left join users ab on ab.id = t.assigned_by_id
  left join users rv on rv.id = t.reviewed_by_id`;

type CommentRow = {
  id: string;
  taskId: string;
  authorId: string | null;
  text: string;
  author: string | null;
  createdAt: string;
};

/** Every comment of the given tasks in one query, oldest first. */
const commentsOf = statement<CommentRow, [taskIds: string[]]>(
  'task_comments_of',
  `select c.id, c.task_id as "taskId", c.author_id as "authorId", c.text, c.created_at as "createdAt",
     au.first_name || ' ' || au.last_name as author
   from task_comments c left join users au on au.id = c.author_id
   where c.task_id = any($1::uuid[])
   order by c.created_at, c.id`,
);

const taskById = statement<TaskRow, [id: string]>('task_by_id', `${selectTasks} where t.id = $1`);

function toTask(t: TaskRow, comments: TaskComment[]): Task {
  return {
    id: t.id,
    title: t.title,
    description: t.description,
    priority: t.priority,
    status: t.status,
    projectId: t.projectId,
    project: t.project,
    assigneeId: t.assigneeId,
    assignee: t.assignee ?? '',
    assignedById: t.assignedById,
    assignedBy: t.assignedBy,
    estimatedHours: t.estimatedHours,
    timeSpent: Number(t.timeSpentSeconds) / 3600,
    dueDate: t.dueDate,
    isPaused: t.isPaused,
    reviewStatus: t.reviewStatus,
    reviewedById: t.reviewedById,
    reviewedBy: t.reviewedBy,
    reviewedAt: t.reviewedAt,
    reviewComments: t.reviewComments,
    submissionNotes: t.submissionNotes,
    submittedAt: t.submittedAt,
    completedAt: t.completedAt,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    comments,
  };
}

/** The tasks with their comments (one query for all of them), in the order given. */
async function withComments(db: Db, rows: TaskRow[]): Promise<Task[]> {
  const byTask = new Map<string, TaskComment[]>();
  if (rows.length > 0) {
    for (const c of await commentsOf(
      db,
      rows.map((r) => r.id),
    )) {
      const list = byTask.get(c.taskId) ?? [];
      list.push({
        id: c.id,
        text: c.text,
        authorId: c.authorId,
        author: c.author ?? 'Former user',
        createdAt: c.createdAt,
      });
      byTask.set(c.taskId, list);
    }
  }
  return rows.map((r) => toTask(r, byTask.get(r.id) ?? []));
}

export type TaskListQuery = TaskFilters & { limit: number; before?: string };

// Each combination of filters is its own statement (at most 32), so each keeps a plan that walks
// the index for its filter instead of one generic plan full of `$n is null or …`.
const filterClauses = [
  ['assigneeId', (n: number) => `t.assignee_id = $${n}`],
  ['status', (n: number) => `t.status = $${n}`],
  ['projectId', (n: number) => `t.project_id = $${n}`],
  ['search', (n: number) => `t.title ilike $${n}`],
  [
    'before',
    (n: number) => `(t.created_at, t.id) < (select c.created_at, c.id from tasks c where c.id = $${n})`,
  ],
] as const;
const pageStatements = new Map<string, ReturnType<typeof statement<TaskRow>>>();

function pageStatement(used: boolean[]) {
  const key = used.map((u) => (u ? '1' : '0')).join('');
  let found = pageStatements.get(key);
  if (!found) {
    const conditions: string[] = [];
    filterClauses.forEach(([, clause], i) => {
      if (used[i]) conditions.push(clause(conditions.length + 1));
    });
    const where = conditions.length ? ` where ${conditions.join(' and ')}` : '';
    found = statement<TaskRow>(
      `tasks_page_${key}`,
      `${selectTasks}${where} order by t.created_at desc, t.id desc limit $${conditions.length + 1}`,
    );
    pageStatements.set(key, found);
  }
  return found;
}

/**
 * Newest first, keyset-paginated on (created_at, id): the order of the tasks_*_created indexes, so each
 * filter (assignee, status, project) walks its own index and stops after `limit` rows.
 */
export async function findTasks(db: Db, query: TaskListQuery): Promise<Task[]> {
  const values = {
    ...query,
    search: query.search ? containsPattern(query.search) : undefined,
  };
  const used = filterClauses.map(([field]) => Boolean(values[field]));
  const params = filterClauses.filter((_, i) => used[i]).map(([field]) => values[field]);
  const rows = await pageStatement(used)(db, ...params, query.limit);
  return withComments(db, rows);
}

export async function findTask(db: Db, id: string): Promise<Task | undefined> {
  const rows = await taskById(db, id);
  return rows.length ? (await withComments(db, rows))[0] : undefined;
}
