import type { Task, TaskComment, TaskFilters } from '@contract/tasks';
import type { Db } from '../../db/client';
import { statement } from '../../db/statements';
import { containsPattern } from '../../lib/like';

// The task lists are the most read pages of the product, so they are prepared statements whose
// rows are shaped here directly (docs/decisions/008).

/** A task row is already the contract's task, but for its comments. */
type TaskRow = Omit<Task, 'comments'>;

/**
 * One row per task, already in the contract's shape: every display name the spec shows resolved by
 * joins (no lookups per row), hours computed in SQL, instants as ISO strings.
 */
const selectTasks = `select t.id, t.title, t.description, t.priority, t.status,
    t.project_id as "projectId", p.name as project,
    t.assignee_id as "assigneeId", a.first_name || ' ' || a.last_name as assignee,
    t.assigned_by_id as "assignedById", ab.first_name || ' ' || ab.last_name as "assignedBy",
    t.estimated_hours as "estimatedHours", t.time_spent_seconds::float8 / 3600 as "timeSpent",
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

/** A comment in the contract's shape, plus the task it belongs to (not written to responses). */
type CommentRow = TaskComment & { taskId: string };

/** Every comment of the given tasks in one query, oldest first. */
const commentsOf = statement<CommentRow, [taskIds: string[]]>(
  'task_comments_of',
  `select c.id, c.task_id as "taskId", c.author_id as "authorId", c.text, c.created_at as "createdAt",
     coalesce(au.first_name || ' ' || au.last_name, 'Former user') as author
   from task_comments c left join users au on au.id = c.author_id
   where c.task_id = any($1::uuid[])
   order by c.created_at, c.id`,
);

const taskById = statement<TaskRow, [id: string]>('task_by_id', `${selectTasks} where t.id = $1`);

/** The tasks with their comments (one query for all of them), in the order given. */
async function withComments(db: Db, rows: TaskRow[]): Promise<Task[]> {
  const tasks = rows as Task[];
  for (const task of tasks) task.comments = [];
  if (tasks.length === 0) return tasks;
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const comments = await commentsOf(
    db,
    tasks.map((task) => task.id),
  );
  for (const comment of comments) byId.get(comment.taskId)?.comments.push(comment);
  return tasks;
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
