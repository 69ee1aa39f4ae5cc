import { zonedDate } from '@contract/zoned-time';
import { sql } from 'drizzle-orm';
import { pgArray, rowsOf } from '../../db/rows';
import type { Db } from '../../db/types';
import { entriesFromPieces, pricedEntries } from './billing-sql';

// The billing's kept rows (docs/decisions/049-billing-kept-rows.md). A write that can change what an
// entry is billed (the entry, its project's billing, a rate) marks the instants of the entries it
// touches (triggers, in the write's own transaction, migration 0033); `refreshBilling` prices those
// entries again from the ledger's kept pieces once the ledger has counted them; the billable report
// reads a person's rows only while nothing of theirs is marked (billable-sums.ts).

type Mark = { id: string; user_id: string; lo_ms: number | null; hi_ms: number | null };
type Person = { id: string; zone: string; kept: string | null; ledger_stale: boolean };

const columns = sql`entry_id, user_id, first_day, last_day, project_id, task_id, client_id, billable, invoiced,
  secs, bsecs, currency, amount, cost_currency, cost, day_rounded`;
const cutColumns = sql`entry_id, side, cut_day, user_id, first_day, last_day, project_id, task_id, client_id,
  billable, invoiced, day_rounded, secs, bsecs, currency, amount, cost_currency, cost`;

/**
 * The cuts of the entries in `whole_pieces` that span more than one day (billing_cuts): for each day
 * after the first, the entry from that day on (`head`), and for each day before the last, up to and
 * with it (`tail`), each as the pieces `entriesFromPieces` prices.
 */
const cutPieces = sql`spans as (
    select entry_id, min(day) as f, max(day) as l from whole_pieces group by entry_id having max(day) > min(day)
  ), pieces as (
    select k.user_id, k.day, k.entry_id, k.project_id, k.task_id, k.secs, 'head' as side, c.cut_day
    from spans s cross join lateral (select s.f + g as cut_day from generate_series(1, s.l - s.f) g) c
    join whole_pieces k on k.entry_id = s.entry_id and k.day >= c.cut_day
    union all
    select k.user_id, k.day, k.entry_id, k.project_id, k.task_id, k.secs, 'tail', c.cut_day
    from spans s cross join lateral (select s.f + g as cut_day from generate_series(0, s.l - s.f - 1) g) c
    join whole_pieces k on k.entry_id = s.entry_id and k.day <= c.cut_day
  )`;

/**
 * The entries to price again for these people and day spans: every entry with a piece on those days
 * (its seconds may have changed) or a kept row starting on them (a deleted or moved entry's old
 * row), and with them every entry that starts on the same day as one of those (old or new first
 * day): per-day rounding groups a person's entries by the day they start on, so a group is priced
 * whole or not at all (an entry across midnight can be touched on its second day while its group
 * is its first day's).
 */
async function entriesToPrice(tx: Db, spans: readonly { userId: string; from: string; to: string }[]) {
  return rowsOf<{ user_id: string; entry_id: string }>(
    tx,
    sql`with s as (
        select * from unnest(${pgArray(spans.map((s) => s.userId))}::uuid[], ${pgArray(spans.map((s) => s.from))}::date[],
          ${pgArray(spans.map((s) => s.to))}::date[]) as s(user_id, from_day, to_day)
      ), touched as (
        select k.user_id, k.entry_id from s
          join ledger_pieces k on k.user_id = s.user_id and k.day between s.from_day and s.to_day
        union
        select b.user_id, b.entry_id from s
          join billing_entries b on b.user_id = s.user_id and b.first_day between s.from_day and s.to_day
      ), first_days as (
        select k.user_id, min(k.day) as day from touched t
          join ledger_pieces k on k.user_id = t.user_id and k.entry_id = t.entry_id
          group by k.user_id, k.entry_id
        union
        select b.user_id, b.first_day from touched t join billing_entries b on b.entry_id = t.entry_id
      )
      select user_id::text, entry_id::text from touched
      union
      select b.user_id::text, b.entry_id::text from first_days f
        join billing_entries b on b.user_id = f.user_id and b.first_day = f.day`,
  );
}

/**
 * Prices the marked entries of these people again and clears the marks it read, in one transaction
 * under a lock of each person (taken in one order, so two instances never deadlock nor write the same
 * person's rows at once). A person whose ledger still has days to count waits for it: billing prices
 * the ledger's kept pieces. A write that lands meanwhile leaves its own mark for the next refresh.
 */
async function refreshPeople(db: Db, ids: readonly string[]) {
  await db.transaction(async (tx) => {
    // one refresh at a time: the day sums they change are shared by everyone (billing_days)
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('billing_days'))`);
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('billing_entries'), hashtext(u::text))
        from unnest(${pgArray([...ids].sort())}::uuid[]) as u order by u`,
    );
    const marks = await rowsOf<Mark>(
      tx,
      sql`select id::text, user_id::text,
          case when isfinite(lo) then (extract(epoch from lo) * 1000)::float8 end as lo_ms,
          case when isfinite(hi) then (extract(epoch from hi) * 1000)::float8 end as hi_ms
        from billing_stale where user_id = any(${pgArray(ids)}::uuid[])`,
    );
    // The zone of each person's kept pieces (the days billing prices are those), and of their rows.
    const people = await rowsOf<Person>(
      tx,
      sql`select l.user_id::text as id, l.zone, b.zone as kept,
          exists (select 1 from ledger_stale s where s.user_id = l.user_id) as ledger_stale
        from ledger_people l left join billing_people b on b.user_id = l.user_id
        where l.user_id = any(${pgArray(ids)}::uuid[])`,
    );
    const ready = people.filter((p) => !p.ledger_stale);
    const known = new Set(people.map((p) => p.id));
    const zones = new Map(ready.map((p) => [p.id, p.zone]));
    const wholly = new Set(ready.filter((p) => p.kept !== p.zone).map((p) => p.id));
    const spans: { userId: string; from: string; to: string }[] = [];
    for (const m of marks) {
      const zone = zones.get(m.user_id);
      if (!zone || wholly.has(m.user_id)) continue;
      if (m.lo_ms === null || m.hi_ms === null) wholly.add(m.user_id);
      else
        spans.push({
          userId: m.user_id,
          from: zonedDate(new Date(Number(m.lo_ms)), zone),
          to: zonedDate(new Date(Number(m.hi_ms)), zone),
        });
    }
    const partly = spans.filter((s) => !wholly.has(s.userId));
    const again = partly.length > 0 ? await entriesToPrice(tx as unknown as Db, partly) : [];
    const whole = [...wholly];
    const entryIds = pgArray(again.map((r) => r.entry_id));
    for (const table of [sql`billing_entries`, sql`billing_cuts`]) {
      if (whole.length > 0)
        await tx.execute(sql`delete from ${table} where user_id = any(${pgArray(whole)}::uuid[])`);
      if (again.length > 0)
        await tx.execute(sql`delete from ${table} where entry_id = any(${entryIds}::uuid[])`);
    }
    if (whole.length > 0 || again.length > 0) {
      const wholePieces = sql`with z as (
            select * from unnest(${pgArray([...zones.keys()])}::uuid[], ${pgArray([...zones.values()])}::text[])
              as z(user_id, zone)
          ), whole_pieces as (
            select k.user_id, k.day, k.entry_id, k.project_id, k.task_id, k.secs
            from ledger_pieces k where k.user_id = any(${pgArray(whole)}::uuid[])
            union all
            select k.user_id, k.day, k.entry_id, k.project_id, k.task_id, k.secs
            from unnest(${pgArray(again.map((r) => r.user_id))}::uuid[], ${entryIds}::uuid[]) as a(user_id, entry_id)
            join z on z.user_id = a.user_id
            join time_entries e on e.id = a.entry_id
            join ledger_pieces k on k.user_id = a.user_id and k.entry_id = a.entry_id
              and k.day between (e.start_time at time zone z.zone)::date and (e.end_time at time zone z.zone)::date
          )`;
      await tx.execute(
        sql`${wholePieces}, pieces as (select * from whole_pieces) ${entriesFromPieces()} ${pricedEntries()}
          insert into billing_entries (${columns}) select ${columns} from priced`,
      );
      await tx.execute(
        sql`${wholePieces}, ${cutPieces} ${entriesFromPieces(sql`true`, true)} ${pricedEntries(true)}
          insert into billing_cuts (${cutColumns}, span)
          select ${cutColumns}, s.l - s.f from priced join spans s using (entry_id)`,
      );
    }
    if (ready.length > 0)
      await tx.execute(
        sql`insert into billing_people (user_id, zone)
          select * from unnest(${pgArray(ready.map((p) => p.id))}::uuid[], ${pgArray(ready.map((p) => p.zone))}::text[])
          on conflict (user_id) do update set zone = excluded.zone`,
      );
    // The marks of the people priced here, and of people who are gone (their rows went with them).
    const done = marks.filter((m) => zones.has(m.user_id) || !known.has(m.user_id)).map((m) => m.id);
    await tx.execute(sql`delete from billing_stale where id = any(${pgArray(done)}::bigint[])`);
  });
}

/**
 * Prices the marked entries of up to `batch` people again (people whose ledger is still counting
 * wait); returns how many people it looked at (0 when nothing is left to do now).
 */
export async function refreshBilling(db: Db, batch = 50): Promise<number> {
  const people = await rowsOf<{ user_id: string }>(
    db,
    sql`select user_id::text from (
        select user_id, min(id) as o from billing_stale group by user_id
        union all
        select b.user_id, 0 from billing_people b join ledger_people l on l.user_id = b.user_id where l.zone <> b.zone
      ) c
      where not exists (select 1 from ledger_stale s where s.user_id = c.user_id)
      group by user_id order by min(o) limit ${batch}`,
  );
  if (people.length > 0)
    await refreshPeople(
      db,
      people.map((p) => p.user_id),
    );
  return people.length;
}

/** Refreshes batch after batch until nothing is left to do now (or `stopped()` says to end). */
export async function refreshAllBilling(db: Db, stopped = () => false) {
  let people = 0;
  while (!stopped()) {
    const n = await refreshBilling(db, 100);
    if (n === 0) break;
    people += n;
  }
  return people;
}
