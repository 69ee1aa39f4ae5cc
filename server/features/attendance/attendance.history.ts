import { expectedOn } from '@contract/schedules';
import { and, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import { type AttendanceRecord, MAX_EXPORT_DAYS, type TodaySummary } from '@contract/attendance';
import { attendanceRecords as r } from '../../db/schema';
import { ownSchedule } from '../../core/time/schedule';
import type { Context } from '../../lib/context';
import { badRequest } from '../../lib/errors';
import { addDays, zonedClock, zonedDate } from '@contract/zoned-time';
import { toRecord } from './attendance.records';
import { csvDocument, csvFormatOf, csvStart } from '../../lib/csv';
import { readerOf } from '../../core/readers';

type Range = { from?: string; to?: string };

function rangeFilter(userId: string, range: Range) {
  return and(
    eq(r.userId, userId),
    range.from ? gte(r.date, range.from) : undefined,
    range.to ? lte(r.date, range.to) : undefined,
  );
}

/**
 * Newest first, `limit` at a time; `before` is the id of the last record the client has. The order
 * (date, clock_in, id) matches attendance_user_date_idx, so every page is an index range scan.
 */
export async function listRecords(
  { db, actor }: Context,
  query: Range & { limit: number; before?: string },
): Promise<AttendanceRecord[]> {
  const userId = actor.id;
  const cursor = query.before
    ? sql`(${r.date}, ${r.clockIn}, ${r.id}) < (select c.date, c.clock_in, c.id from attendance_records c where c.id = ${query.before} and c.user_id = ${userId})`
    : undefined;
  const rows = await db
    .select()
    .from(r)
    .where(and(rangeFilter(userId, query), cursor))
    .orderBy(desc(r.date), desc(r.clockIn), desc(r.id))
    .limit(query.limit);
  return rows.map(toRecord);
}

const epochMs = (expr: ReturnType<typeof sql>) =>
  sql<number | null>`(extract(epoch from ${expr}) * 1000)::float8`;

/** Today's records added up in SQL; an open record and a running break count up to now. */
export async function todaySummary(ctx: Context): Promise<TodaySummary> {
  const userId = ctx.actor.id;
  const { timeZone } = await ctx.settings();
  const now = ctx.now;
  const date = zonedDate(now, timeZone);
  const at = sql`${now.toISOString()}::timestamptz`;
  const runningBreak = sql`coalesce(extract(epoch from (${at} - ${r.breakStartedAt})) / 60, 0)`;
  const [totals] = await ctx.db
    .select({
      records: sql<number>`count(*)::int`,
      firstIn: epochMs(sql`min(${r.clockIn})`),
      // With a record still open the day has no last clock-out yet.
      lastOut: epochMs(sql`case when bool_or(${r.clockOut} is null) then null else max(${r.clockOut}) end`),
      hoursSoFar: sql<number>`coalesce(sum(coalesce(${r.totalHours}, greatest(0,
        extract(epoch from (${at} - ${r.clockIn})) / 3600 - (${r.breakMinutes} + ${runningBreak}) / 60))), 0)::float8`,
      breakMinutes: sql<number>`coalesce(sum(${r.breakMinutes} + round(${runningBreak})), 0)::int`,
    })
    .from(r)
    .where(and(eq(r.userId, userId), eq(r.date, date)));
  const [open] = await ctx.db
    .select()
    .from(r)
    .where(and(eq(r.userId, userId), isNull(r.clockOut)))
    .limit(1);
  const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
  return {
    date,
    firstIn: iso(totals.firstIn),
    lastOut: iso(totals.lastOut),
    hoursSoFar: Number(totals.hoursSoFar),
    breakMinutes: Number(totals.breakMinutes),
    records: Number(totals.records),
    expectedHours: expectedOn((await ownSchedule(ctx)).minutes, date) / 60,
    current: open ? toRecord(open) : null,
  };
}

const DAY_MS = 86_400_000;
/**
 * The range as CSV, times in the organisation's zone; without a range, the last 30 days. Headers,
 * words and format in the caller's language (docs/decisions/035-languages.md#exports).
 */
export async function exportCsv(ctx: Context, range: Range) {
  const userId = ctx.actor.id;
  const { timeZone } = await ctx.settings();
  const today = zonedDate(ctx.now, timeZone);
  const to = range.to ?? (range.from && range.from > today ? range.from : today);
  const from = range.from ?? addDays(to, -29);
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days > MAX_EXPORT_DAYS) {
    throw badRequest('export_range_too_long', undefined, { max: MAX_EXPORT_DAYS });
  }
  const rows = await ctx.db
    .select()
    .from(r)
    .where(rangeFilter(userId, { from, to }))
    .orderBy(r.date, r.clockIn);
  const local = (d: Date | null) => (d ? `${zonedDate(d, timeZone)} ${zonedClock(d, timeZone)}` : '');
  const reader = readerOf(await ctx.language());
  const { t } = reader;
  const format = csvFormatOf(reader.language);
  const body = csvDocument(
    [
      t('exports:attendance.date'),
      t('exports:attendance.clock_in'),
      t('exports:attendance.clock_out'),
      t('exports:attendance.total_hours'),
      t('exports:attendance.break_minutes'),
      t('exports:attendance.status'),
      t('exports:attendance.auto_closed'),
    ],
    rows.map((row) => [
      row.date,
      local(row.clockIn),
      local(row.clockOut),
      row.totalHours === null ? '' : reader.decimal(row.totalHours, 2),
      row.breakMinutes,
      t(`exports:attendance.statuses.${row.status}`),
      row.autoClosed ? t('exports:yes') : t('exports:no'),
    ]),
    format,
  );
  return { filename: `attendance-${from}-to-${to}.csv`, body: `${csvStart(format)}${body}` };
}
