import { and, eq, isNull, sql } from 'drizzle-orm';
import type { OverlappingEntry, TimeEntry } from '@contract/time-entries';
import { zonedDate } from '@contract/zoned-time';
import { rowsOf } from '../../db/rows';
import type { Db } from '../../db/types';
import { projects, tasks, timeEntries } from '../../db/schema';
import { isoInstant, statement } from '../../db/statements';
import { mondayOf } from './weeks';

/** The entry columns plus the project's name and the task's title, in one joined select. */
export function selectEntries(db: Db) {
  return db
    .select({
      id: timeEntries.id,
      userId: timeEntries.userId,
      projectId: timeEntries.projectId,
      project: projects.name,
      // a task in the Trash is no task to its entries (they keep their hours: docs/product/tasks.md#deleting)
      taskId: tasks.id,
      task: tasks.title,
      description: timeEntries.description,
      startTime: timeEntries.startTime,
      endTime: timeEntries.endTime,
      duration: timeEntries.duration,
      autoStopped: timeEntries.autoStopped,
      billable: sql<boolean>`coalesce(${timeEntries.billable}, ${projects.billable}, false)`,
      invoiced: sql<boolean>`${timeEntries.invoiceId} is not null`,
    })
    .from(timeEntries)
    .leftJoin(projects, eq(projects.id, timeEntries.projectId))
    .leftJoin(tasks, and(eq(tasks.id, timeEntries.taskId), isNull(tasks.deletedAt)))
    .$dynamic();
}

type EntryRow = Omit<
  Awaited<ReturnType<ReturnType<typeof selectEntries>['execute']>>[number],
  'startTime' | 'endTime'
> & { startTime: Date | string; endTime: Date | string };

/**
 * Entries as the API answers them (docs/product/time-tracking.md#time-entries), all of one person
 * whose days count in `zone`: `date` is the day an entry starts on there, `endsNextDay` says it ends
 * on a later one; `locked` says its week is submitted or approved; `overlaps` names the person's
 * other entries whose time it shares. Two queries for the whole list, however long.
 */
export async function toTimeEntries(
  db: Db,
  userId: string,
  rows: EntryRow[],
  zone: string,
): Promise<TimeEntry[]> {
  if (rows.length === 0) return [];
  const shaped = rows.map((row) => {
    const startTime = isoInstant(row.startTime);
    const endTime = isoInstant(row.endTime);
    const date = zonedDate(new Date(startTime), zone);
    // An entry ending exactly at midnight ends on its start day (its last second is before midnight).
    const lastDay = zonedDate(new Date(Math.max(Date.parse(startTime), Date.parse(endTime) - 1000)), zone);
    return { row, startTime, endTime, date, lastDay };
  });
  const weeks = [...new Set(shaped.flatMap((e) => [mondayOf(e.date), mondayOf(e.lastDay)]))];
  const locked = new Set(
    (
      await rowsOf<{ week: string }>(
        db,
        sql`select week_start::text as week from timesheets
            where user_id = ${userId} and status in ('submitted', 'approved')
              and week_start = any(${`{${weeks.join(',')}}`}::text[])`,
      )
    ).map((r) => r.week),
  );
  const overlaps = await overlapsOf(
    db,
    userId,
    shaped.map((e) => ({ id: e.row.id, start: e.startTime, end: e.endTime })),
  );
  return shaped.map(({ row, startTime, endTime, date, lastDay }) => ({
    id: row.id,
    projectId: row.projectId,
    project: row.project,
    taskId: row.taskId,
    task: row.task,
    description: row.description,
    date,
    startTime,
    endTime,
    duration: row.duration,
    autoStopped: row.autoStopped,
    endsNextDay: lastDay > date,
    locked: locked.has(mondayOf(date)) || locked.has(mondayOf(lastDay)),
    overlaps: overlaps.get(row.id) ?? [],
    billable: row.billable,
    invoiced: row.invoiced,
  }));
}

/**
 * For each span, the person's other entries that overlap it, in one query (each span's neighbours
 * are found through the (user_id, start_time) index: an entry overlapping another starts at most a
 * day before it ends).
 */
export async function overlapsOf(
  db: Db,
  userId: string,
  spans: { id: string | null; start: string; end: string }[],
): Promise<Map<string, OverlappingEntry[]>> {
  const found = new Map<string, OverlappingEntry[]>();
  if (spans.length === 0) return found;
  const keys = spans.map((s, i) => s.id ?? `new-${i}`);
  const rows = await rowsOf<{
    key: string;
    id: string;
    description: string;
    project: string | null;
    start_time: Date | string;
    end_time: Date | string;
  }>(
    db,
    sql`select s.key, e.id, e.description, p.name as project, e.start_time, e.end_time
        from unnest(${`{${keys.join(',')}}`}::text[], ${`{${spans.map((s) => s.start).join(',')}}`}::timestamptz[],
          ${`{${spans.map((s) => s.end).join(',')}}`}::timestamptz[]) as s(key, lo, hi)
        -- One index range per span (lateral, kept from being flattened by offset 0): as a plain join
        -- the planner read all the person's entries and compared each with every span, 48,000
        -- comparisons for a page of 50 at 1,000 entries (docs/performance.md, 1,000 people)
        cross join lateral (
          select * from time_entries e
          where e.user_id = ${userId} and e.start_time >= s.lo - interval '1 day' and e.start_time < s.hi
          offset 0
        ) e
        left join projects p on p.id = e.project_id
        where e.end_time > s.lo and e.id::text <> s.key
        order by e.start_time, e.id`,
  );
  for (const r of rows) {
    const list = found.get(r.key) ?? [];
    list.push({
      id: r.id,
      description: r.description,
      project: r.project,
      startTime: isoInstant(r.start_time),
      endTime: isoInstant(r.end_time),
    });
    found.set(r.key, list);
  }
  return found;
}

// The tracker's list, newest first, is read on every visit: prepared statements (decisions/008)
// keyset-paginated on (start_time, id), the order of the (user_id, start_time, id) index.
const selectEntryRows = `select e.id, e.user_id as "userId", e.project_id as "projectId", p.name as project,
    t.id as "taskId", t.title as task, e.description, e.start_time as "startTime",
    e.end_time as "endTime", e.duration, e.auto_stopped as "autoStopped",
    coalesce(e.billable, p.billable, false) as billable, e.invoice_id is not null as invoiced
  from time_entries e
  left join projects p on p.id = e.project_id
  left join tasks t on t.id = e.task_id and t.deleted_at is null`;

export const newestEntries = statement<EntryRow, [userId: string, limit: number]>(
  'time_entries_newest',
  `${selectEntryRows} where e.user_id = $1 order by e.start_time desc, e.id desc limit $2`,
);

/** The page after entry `before` (the user's own; any other id gives an empty page). */
export const entriesBefore = statement<EntryRow, [userId: string, before: string, limit: number]>(
  'time_entries_before',
  `${selectEntryRows}
   where e.user_id = $1
     and (e.start_time, e.id) < (select c.start_time, c.id from time_entries c where c.id = $2 and c.user_id = $1)
   order by e.start_time desc, e.id desc limit $3`,
);
