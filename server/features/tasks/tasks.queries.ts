import type { Task, TaskFilters, TaskSort } from '@contract/tasks';
import type { Db } from '../../db/types';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { runsStatements, statement } from '../../db/statements';
import { containsPattern } from '../../lib/like';
import { prebuiltJson } from '../../lib/serializer';

/** An instant as the API writes it (what Date#toISOString gives), formatted by PostgreSQL. */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const fullName = (alias: string) => `${alias}.first_name || ' ' || ${alias}.last_name`;

/**
 * Each task as the contract's JSON, built by PostgreSQL: every display name the screens show resolved
 * by joins, its comments (oldest first) nested, instants in ISO form. The lists are the most read
 * pages of the product, and their rows then go to the client without being parsed into objects and
 * written out again in JavaScript (docs/decisions/008). The response is still checked against the
 * zod contract outside production.
 */
const taskJson = `json_build_object(
    'id', t.id, 'title', t.title, 'parentId', t.parent_id, 'description', t.description, 'priority', t.priority,
    'status', t.status, 'projectId', t.project_id, 'project', p.name,
    'assigneeId', t.assignee_id, 'assignee', ${fullName('a')}, 'assigneeImageUrl', a.profile_image_url,
    'assignedById', t.assigned_by_id, 'assignedBy', ${fullName('ab')},
    'estimatedHours', t.estimated_hours, 'timeSpent', t.time_spent_seconds::float8 / 3600,
    'dueDate', ${iso('t.due_date')}, 'isPaused', t.is_paused, 'reviewStatus', t.review_status,
    'reviewedById', t.reviewed_by_id, 'reviewedBy', ${fullName('rv')}, 'reviewedAt', ${iso('t.reviewed_at')},
    'reviewComments', t.review_comments, 'submissionNotes', t.submission_notes,
    'submittedAt', ${iso('t.submitted_at')}, 'completedAt', ${iso('t.completed_at')},
    'createdAt', ${iso('t.created_at')}, 'updatedAt', ${iso('t.updated_at')},
    'repeat', (select s.repeat || jsonb_build_object('zone', s.zone) from task_series s where s.id = t.series_id),
    'comments', coalesce((
      select json_agg(json_build_object(
          'id', c.id, 'text', c.text, 'authorId', c.author_id,
          'author', coalesce(${fullName('au')}, 'Former user'), 'createdAt', ${iso('c.created_at')}
        ) order by c.created_at, c.id)
      from task_comments c left join users au on au.id = c.author_id
      where c.task_id = t.id
    ), '[]'::json),
    'labels', coalesce((
      select json_agg(json_build_object('id', l.id, 'name', l.name, 'color', l.color) order by lower(l.name), l.id)
      from task_labels tl join labels l on l.id = tl.label_id where tl.task_id = t.id
    ), '[]'::json),
    'progress', (
      select json_build_object('done', s.done + k.done, 'total', s.total + k.total)
      from (select count(*) filter (where st.status = 'completed')::int as done, count(*)::int as total
              from tasks st where st.parent_id = t.id and st.deleted_at is null) s,
           (select count(*) filter (where ci.done)::int as done, count(*)::int as total
              from task_checklist_items ci where ci.task_id = t.id) k))`;

const fromTasks = `from tasks t
  join users a on a.id = t.assignee_id
  left join projects p on p.id = t.project_id
  left join users ab on ab.id = t.assigned_by_id
  left join users rv on rv.id = t.reviewed_by_id`;

/**
 * The table's orders (docs/product/tasks.md#task-table): a key per task, then its id, so the keyset
 * cursor (the last task's key and id) pages through ties. Due dates come soonest first with tasks
 * without one last; priority high first; status in the workflow's order; assignees by name.
 */
const sortKeys: Record<Exclude<TaskSort, 'created'>, (t: string, a: string) => string> = {
  dueDate: (t) => `coalesce(${t}.due_date, 'infinity'::timestamptz)`,
  priority: (t) => `(case ${t}.priority when 'high' then 0 when 'medium' then 1 else 2 end)`,
  status: (t) =>
    `(case ${t}.status when 'todo' then 0 when 'in_progress' then 1 when 'pending_review' then 2 else 3 end)`,
  assignee: (_t, a) => `lower(${a}.first_name || ' ' || ${a}.last_name)`,
  // The board's order within a column (docs/product/tasks.md#board).
  rank: (t) => `${t}.rank`,
};

type Order = { sort: TaskSort; order: 'asc' | 'desc' };

/** A page of tasks as one JSON array (text, so the driver does not parse it). */
const pageJson = (where: string, limit: string, { sort, order }: Order) => {
  if (sort === 'created')
    return `select coalesce(json_agg(page.task order by page.created_at desc, page.id desc), '[]')::text as json
   from (select t.created_at, t.id, ${taskJson} as task ${fromTasks}${where}
         order by t.created_at desc, t.id desc limit ${limit}) page`;
  return `select coalesce(json_agg(page.task order by page.sort_key ${order}, page.id ${order}), '[]')::text as json
   from (select ${sortKeys[sort]('t', 'a')} as sort_key, t.id, ${taskJson} as task ${fromTasks}${where}
         order by sort_key ${order}, t.id ${order} limit ${limit}) page`;
};

const taskById = statement<{ json: string }, [id: string]>(
  'task_json_by_id',
  `select ${taskJson}::text as json ${fromTasks} where t.id = $1 and t.deleted_at is null`,
);

export type TaskListQuery = TaskFilters & {
  limit: number;
  before?: string;
  sort?: TaskSort;
  order?: 'asc' | 'desc';
};

// Each combination of filters (and order) is its own statement (at most 64 per order), so each keeps a plan that walks
// the index for its filter instead of one generic plan full of `$n is null or …`.
const filterClauses = [
  ['assigneeId', (n: number) => `t.assignee_id = $${n}`],
  ['status', (n: number) => `t.status = $${n}`],
  ['projectId', (n: number) => `t.project_id = $${n}`],
  ['search', (n: number) => `t.title ilike $${n}`],
  [
    'labelId',
    (n: number) => `exists (select 1 from task_labels tl where tl.task_id = t.id and tl.label_id = $${n})`,
  ],
  ['before', (n: number, { sort, order }: Order) => cursorClause(n, sort, order)],
] as const;
const pageStatements = new Map<string, ReturnType<typeof statement<{ json: string }>>>();

/** After the cursor's task in the list's order. */
function cursorClause(n: number, sort: TaskSort, order: 'asc' | 'desc') {
  if (sort === 'created')
    return `(t.created_at, t.id) < (select c.created_at, c.id from tasks c where c.id = $${n})`;
  return `(${sortKeys[sort]('t', 'a')}, t.id) ${order === 'asc' ? '>' : '<'} (select ${sortKeys[sort]('c', 'ca')}, c.id
    from tasks c join users ca on ca.id = c.assignee_id where c.id = $${n})`;
}

function pageStatement(used: boolean[], order: Order) {
  const sortKey = order.sort === 'created' ? '' : `_${order.sort}_${order.order}`;
  const key = used.map((u) => (u ? '1' : '0')).join('') + sortKey;
  let found = pageStatements.get(key);
  if (!found) {
    // A task in the Trash is in no list (docs/product/tasks.md#deleting).
    const conditions: string[] = ['t.deleted_at is null'];
    filterClauses.forEach(([, clause], i) => {
      if (used[i]) conditions.push(clause(conditions.length, order));
    });
    const where = ` where ${conditions.join(' and ')}`;
    found = statement<{ json: string }>(`tasks_page_${key}`, pageJson(where, `$${conditions.length}`, order));
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
  const sort = query.sort ?? 'created';
  const order: Order = { sort, order: sort === 'rank' ? 'asc' : (query.order ?? 'asc') };
  const [page] = await pageStatement(used, order)(db, ...params, query.limit);
  return prebuiltJson<Task[]>(page.json);
}

/** One task; inside a transaction (a bulk change, which sees its own writes) through the query builder. */
export async function findTask(db: Db, id: string): Promise<Task | undefined> {
  const [row] = runsStatements(db)
    ? await taskById(db, id)
    : await rowsOf<{ json: string }>(
        db,
        sql`select ${sql.raw(taskJson)}::text as json ${sql.raw(fromTasks)} where t.id = ${id}`,
      );
  return row ? (JSON.parse(row.json) as Task) : undefined;
}
