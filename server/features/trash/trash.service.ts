import { sql } from 'drizzle-orm';
import { TRASH_DAYS, type TrashItem, type TrashQuery } from '@contract/trash';
import { rowsOf } from '../../db/rows';
import type { Db } from '../../db/types';
import type { Context } from '../../lib/context';

const DAY_MS = 24 * 60 * 60 * 1000;
const TRASH_MS = TRASH_DAYS * DAY_MS;

type Row = {
  id: string;
  kind: 'task' | 'time_entry';
  title: string;
  project: string | null;
  owner: string | null;
  owner_id: string;
  start_time: Date | string | null;
  seconds: number | null;
  deleted_at: Date | string;
  deleted_by: string | null;
};

const instant = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/**
 * The Trash (docs/product/tasks.md#trash): deleted tasks (still rows of `tasks`, with deleted_at)
 * and deleted time entries (rows of trashed_time_entries), newest deletion first, keyset-paginated on
 * (deleted_at, id). Everyone sees what is theirs to restore: the tasks they deleted or created, their
 * own entries; admins see everything.
 */
export async function listTrash({ db, actor }: Context, query: TrashQuery): Promise<TrashItem[]> {
  const admin = actor.role === 'admin';
  const mineTask = admin ? sql`true` : sql`(t.deleted_by_id = ${actor.id} or t.assigned_by_id = ${actor.id})`;
  const mineEntry = admin ? sql`true` : sql`e.user_id = ${actor.id}`;
  const cursor = query.before
    ? sql`where (deleted_at, id) < (select c.deleted_at, c.id from (
          select deleted_at, id from tasks where id = ${query.before} and deleted_at is not null
          union all select deleted_at, id from trashed_time_entries where id = ${query.before}) c)`
    : sql``;
  const rows = await rowsOf<Row>(
    db,
    sql`select * from (
        select t.id, 'task' as kind, t.title, p.name as project,
          a.first_name || ' ' || a.last_name as owner, t.assignee_id as owner_id,
          null::timestamptz as start_time, null::int as seconds, t.deleted_at,
          d.first_name || ' ' || d.last_name as deleted_by
        from tasks t join users a on a.id = t.assignee_id
          left join projects p on p.id = t.project_id left join users d on d.id = t.deleted_by_id
        where t.deleted_at is not null and not t.deleted_with_parent and ${mineTask}
        union all
        select e.id, 'time_entry', coalesce(nullif(e.description, ''), p.name, ''), p.name,
          o.first_name || ' ' || o.last_name, e.user_id,
          e.start_time, extract(epoch from (e.end_time - e.start_time))::int, e.deleted_at,
          d.first_name || ' ' || d.last_name
        from trashed_time_entries e join users o on o.id = e.user_id
          left join projects p on p.id = e.project_id left join users d on d.id = e.deleted_by_id
        where ${mineEntry}
      ) trash ${cursor}
      order by deleted_at desc, id desc limit ${query.limit}`,
  );
  return rows.map((r) => {
    const deletedAt = instant(r.deleted_at);
    return {
      id: r.id,
      kind: r.kind,
      title: r.title,
      project: r.project,
      owner: r.owner ?? '',
      ownerId: r.owner_id,
      startTime: r.start_time === null ? null : instant(r.start_time).toISOString(),
      seconds: r.seconds === null ? null : Number(r.seconds),
      deletedAt: deletedAt.toISOString(),
      deletedBy: r.deleted_by,
      purgeAt: new Date(deletedAt.getTime() + TRASH_MS).toISOString(),
    };
  });
}

/**
 * Deletes for good what has been in the Trash for 30 days: tasks (their comments and reviews go with
 * them; time entries keep their hours and lose the link, as ON DELETE SET NULL says) and time entries.
 * Run by the hourly housekeeping on every instance: the statements are idempotent, so two instances
 * purging at once delete each row once.
 */
export async function purgeTrash(db: Db, now: Date) {
  const cutoff = new Date(now.getTime() - TRASH_MS).toISOString();
  const tasks = await rowsOf<{ id: string }>(
    db,
    sql`delete from tasks where deleted_at is not null and deleted_at <= ${cutoff}::timestamptz returning id`,
  );
  const entries = await rowsOf<{ id: string }>(
    db,
    sql`delete from trashed_time_entries where deleted_at <= ${cutoff}::timestamptz returning id`,
  );
  return { tasks: tasks.length, timeEntries: entries.length };
}
