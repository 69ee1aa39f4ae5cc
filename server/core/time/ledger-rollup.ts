import { addDays, zonedDate } from '@contract/zoned-time';
import { sql } from 'drizzle-orm';
import { pgArray, rowsOf } from '../../db/rows';
import type { Db } from '../../db/types';
import { type LedgerRange, ledgerWith } from './ledger-count';
import { zoneOf } from './people';

// The ledger's kept sums (docs/decisions/042-ledger-rollup.md). A write to time_entries marks the
// instants it touched stale (a trigger, in the write's own transaction); `refreshLedger` counts those
// days again into ledger_pieces; a read takes from the kept sums only the days that are fresh and
// counts the rest, so a read is exact whether or not the refresh has run.

type Mark = { user_id: string; kind: 'zone' | 'stale' | 'timer'; lo_ms: number | null; hi_ms: number | null };

/**
 * The days of `from..to` that the spans touch (to count) and the runs between them (to read from the
 * kept sums), each as inclusive [first, last] days; a null end of a span is unbounded.
 */
function runs(from: string, to: string, spans: readonly [string | null, string | null][]) {
  const clipped = spans
    .map(([lo, hi]): [string, string] => [
      lo === null || lo < from ? from : lo,
      hi === null || hi > to ? to : hi,
    ])
    .filter(([lo, hi]) => lo <= hi);
  const counted = merged(clipped);
  const kept: [string, string][] = [];
  let cursor = from;
  for (const [lo, hi] of counted) {
    if (cursor < lo) kept.push([cursor, addDays(lo, -1)]);
    cursor = addDays(hi, 1);
  }
  if (cursor <= to) kept.push([cursor, to]);
  return { counted, kept };
}

/**
 * Splits the ranges into days to count from the entries and days to read from the kept sums: a
 * person's days are counted when their kept sums were counted in another zone (or never), when a
 * stale mark touches them, and from the day their running timer started on (a timer changes how
 * much of the entries after its start counts). One query for any number of people.
 */
export async function splitRanges(db: Db, ranges: readonly LedgerRange[]) {
  if (ranges.length === 0) return { counted: [], kept: [] };
  const ids = [...new Set(ranges.map((r) => r.person.userId))];
  const zones = new Map(ranges.map((r) => [r.person.userId, r.person.zone]));
  // The people joined to the marks rather than `user_id = any(<1,000 ids>)`: the planner weighs
  // every element of a constant array (2 ms of planning for 1,000 people; docs/performance.md).
  const marks = await rowsOf<Mark>(
    db,
    sql`with p as (
        select * from unnest(${pgArray(ids)}::uuid[], ${pgArray(ids.map((id) => zones.get(id) as string))}::text[])
          as p(user_id, zone)
      )
      select p.user_id::text, 'zone' as kind, null::float8 as lo_ms, null::float8 as hi_ms
        from p left join ledger_people k on k.user_id = p.user_id
        where k.zone is distinct from p.zone
      union all
      select s.user_id::text, 'stale',
        case when isfinite(s.lo) then (extract(epoch from s.lo) * 1000)::float8 end,
        case when isfinite(s.hi) then (extract(epoch from s.hi) * 1000)::float8 end
        from ledger_stale s join p on p.user_id = s.user_id
      union all
      select t.user_id::text, 'timer', (extract(epoch from t.start_time) * 1000)::float8, null
        from active_timers t join p on p.user_id = t.user_id`,
  );
  // Per person: [first, last] day spans to count (inclusive; null = unbounded).
  const spans = new Map<string, [string | null, string | null][]>();
  for (const m of marks) {
    const zone = zones.get(m.user_id) as string;
    const day = (ms: number | null) => (ms === null ? null : zonedDate(new Date(Number(ms)), zone));
    const list = spans.get(m.user_id) ?? [];
    spans.set(m.user_id, list);
    if (m.kind === 'zone') list.push([null, null]);
    else if (m.kind === 'timer') list.push([day(m.lo_ms), null]);
    else list.push([day(m.lo_ms), day(m.hi_ms)]);
  }
  const counted: LedgerRange[] = [];
  const kept: LedgerRange[] = [];
  for (const range of ranges) {
    const mine = spans.get(range.person.userId);
    if (!mine) {
      kept.push(range);
      continue;
    }
    const split = runs(range.from, range.to, mine);
    for (const [from, to] of split.counted) counted.push({ person: range.person, from, to });
    for (const [from, to] of split.kept) kept.push({ person: range.person, from, to });
  }
  return { counted, kept };
}

type StaleRow = { id: string; user_id: string; lo_ms: number | null; hi_ms: number | null };
type PersonRow = {
  id: string;
  own: string | null;
  kept: string | null;
  lo_ms: number | null;
  hi_ms: number | null;
};

const dayOf = (ms: number | string, zone: string) => zonedDate(new Date(Number(ms)), zone);

/**
 * Counts the stale days of these people again into the kept sums and clears the marks it read, in
 * one transaction under a lock of each person (taken in one order, so two refreshes never deadlock
 * and never write the same person's days at once). A write that lands meanwhile leaves its own mark
 * for the next refresh. A handful of statements for the whole batch, however many people.
 */
async function refreshPeople(db: Db, ids: readonly string[], organisationZone: string) {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('ledger_pieces'), hashtext(u::text))
        from unnest(${pgArray([...ids].sort())}::uuid[]) as u order by u`,
    );
    const marks = await rowsOf<StaleRow>(
      tx,
      sql`select id::text, user_id::text,
          case when isfinite(lo) then (extract(epoch from lo) * 1000)::float8 end as lo_ms,
          case when isfinite(hi) then (extract(epoch from hi) * 1000)::float8 end as hi_ms
        from ledger_stale where user_id = any(${pgArray(ids)}::uuid[])`,
    );
    // Another instance's refresh held the locks and counted these days already.
    if (marks.length === 0) return;
    // Each person's zone now, the zone of their kept sums, and the extent of their entries.
    const people = await rowsOf<PersonRow>(
      tx,
      sql`select u.id::text, u.time_zone as own, k.zone as kept,
          (extract(epoch from e.lo) * 1000)::float8 as lo_ms, (extract(epoch from e.hi) * 1000)::float8 as hi_ms
        from users u
        left join ledger_people k on k.user_id = u.id
        left join lateral (select min(start_time) as lo, max(end_time) as hi from time_entries where user_id = u.id) e on true
        where u.id = any(${pgArray(ids)}::uuid[])`,
    );
    const marksOf = new Map<string, StaleRow[]>();
    for (const m of marks) {
      const list = marksOf.get(m.user_id) ?? [];
      list.push(m);
      marksOf.set(m.user_id, list);
    }
    const ranges: LedgerRange[] = [];
    const wholly = new Set<string>();
    for (const p of people) {
      const mine = marksOf.get(p.id);
      if (!mine) continue;
      const zone = zoneOf(p.own, organisationZone);
      const person = { userId: p.id, zone };
      if (p.kept !== zone || mine.some((m) => m.lo_ms === null || m.hi_ms === null)) {
        wholly.add(p.id);
        if (p.lo_ms != null && p.hi_ms != null)
          ranges.push({ person, from: dayOf(p.lo_ms, zone), to: dayOf(p.hi_ms, zone) });
      } else
        for (const [from, to] of merged(mine.map((m) => [dayOf(m.lo_ms!, zone), dayOf(m.hi_ms!, zone)])))
          ranges.push({ person, from, to });
    }
    // A deleted person's pieces went with them (foreign key); their marks go below.
    await tx.execute(sql`delete from ledger_pieces where user_id = any(${pgArray([...wholly])}::uuid[])`);
    const partly = ranges.filter((r) => !wholly.has(r.person.userId));
    // The rows found one index range per person's run of days (lateral, as the reads do), removed by
    // their row ids: as a join with the runs the planner read all of ledger_pieces (100–150 ms for
    // 95 people's days at ×1; docs/performance.md).
    if (partly.length > 0)
      await tx.execute(
        sql`delete from ledger_pieces where ctid = any(array(
            select k.ctid from unnest(${pgArray(partly.map((r) => r.person.userId))}::uuid[],
              ${pgArray(partly.map((r) => r.from))}::date[], ${pgArray(partly.map((r) => r.to))}::date[])
              as r(user_id, from_day, to_day)
            cross join lateral (
              select k.ctid from ledger_pieces k
              where k.user_id = r.user_id and k.day between r.from_day and r.to_day offset 0
            ) k))`,
      );
    if (ranges.length > 0)
      await tx.execute(
        sql`${ledgerWith({ all: ranges, counted: ranges, kept: [], timers: false }, { now: new Date() })}
          insert into ledger_pieces (user_id, day, entry_id, project_id, task_id, secs)
          select user_id, day, entry_id, project_id, task_id, secs from pieces`,
      );
    // Only the people counted here: another's kept zone must not move without their days.
    const counted = people.filter((p) => marksOf.has(p.id));
    if (counted.length > 0)
      await tx.execute(
        sql`insert into ledger_people (user_id, zone)
          select * from unnest(${pgArray(counted.map((p) => p.id))}::uuid[],
            ${pgArray(counted.map((p) => zoneOf(p.own, organisationZone)))}::text[])
          on conflict (user_id) do update set zone = excluded.zone`,
      );
    await tx.execute(
      sql`delete from ledger_stale where id = any(${pgArray(marks.map((m) => m.id))}::bigint[])`,
    );
  });
}

/** Day spans merged where they overlap or touch. */
function merged(spans: [string, string][]): [string, string][] {
  const sorted = [...spans].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const out: [string, string][] = [];
  for (const [from, to] of sorted) {
    const last = out[out.length - 1];
    if (!last || from > addDays(last[1], 1)) out.push([from, to]);
    else if (to > last[1]) last[1] = to;
  }
  return out;
}

/**
 * Counts the stale days of up to `batch` people again; returns how many people it refreshed (0 when
 * nothing was stale). The job calls it until it returns 0.
 */
export async function refreshLedger(db: Db, organisationZone: string, batch = 50): Promise<number> {
  const people = await rowsOf<{ user_id: string }>(
    db,
    sql`select user_id::text from ledger_stale group by user_id order by min(id) limit ${batch}`,
  );
  if (people.length > 0)
    await refreshPeople(
      db,
      people.map((p) => p.user_id),
      organisationZone,
    );
  return people.length;
}

/**
 * Refreshes batch after batch until nothing is stale (or `stopped()` says to end); returns how many
 * people it refreshed.
 */
export async function refreshAllStale(db: Db, organisationZone: string, stopped = () => false) {
  let people = 0;
  while (!stopped()) {
    const n = await refreshLedger(db, organisationZone, 100);
    if (n === 0) break;
    people += n;
  }
  return people;
}

/**
 * Marks every day of the people whose kept sums were counted in another zone than theirs now (a
 * person's or the organisation's zone changed): reads count their days afresh until the refresh.
 */
export async function markZoneChanges(db: Db, organisationZone: string): Promise<number> {
  const rows = await rowsOf<{ user_id: string; kept: string; own: string | null }>(
    db,
    sql`select k.user_id::text, k.zone as kept, u.time_zone as own
      from ledger_people k join users u on u.id = k.user_id`,
  );
  const changed = rows.filter((r) => zoneOf(r.own, organisationZone) !== r.kept).map((r) => r.user_id);
  if (changed.length === 0) return 0;
  await db.execute(
    sql`insert into ledger_stale (user_id, lo, hi)
      select u, '-infinity', 'infinity' from unnest(${pgArray(changed)}::uuid[]) as u
      where not exists (select 1 from ledger_stale s where s.user_id = u and s.lo = '-infinity')`,
  );
  return changed.length;
}
