import { eq } from 'drizzle-orm';
import type { TimeEntry } from '@contract/time-entries';
import type { Db } from '../../db/client';
import { projects, tasks, timeEntries } from '../../db/schema';
import { zonedDate } from '../../lib/zoned-time';

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
    })
    .from(timeEntries)
    .leftJoin(projects, eq(projects.id, timeEntries.projectId))
    .leftJoin(tasks, eq(tasks.id, timeEntries.taskId))
    .$dynamic();
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof selectEntries>['execute']>>[number];

/** `date` is the organisation's calendar day the entry started on (decisions §6). */
export function toTimeEntry(row: EntryRow, timeZone: string): TimeEntry {
  return {
    ...row,
    date: zonedDate(row.startTime, timeZone),
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
  };
}
