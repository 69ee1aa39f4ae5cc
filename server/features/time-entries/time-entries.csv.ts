import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { ExportQuery } from '@contract/time-entries';
import { timeEntries } from '../../db/schema';
import { zonedClock, zonedDate, zonedDayRange } from '@contract/zoned-time';
import { selectEntries } from '../../core/time/entry-rows';
import type { Context } from '../../lib/context';
import { csvDocument, csvFormatOf, csvStart } from '../../lib/csv';
import { readerOf } from '../../core/readers';

/**
 * The user's entries that started on the org-zone days from..to (inclusive), oldest first; headers
 * and format in their language (docs/decisions/035-languages.md#exports).
 */
export async function exportEntriesCsv(
  { db, actor, timeZone: zoneOf, language }: Context,
  query: ExportQuery,
) {
  const userId = actor.id;
  const reader = readerOf(await language());
  const { t } = reader;
  const format = csvFormatOf(reader.language);
  const timeZone = await zoneOf();
  const from = zonedDayRange(query.from, timeZone).start;
  const to = zonedDayRange(query.to, timeZone).end;
  const rows = await selectEntries(db)
    .where(
      and(eq(timeEntries.userId, userId), gte(timeEntries.startTime, from), lt(timeEntries.startTime, to)),
    )
    .orderBy(asc(timeEntries.startTime), asc(timeEntries.id));
  const body = csvDocument(
    [
      t('exports:time_entries.date'),
      t('exports:time_entries.start'),
      t('exports:time_entries.end'),
      t('exports:time_entries.duration_hours'),
      t('exports:time_entries.duration_seconds'),
      t('exports:time_entries.project'),
      t('exports:time_entries.task'),
      t('exports:time_entries.description'),
    ],
    rows.map((r) => [
      zonedDate(r.startTime, timeZone),
      zonedClock(r.startTime, timeZone),
      zonedClock(r.endTime, timeZone),
      reader.decimal(r.duration / 3600, 2),
      r.duration,
      r.project,
      r.task,
      r.description,
    ]),
    format,
  );
  return { filename: `time-entries-${query.from}-to-${query.to}.csv`, body: `${csvStart(format)}${body}` };
}
