import { eq } from 'drizzle-orm';
import type { TimeEntry } from '@contract/time-entries';
import type { Db } from '../../db/types';
import { projects, tasks, timeEntries } from '../../db/schema';
import { isoInstant, statement } from '../../db/statements';
import { zonedDate } from '@contract/zoned-time';

/** The entry columns plus the project's name and the task's title, in one joined select. */
export function selectEntries(db: Db) {
  return db
    .select({
      id: timeEntries.id,
      projectId: timeEntries.projectId,
      project: projects.name,
      taskId: timeEntries.taskId,
      task: tasks.title,
      description: timeEntries.description,
      startTime: timeEntries.startTime,
      endTime: timeEntries.endTime,
      duration: timeEntries.duration,
      autoStopped: timeEntries.autoStopped,
    })
    .from(timeEntries)
    .leftJoin(projects, eq(projects.id, timeEntries.projectId))
    .leftJoin(tasks, eq(tasks.id, timeEntries.taskId))
    .$dynamic();
}

type EntryRow = Omit<
  Awaited<ReturnType<ReturnType<typeof selectEntries>['execute']>>[number],
  'startTime' | 'endTime'
> & { startTime: Date | string; endTime: Date | string };

/** `date` is the organisation's calendar day the entry started on (docs/product/api-conventions.md#org-dates). */
export function toTimeEntry(row: EntryRow, timeZone: string): TimeEntry {
  const startTime = isoInstant(row.startTime);
  return {
    id: row.id,
    projectId: row.projectId,
    project: row.project,
    taskId: row.taskId,
    task: row.task,
    description: row.description,
    date: zonedDate(new Date(startTime), timeZone),
    startTime,
    endTime: isoInstant(row.endTime),
    duration: row.duration,
    autoStopped: row.autoStopped,
  };
}

// The tracker's list, newest first, is read on every visit: prepared statements (decisions/008)
// keyset-paginated on (start_time, id), the order of the (user_id, start_time, id) index.
const selectEntryRows = `select e.id, e.project_id as "projectId", p.name as project, e.task_id as "taskId",
    t.title as task, e.description, e.start_time as "startTime", e.end_time as "endTime", e.duration,
    e.auto_stopped as "autoStopped"
  from time_entries e
  left join projects p on p.id = e.project_id
  left join tasks t on t.id = e.task_id`;

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
