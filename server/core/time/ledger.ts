import { addDays, zonedDate } from '@contract/zoned-time';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { Db } from '../../db/types';
import { type LedgerOptions, type LedgerRange, ledgerWith } from './ledger-count';
import { splitRanges } from './ledger-rollup';
import type { TimePerson } from './people';

/**
 * THE ledger of hours (docs/product/time-tracking.md#ledger): how much time a person tracked on
 * each day of their own calendar. Every screen, report and export that shows tracked time reads it
 * from here, so the same person, days and entries give the same seconds everywhere.
 *
 * - A day is the person's own: local midnight to local midnight in their zone (23 or 25 hours on
 *   DST days); an entry that crosses midnight counts on both days, each part as long as it was.
 * - A person's time counts once: where their entries overlap, the earlier entry keeps the time and
 *   a later one counts only what no earlier one covered (the overlap is flagged, not added).
 * - A running timer counts up to now.
 * - Instants are whole seconds, so every figure is a whole number of seconds.
 */

export type { LedgerOptions, LedgerRange } from './ledger-count';

/**
 * Rows of a query over the ledger of the ranges: `rest` follows the ledger's WITH clause, which
 * ends in `pieces(user_id, day, entry_id, project_id, task_id, secs)` and, with `personDays`, also
 * defines `person_days(user_id, day, lo, hi)`, and aggregates them (`select day, sum(secs) from pieces
 * group by day`), so every figure is one SQL aggregate over the same definition.
 *
 * Fresh days come from the kept sums and the others are counted from the entries
 * (docs/decisions/042-ledger-rollup.md), in one snapshot, so the figures are exact either way.
 */
export async function ledgerRows<T>(
  db: Db,
  ranges: readonly LedgerRange[],
  options: LedgerOptions,
  rest: SQL,
): Promise<T[]> {
  if (ranges.length === 0) return [];
  return db.transaction((tx) => ledgerRowsIn(tx as unknown as Db, ranges, options, rest), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

/**
 * `ledgerRows` inside the caller's transaction, for a read that takes other rows from the same
 * snapshot (it must be repeatable read, so the kept sums and their stale marks agree).
 */
export async function ledgerRowsIn<T>(
  tx: Db,
  ranges: readonly LedgerRange[],
  options: LedgerOptions,
  rest: SQL,
): Promise<T[]> {
  if (ranges.length === 0) return [];
  const { counted, kept } = await splitRanges(tx, ranges);
  if (options.manyRows) await tx.execute(sql`set local work_mem = '32MB'`);
  return rowsOf<T>(tx, sql`${ledgerWith({ all: ranges, counted, kept, timers: true }, options)} ${rest}`);
}

/**
 * Reads each person's days as lists (`LedgerOptions.dayLists`) and hands every pair to `add`: the
 * person, the day as its offset from `origin` (no range may start before it), and the seconds. A
 * day may come in several pairs, to be added up. The lists are parsed in place: everyone's week is
 * 6,600 pairs, and splitting them into strings made a good part of the grid's garbage.
 */
async function eachTrackedDay(
  db: Db,
  ranges: readonly LedgerRange[],
  options: LedgerOptions,
  origin: string,
  add: (userId: string, offset: number, seconds: number) => void,
) {
  const rows = await ledgerRows<{ user_id: string; days: string }>(
    db,
    ranges,
    { ...options, perDay: true, dayLists: { origin } },
    sql`select user_id::text, days from day_lists`,
  );
  for (const { user_id, days: text } of rows) {
    let i = 0;
    while (i < text.length) {
      const offset = readInteger(text, i, COLON);
      i = offset.next + 1;
      const seconds = readInteger(text, i, COMMA);
      i = seconds.next + 1;
      add(user_id, offset.value, seconds.value);
    }
  }
}

const COLON = 58;
const COMMA = 44;
const MINUS = 45;

/** The integer written in `text` from `start` up to `end` (a character code) or the end. */
function readInteger(text: string, start: number, end: number) {
  let i = start;
  const negative = text.charCodeAt(i) === MINUS;
  if (negative) i++;
  let value = 0;
  for (; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === end) break;
    value = value * 10 + (code - 48);
  }
  return { value: negative ? -value : value, next: i };
}

/** The earliest first day of the ranges. */
const originOf = (ranges: readonly LedgerRange[]) => {
  let origin = ranges[0].from;
  for (const r of ranges) if (r.from < origin) origin = r.from;
  return origin;
};

/** Tracked seconds per person and day: `byDay.get(userId)?.get(day) ?? 0`. */
export async function trackedByDay(
  db: Db,
  ranges: readonly LedgerRange[],
  options: LedgerOptions,
): Promise<Map<string, Map<string, number>>> {
  const result = new Map<string, Map<string, number>>();
  if (ranges.length === 0) return result;
  const origin = originOf(ranges);
  // Each offset's day worked out once, not once per pair.
  const dayAt: string[] = [];
  await eachTrackedDay(db, ranges, options, origin, (userId, offset, seconds) => {
    let days = result.get(userId);
    if (!days) {
      days = new Map<string, number>();
      result.set(userId, days);
    }
    if (dayAt[offset] === undefined) dayAt[offset] = addDays(origin, offset);
    const day = dayAt[offset];
    days.set(day, (days.get(day) ?? 0) + seconds);
  });
  return result;
}

/**
 * Tracked seconds per person on each of `count` days from `from` (every range within them):
 * `seconds.get(userId)?.[i]` is the i-th day's. Only people with rows in the ledger are in it.
 */
export async function trackedDaySeconds(
  db: Db,
  ranges: readonly LedgerRange[],
  options: LedgerOptions,
  from: string,
  count: number,
): Promise<Map<string, number[]>> {
  const result = new Map<string, number[]>();
  if (ranges.length === 0) return result;
  await eachTrackedDay(db, ranges, options, from, (userId, offset, seconds) => {
    let days = result.get(userId);
    if (!days) {
      days = new Array<number>(count).fill(0);
      result.set(userId, days);
    }
    days[offset] += seconds;
  });
  return result;
}

/** Tracked seconds per person over their whole range. */
export async function trackedTotals(
  db: Db,
  ranges: readonly LedgerRange[],
  options: LedgerOptions,
): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  for (const [userId, days] of await trackedByDay(db, ranges, options)) {
    let sum = 0;
    for (const seconds of days.values()) sum += seconds;
    totals.set(userId, sum);
  }
  return totals;
}

/** Seconds the person tracked today (their own day, a running timer up to now) and which day that is. */
export async function trackedToday(db: Db, person: Pick<TimePerson, 'userId' | 'zone'>, now: Date) {
  const today = zonedDate(now, person.zone);
  const totals = await trackedTotals(db, [{ person, from: today, to: today }], { now });
  return { today, seconds: totals.get(person.userId) ?? 0 };
}

/**
 * Every second the person ever tracked, counted once as the ledger counts it (overlaps once, a
 * running timer up to now), with the number of entries, and today's seconds: the tracker's figures.
 * One ledger read over the days of all their entries (and timer), split at today, so the kept day
 * sums serve: scanning a person's whole history with a window per request cost ~2 ms of the
 * database's time at ×1, and the tracker's summary is read by every employee (docs/performance.md).
 */
export async function trackedAllTime(db: Db, person: Pick<TimePerson, 'userId' | 'zone'>, now: Date) {
  // Each figure from its own index: the first start and the last end are one probe each, and the
  // count reads the person's index entries only. One aggregate over the rows read every entry's
  // page (~1,000 at ×1) on each request (docs/performance.md).
  const [extent] = await rowsOf<{ lo_ms: number | null; hi_ms: number | null; entries: string | number }>(
    db,
    sql`select (extract(epoch from least(
          (select min(e.start_time) from time_entries e where e.user_id = ${person.userId}),
          (select t.start_time from active_timers t where t.user_id = ${person.userId}))) * 1000)::float8 as lo_ms,
        (extract(epoch from (select max(e.end_time) from time_entries e where e.user_id = ${person.userId})) * 1000)::float8
          as hi_ms,
        (select count(*) from time_entries e where e.user_id = ${person.userId}) as entries`,
  );
  const today = zonedDate(now, person.zone);
  const dayOf = (ms: number | null) => (ms === null ? today : zonedDate(new Date(Number(ms)), person.zone));
  const first = [dayOf(extent.lo_ms), today].sort()[0];
  const last = [dayOf(extent.hi_ms), today].sort()[1];
  const ranges: LedgerRange[] = [{ person, from: today, to: today }];
  if (first < today) ranges.push({ person, from: first, to: addDays(today, -1) });
  if (last > today) ranges.push({ person, from: addDays(today, 1), to: last });
  const rows = await ledgerRows<{ today: boolean; seconds: string | number }>(
    db,
    ranges,
    { now, perPerson: true },
    sql`select day = ${today}::date as today, sum(secs)::bigint as seconds from pieces group by 1`,
  );
  let seconds = 0;
  let todaySeconds = 0;
  for (const r of rows) {
    seconds += Number(r.seconds);
    if (r.today) todaySeconds += Number(r.seconds);
  }
  return { seconds, entries: Number(extent.entries), today, todaySeconds };
}
