import { addDays, zonedDayRange } from '@contract/zoned-time';
import { type SQL, sql } from 'drizzle-orm';
import { pgArray } from '../../db/rows';
import { wholeSeconds } from './instants';
import type { TimePerson } from './people';

// How the ledger counts (docs/product/time-tracking.md#ledger), as one SQL WITH clause. ledger.ts
// says what is counted; ledger-rollup.ts decides which days are read from the kept sums and which
// are counted here from the entries (docs/decisions/042-ledger-rollup.md).

/** Whose days to count: a person and the first and last day (inclusive) of their own calendar. */
export type LedgerRange = { person: Pick<TimePerson, 'userId' | 'zone'>; from: string; to: string };

export type LedgerOptions = {
  /** running timers count up to this instant */
  now: Date;
  /** only time attributed to entries of this project */
  projectId?: string;
  /**
   * Sorting memory for a read that returns one row per entry over many people (the billable report
   * of a month: ~80,000 rows at ×1), so its sorts and groupings stay in memory instead of spilling
   * to disk at PostgreSQL's default 4 MB. Set for this read's transaction only.
   */
  manyRows?: boolean;
  /**
   * The caller sums `pieces` per person and day only (user_id, day, secs): kept days are read from
   * their day sums (`ledger_days`, one row per person and day, no entry, project or task) instead
   * of every piece (docs/decisions/051-ledger-day-sums.md). Not with `projectId`.
   */
  perDay?: boolean;
  /**
   * The caller sums `pieces` per person only (user_id, secs): each kept run of days is read as a
   * sum of its whole calendar months' sums and a sum of the day sums around them, `day` being the
   * first day of what each sum covers. Summing inside the index read is ~6 times cheaper than
   * returning a month's 31,000 day sums to be summed, and a month's sum is one row instead of 30
   * (docs/performance.md). Implies `perDay`; not with `projectId`.
   */
  perPerson?: boolean;
  /**
   * The caller reads `person_days(user_id, day, lo, hi)`: every day of the ranges with its instants.
   * Without it only the days counted from the entries get their instants, so a read over a long
   * range (a person's all-time figure: hundreds of days) does not work out each day's midnights.
   */
  personDays?: boolean;
  /**
   * The caller reads `day_lists(user_id, days)`: each person's tracked seconds per day as text,
   * `offset:seconds` pairs (the offset in days from `origin`) separated by commas. A person may have
   * several rows and a day several pairs (the pieces of a counted day), which the caller adds up.
   * Kept days are listed inside their index read, a row per run, instead of returning every day sum
   * to be grouped twice: everyone's week went from 11.9 to 5.4 ms of SQL (docs/decisions/052-ledger-month-sums.md).
   * `pieces` then holds the counted days only (and, with `projectId`, the project's kept pieces,
   * listed from there).
   */
  dayLists?: { origin: string };
};

/**
 * The local days of the ranges as instants, each (zone, day) once, by the runtime's zone rules: one
 * walk per zone over the days its ranges cover (1,000 people in one zone are one walk, not 1,000).
 */
function zoneDays(ranges: readonly LedgerRange[]) {
  const spans = new Map<string, [string, string]>();
  for (const { person, from, to } of ranges) {
    const span = spans.get(person.zone);
    if (!span) spans.set(person.zone, [from, to]);
    else {
      if (from < span[0]) span[0] = from;
      if (to > span[1]) span[1] = to;
    }
  }
  const zones: string[] = [];
  const days: string[] = [];
  const los: string[] = [];
  const his: string[] = [];
  for (const [zone, [from, to]] of spans) {
    for (let day = from; day <= to; day = addDays(day, 1)) {
      const { start, end } = zonedDayRange(day, zone);
      zones.push(zone);
      days.push(day);
      los.push(start.toISOString());
      his.push(end.toISOString());
    }
  }
  return { zones, days, los, his };
}

/**
 * `(user_id, zone, from_day, to_day)` from the ranges, as a CTE body. A column every range shares
 * (a report's days, often its zone) is sent once rather than once per person: for everyone's week
 * that is 26 KB less to write to the database per statement, and less to parse there.
 */
function rangesTable(ranges: readonly LedgerRange[]): SQL {
  const columns = [
    { name: 'zone', type: 'text', values: ranges.map((r) => r.person.zone) },
    { name: 'from_day', type: 'date', values: ranges.map((r) => r.from) },
    { name: 'to_day', type: 'date', values: ranges.map((r) => r.to) },
  ].map((c) => ({ ...c, shared: c.values.every((v) => v === c.values[0]) }));
  const perRange = columns.filter((c) => !c.shared);
  const selected = columns.map((c) =>
    c.shared ? sql`${c.values[0]}::${sql.raw(c.type)} as ${sql.raw(c.name)}` : sql.raw(`p.${c.name}`),
  );
  const arrays = perRange.map((c) => sql`, ${pgArray(c.values)}::${sql.raw(c.type)}[]`);
  return sql`select p.user_id, ${sql.join(selected, sql`, `)}
      from unnest(${pgArray(ranges.map((r) => r.person.userId))}::uuid[]${sql.join(arrays, sql``)})
      as p(user_id${sql.raw(perRange.map((c) => `, ${c.name}`).join(''))})`;
}

export type LedgerParts = {
  /** every day asked for: `person_days` (with `personDays`) lists them all, whichever way they are counted */
  all: readonly LedgerRange[];
  /** days counted here from the entries */
  counted: readonly LedgerRange[];
  /** days read from the kept sums (`ledger_pieces`) */
  kept: readonly LedgerRange[];
  /** whether running timers count (the kept sums never include them) */
  timers: boolean;
};

const NO_RANGES = sql`select null::uuid as user_id, null::text as zone, null::date as from_day, null::date as to_day where false`;

/**
 * The kept runs of a read that sums per person, split into the whole calendar months they hold (read
 * from the month sums) and the days before and after them (read from the day sums).
 */
function monthRuns(kept: readonly LedgerRange[]) {
  const days: LedgerRange[] = [];
  const months: LedgerRange[] = [];
  for (const range of kept) {
    const { person, from, to } = range;
    // The first whole month's first day, and the day after the last whole month.
    const first = from.endsWith('-01') ? from : firstOfNextMonth(from);
    const after = addDays(to, 1);
    const end = after.endsWith('-01') ? after : `${to.slice(0, 7)}-01`;
    if (first >= end) {
      days.push(range);
      continue;
    }
    if (from < first) days.push({ person, from, to: addDays(first, -1) });
    months.push({ person, from: first, to: addDays(end, -1) });
    if (end <= to) days.push({ person, from: end, to });
  }
  return { days, months };
}

const firstOfNextMonth = (day: string) => {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
};

/**
 * The `kept_ranges` CTE's body (and, for a read per person, `kept_months`'): the kept runs, or
 * `people` when they are exactly the ranges asked for (nothing counted, nothing split), already
 * sent once.
 */
function keptRunsOf(parts: LedgerParts, runs: readonly LedgerRange[]): SQL {
  if (runs.length === 0) return NO_RANGES;
  if (
    parts.counted.length === 0 &&
    runs.length === parts.all.length &&
    runs.every((r, i) => sameRange(r, parts.all[i]))
  )
    return sql`select * from people`;
  return rangesTable(runs);
}

const sameRange = (a: LedgerRange, b: LedgerRange) =>
  a.person.userId === b.person.userId && a.from === b.from && a.to === b.to;

/**
 * The kept days' rows of `pieces`: one index range per person's run of days (lateral, kept from
 * being flattened by offset 0): the planner cannot see how few days the runs hold, and as a join it
 * read all of ledger_pieces in parallel for a 100-person week (65 ms for 1,940 rows;
 * docs/performance.md, kept sums). Per person or per day, the day sums serve instead of the pieces.
 */
function keptPiecesOf(options: LedgerOptions): SQL {
  if (options.perPerson && !options.projectId)
    return sql`
      select r.user_id, r.from_day as day, null::uuid as entry_id, null::uuid as project_id, null::uuid as task_id, k.secs
      from kept_ranges r cross join lateral (
        select sum(k.secs)::bigint as secs, count(*) as n from ledger_days k
        where k.user_id = r.user_id and k.day between r.from_day and r.to_day
      ) k
      where k.n > 0
      union all
      select r.user_id, r.from_day, null::uuid, null::uuid, null::uuid, k.secs
      from kept_months r cross join lateral (
        select sum(m.secs)::bigint as secs, count(*) as n from ledger_months m
        where m.user_id = r.user_id and m.month between r.from_day and r.to_day
      ) k
      where k.n > 0`;
  if (options.perDay && !options.projectId)
    return sql`
      select k.user_id, k.day, null::uuid as entry_id, null::uuid as project_id, null::uuid as task_id, k.secs
      from kept_ranges r cross join lateral (
        select * from ledger_days k where k.user_id = r.user_id and k.day between r.from_day and r.to_day offset 0
      ) k`;
  const project = options.projectId ? sql`and k.project_id = ${options.projectId}` : sql``;
  return sql`
      select k.user_id, k.day, k.entry_id, k.project_id, k.task_id, k.secs
      from kept_ranges r cross join lateral (
        select * from ledger_pieces k
        where k.user_id = r.user_id and k.day between r.from_day and r.to_day ${project}
        offset 0
      ) k`;
}

/**
 * The ledger as SQL: a WITH clause that ends in `pieces(user_id, day, entry_id, project_id,
 * task_id, secs)`, one row per part of an entry (or running timer) counted on one of its person's
 * days, and with `personDays` defines `person_days(user_id, day, lo, hi)` for every day asked for. Callers
 * aggregate it as they need (`select day, sum(secs) from pieces group by day`) in the same
 * statement, so every figure is one SQL aggregate over the same definition.
 *
 * Counted days read each person's entries through the (user_id, start_time) index: entries of up
 * to a day that overlap the range start at most a day before it; the rare longer ones have their
 * own branch. Counting a range alone gives each of its days what counting everything would: an
 * entry that ended before the range cannot change how much of a later entry counts inside it.
 */
export function ledgerWith(parts: LedgerParts, options: LedgerOptions): SQL {
  const { zones, days, los, his } = zoneDays(options.personDays ? parts.all : parts.counted);
  const now = wholeSeconds(options.now).toISOString();
  const project = (column: SQL) => (options.projectId ? sql`and ${column} = ${options.projectId}` : sql``);
  const counted = parts.counted.length > 0;
  const kept = parts.kept.length > 0;
  const timers = parts.timers
    ? sql`union all
      select t.id, t.user_id, t.project_id, t.task_id, date_trunc('second', t.start_time), ${now}::timestamptz
      from bounds b join active_timers t on t.user_id = b.user_id
        and t.start_time < b.hi and t.start_time < ${now}::timestamptz and ${now}::timestamptz > b.lo`
    : sql``;
  const countedPieces = sql`
      -- A local day is within a day of the UTC one (zones are at most 14 hours off): each interval is
      -- joined to its few candidate days by equality, not compared with every day of its person.
      select c.user_id, d.day, c.id as entry_id, c.project_id, c.task_id,
        extract(epoch from least(c.f, d.hi) - greatest(c.cs, d.lo))::bigint as secs
      from counted c
      cross join lateral generate_series((c.cs at time zone 'UTC')::date - 1, (c.f at time zone 'UTC')::date + 1,
        interval '1 day') as g(day)
      join counted_days d on d.user_id = c.user_id and d.day = g.day::date and c.cs < d.hi and c.f > d.lo
      where c.f > c.cs ${project(sql`c.project_id`)}`;
  const lists = options.dayLists;
  // Kept days are listed from their day sums, but for one project's time (its pieces, in `pieces`).
  const keptListed = kept && lists !== undefined && !options.projectId;
  const keptPieces = keptPiecesOf(options);
  // Per person, whole months of the kept runs come from the month sums.
  const split = options.perPerson && !options.projectId && kept ? monthRuns(parts.kept) : undefined;
  const empty = sql`select null::uuid as user_id, null::date as day, null::uuid as entry_id, null::uuid as project_id,
    null::uuid as task_id, null::bigint as secs where false`;
  return sql`with zone_days as (
      select * from unnest(${pgArray(zones)}::text[], ${pgArray(days)}::date[],
        ${pgArray(los)}::timestamptz[], ${pgArray(his)}::timestamptz[]) as z(zone, day, lo, hi)
    ), people as (${rangesTable(parts.all)}
    ), ${
      options.personDays
        ? sql`person_days as materialized (
      select p.user_id, z.day, z.lo, z.hi from people p
      join zone_days z on z.zone = p.zone and z.day between p.from_day and p.to_day
    ), `
        : sql``
    }counted_people as (${counted ? rangesTable(parts.counted) : NO_RANGES}
    ), counted_days as materialized (
      select p.user_id, z.day, z.lo, z.hi from counted_people p
      join zone_days z on z.zone = p.zone and z.day between p.from_day and p.to_day
    ), bounds as materialized (
      select user_id, min(lo) as lo, max(hi) as hi from counted_days group by user_id
    ), raw as (
      select e.id, e.user_id, e.project_id, e.task_id,
        date_trunc('second', e.start_time) as s, date_trunc('second', e.end_time) as f
      from bounds b join time_entries e on e.user_id = b.user_id
        and e.start_time >= b.lo - interval '1 day' and e.start_time < b.hi and e.end_time > b.lo
        and e.end_time - e.start_time <= interval '1 day'
      union all
      select e.id, e.user_id, e.project_id, e.task_id,
        date_trunc('second', e.start_time), date_trunc('second', e.end_time)
      from bounds b join time_entries e on e.user_id = b.user_id
        and e.start_time < b.hi and e.end_time > b.lo and e.end_time - e.start_time > interval '1 day'
      ${timers}
    ), counted as (
      select r.*, greatest(r.s, coalesce(max(r.f) over (
          partition by r.user_id order by r.s, r.id rows between unbounded preceding and 1 preceding), r.s)) as cs
      from raw r
    ), kept_ranges as (${keptRunsOf(parts, split ? split.days : parts.kept)}
    ), kept_months as (${keptRunsOf(parts, split ? split.months : [])}
    ), pieces as (
      ${counted ? countedPieces : empty}
      union all
      ${kept && !keptListed ? keptPieces : empty}
    )${lists ? dayListsOf(lists.origin, keptListed) : sql``}`;
}

/**
 * The `day_lists` CTE (`LedgerOptions.dayLists`): the kept days of each run listed inside its index
 * read of the day sums, and the counted pieces listed per person.
 */
function dayListsOf(origin: string, keptListed: boolean): SQL {
  const pair = (day: SQL, secs: SQL) => sql`(${day} - ${origin}::date) || ':' || ${secs}`;
  const keptLists = keptListed
    ? sql`select r.user_id, k.days from kept_ranges r cross join lateral (
          select string_agg(${pair(sql`k.day`, sql`k.secs`)}, ',') as days from ledger_days k
          where k.user_id = r.user_id and k.day between r.from_day and r.to_day
        ) k
        where k.days is not null
        union all`
    : sql``;
  return sql`, day_lists(user_id, days) as (
      ${keptLists}
      select user_id, string_agg(${pair(sql`day`, sql`secs`)}, ',') from pieces group by user_id
    )`;
}
