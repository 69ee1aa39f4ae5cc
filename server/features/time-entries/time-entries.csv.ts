import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { ExportQuery } from '@contract/time-entries';
import { timeEntries } from '../../db/schema';
import { zonedClock, zonedDate, zonedDayRange } from '@contract/zoned-time';
import { selectEntries } from '../../core/time/entry-rows';
import type { Context } from '../../lib/context';
import { csvDocument } from '../../lib/csv';

const HEADER = ['Date', 'Start', 'End', 'Duration (h)', 'Duration (s)', 'Project', 'Task', 'Description'];

/** The user's entries that started on the org-zone days from..to (inclusive), oldest first. */
export async function exportEntriesCsv({ db, actor, timeZone: zoneOf }: Context, query: ExportQuery) {
  const userId = actor.id;
  const timeZone = await zoneOf();
  const from = zonedDayRange(query.from, timeZone).start;
  const to = zonedDayRange(query.to, timeZone).end;
  const rows = await selectEntries(db)
    .where(
      and(eq(timeEntries.userId, userId), gte(timeEntries.startTime, from), lt(timeEntries.startTime, to)),
    )
    .orderBy(asc(timeEntries.startTime), asc(timeEntries.id));
  const body = csvDocument(
    HEADER,
    rows.map((r) => [
      zonedDate(r.startTime, timeZone),
      zonedClock(r.startTime, timeZone),
      zonedClock(r.endTime, timeZone),
      (r.duration / 3600).toFixed(2),
      r.duration,
      r.project,
      r.task,
      r.description,
    ]),
  );
  return { filename: `time-entries-${query.from}-to-${query.to}.csv`, body };
}
