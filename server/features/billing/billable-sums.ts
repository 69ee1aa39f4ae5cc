import type { BillableReportQuery } from '@contract/billing';
import { type SQL, sql } from 'drizzle-orm';
import { addDays } from '@contract/zoned-time';
import { inIds, pgArray, rowsOf } from '../../db/rows';
import type { Db } from '../../db/types';
import { ledgerRowsIn } from '../../core/time/ledger';
import { splitRanges } from '../../core/time/ledger-rollup';
import { zonedPeople } from '../../core/time/people';
import type { Context } from '../../lib/context';
import { asSums, billableSumsSelect, entriesFromPieces, pricedEntries } from './billing-sql';

/** One group's part in one currency pair: its seconds and its minor units. */
export type BillableSumRow = {
  key: string | null;
  projectId: string | null;
  currency: string | null;
  costCurrency: string | null;
  nonBillableSeconds: number;
  billableSeconds: number;
  billedSeconds: number;
  unpricedSeconds: number;
  amount: number;
  billedAmount: number;
  /** priced entries of the row that are invoiced, and that are not (a sum of zero still lists its currency) */
  billedEntries: number;
  unbilledEntries: number;
  cost: number;
};

export type SumRow = {
  key: string | null;
  project_id: string | null;
  currency: string | null;
  cost_currency: string | null;
  non_billable: string | number;
  billable: string | number;
  billed: string | number;
  unpriced: string | number;
  amount: string | number;
  billed_amount: string | number;
  billed_n: string | number;
  unbilled_n: string | number;
  cost: string | number;
};

/** A row of `billableSumsSelect` as the report adds it up. */
export const sumRowOf = (r: SumRow): BillableSumRow => ({
  key: r.key,
  projectId: r.project_id,
  currency: r.currency,
  costCurrency: r.cost_currency,
  nonBillableSeconds: Number(r.non_billable),
  billableSeconds: Number(r.billable),
  billedSeconds: Number(r.billed),
  unpricedSeconds: Number(r.unpriced),
  amount: Number(r.amount),
  billedAmount: Number(r.billed_amount),
  billedEntries: Number(r.billed_n),
  unbilledEntries: Number(r.unbilled_n),
  cost: Number(r.cost),
});

/** Days (inclusive) of one person's entries, by the first day each counts on in the range. */
export type FirstDays = { userId: string; from: string; to: string };

/** Who the report covers: some people, or everyone (then the day sums serve, `billing_days`). */
type Who = { everyone: boolean; people: readonly { userId: string; zone: string }[] };

/** `and <column> in (people)` unless the report covers everyone. */
const ofPeople = (who: Who, column: SQL) =>
  who.everyone ? sql`` : sql`and ${column} ${inIds(who.people.map((p) => p.userId))}`;

/**
 * Which entries the kept billing rows and cuts cannot give for this range, as windows of first days
 * per person, and the days of the ledger that hold those entries whole (as the range cuts them); read
 * in the caller's repeatable-read snapshot, with the rows it then reads:
 * - all of a person's range when their ledger has days to count in it, their rows wait for the
 *   refresh, or were priced in another zone;
 * - the range's first day when an entry runs across it and is rounded per day (the cut entry shares
 *   that day's rounding with the day's entries), or runs across the last day too (no cut holds it);
 * - from the first day of an entry rounded per day that runs across the last day, to the end.
 * The ledger is read as many days around a window as its entries span (the longest entry starting in
 * the range, or cut by it).
 */
export async function firstDaysToCount(
  tx: Db,
  who: Who,
  range: { from: string; to: string },
): Promise<{ windows: FirstDays[]; days: FirstDays[] }> {
  const { people } = who;
  const { from, to } = range;
  const rows = await rowsOf<{
    user_id: string;
    whole: boolean;
    head: boolean;
    tail: string | null;
    span: number;
  }>(
    tx,
    sql`select u.user_id::text, true as whole, false as head, null::text as tail, 0 as span
        from unnest(${pgArray(people.map((p) => p.userId))}::uuid[], ${pgArray(people.map((p) => p.zone))}::text[]) as u(user_id, zone)
        where exists (select 1 from billing_stale s where s.user_id = u.user_id)
          or not exists (select 1 from billing_people b where b.user_id = u.user_id and b.zone = u.zone)
      union all
      select user_id::text, false,
          bool_or(side = 'head' and (day_rounded or last_day > ${to}::date)),
          min(first_day) filter (where side = 'tail' and day_rounded and first_day >= ${from}::date)::text,
          max(span)
        from billing_cuts
        where ((side = 'head' and cut_day = ${from}::date) or (side = 'tail' and cut_day = ${to}::date))
          ${ofPeople(who, sql`user_id`)}
        group by user_id
        having bool_or(side = 'head' and (day_rounded or last_day > ${to}::date))
          or bool_or(side = 'tail' and day_rounded and first_day >= ${from}::date)`,
  );
  const whole = new Set(rows.filter((r) => r.whole).map((r) => r.user_id));
  const ranges = people.map((person) => ({ person, ...range }));
  for (const r of (await splitRanges(tx, ranges)).counted) whole.add(r.person.userId);
  const windows: FirstDays[] = [...whole].map((userId) => ({ userId, from, to }));
  // the ledger's days that hold the windows' entries whole (as the range cuts them)
  const days: FirstDays[] = [...windows];
  const cut = rows.filter((r) => !r.whole && !whole.has(r.user_id));
  const spans = await longestEntries(
    tx,
    cut.map((r) => r.user_id),
    range,
  );
  const clip = (day: string) => (day < from ? from : day > to ? to : day);
  for (const r of cut) {
    const span = Math.max(r.span, spans.get(r.user_id) ?? 0);
    const head = r.head ? { from, to: clip(addDays(from, span)) } : null;
    const tail = r.tail ? { from: clip(addDays(r.tail, -span)), to } : null;
    if (head && tail && tail.from <= addDays(head.to, 1)) {
      windows.push({ userId: r.user_id, from, to });
      days.push({ userId: r.user_id, from, to });
      continue;
    }
    if (head) {
      windows.push({ userId: r.user_id, from, to: from });
      days.push({ userId: r.user_id, ...head });
    }
    if (tail) {
      windows.push({ userId: r.user_id, from: r.tail as string, to });
      days.push({ userId: r.user_id, ...tail });
    }
  }
  return { windows, days };
}

/** Per person, the most days any of their entries starting in the range spans beyond its first. */
async function longestEntries(tx: Db, ids: readonly string[], range: { from: string; to: string }) {
  if (ids.length === 0) return new Map<string, number>();
  const rows = await rowsOf<{ user_id: string; span: number }>(
    tx,
    sql`select u.id::text as user_id, x.span from unnest(${pgArray(ids)}::uuid[]) as u(id)
      cross join lateral (
        select coalesce(max(b.last_day - b.first_day), 0) as span from billing_entries b
        where b.user_id = u.id and b.first_day between ${range.from}::date and ${range.to}::date
      ) x`,
  );
  return new Map(rows.map((r) => [r.user_id, Number(r.span)]));
}

/** Each person's days of the range outside their windows, as inclusive runs. */
function keptDays(
  people: readonly { userId: string }[],
  range: { from: string; to: string },
  windows: readonly FirstDays[],
): FirstDays[] {
  const mine = new Map<string, FirstDays[]>();
  for (const w of windows) mine.set(w.userId, [...(mine.get(w.userId) ?? []), w]);
  const runs: FirstDays[] = [];
  for (const { userId } of people) {
    let cursor = range.from;
    for (const w of (mine.get(userId) ?? []).sort((a, b) => (a.from < b.from ? -1 : 1))) {
      if (cursor < w.from) runs.push({ userId, from: cursor, to: addDays(w.from, -1) });
      if (w.to >= cursor) cursor = addDays(w.to, 1);
    }
    if (cursor <= range.to) runs.push({ userId, from: cursor, to: range.to });
  }
  return runs;
}

/** Runs of days per person as a table `name(user_id, lo, hi)`. */
const runsTable = (runs: readonly FirstDays[]) =>
  sql`unnest(${pgArray(runs.map((k) => k.userId))}::uuid[], ${pgArray(runs.map((k) => k.from))}::date[],
    ${pgArray(runs.map((k) => k.to))}::date[])`;

/** The kept rows of these runs of first days, one index range each (lateral, kept from being
 * flattened by offset 0, as the ledger reads its kept pieces: server/core/time/ledger-count.ts). */
const keptRows = (runs: readonly FirstDays[]) =>
  sql`(select x.* from ${runsTable(runs)} as r(user_id, lo, hi) cross join lateral (
      select * from billing_entries x where x.user_id = r.user_id and x.first_day between r.lo and r.hi offset 0
    ) x) kept`;

/** Whether `p`'s person and first day fall in one of the windows. */
const inWindows = (windows: readonly FirstDays[], p: SQL) =>
  sql`exists (select 1 from ${runsTable(windows)} as w(user_id, lo, hi)
    where w.user_id = ${p}.user_id and ${p}.first_day between w.lo and w.hi)`;

/**
 * The kept part of the report, as rows to sum (`asSums`): every entry whose first day in the range
 * lies outside its person's windows, as the range cuts it.
 * - Everyone: the day sums of the range, less the kept rows of the windows; some people: their kept
 *   rows outside the windows.
 * - An entry that runs across the last day is taken away and its cut at the last day counted; one
 *   that runs across the first day (and ends in the range) counts by its cut at the first day.
 */
function keptPart(who: Who, range: { from: string; to: string }, windows: readonly FirstDays[]) {
  const { from, to } = range;
  const outside = sql`not ${inWindows(windows, sql`c`)}`;
  const base = who.everyone
    ? sql`select null::uuid as user_id, project_id, task_id, client_id, currency, cost_currency, billable, invoiced,
          n, secs, bsecs, amount, cost
        from billing_days where day between ${from}::date and ${to}::date
      ${windows.length > 0 ? sql`union all ${asSums(keptRows(windows), -1)}` : sql``}`
    : asSums(keptRows(keptDays(who.people, range, windows)));
  const tails = sql`billing_cuts c where c.side = 'tail' and c.cut_day = ${to}::date
    and c.first_day >= ${from}::date and ${outside} ${ofPeople(who, sql`c.user_id`)}`;
  return sql`${base}
    union all ${asSums(sql`${tails}`)}
    union all ${asSums(sql`billing_entries r where r.entry_id in (select c.entry_id from ${tails})`, -1)}
    union all ${asSums(sql`billing_cuts c where c.side = 'head' and c.cut_day = ${from}::date
      and c.last_day <= ${to}::date and ${outside} ${ofPeople(who, sql`c.user_id`)}`)}`;
}

/**
 * The billable report's sums (docs/product/billing.md#reports), per group, project and currency, so a
 * month of 1,000 people returns a few hundred rows. Entries come from the kept billing rows, their
 * cuts and, for everyone, their day sums where those are exact for the range, else are counted and
 * priced afresh from the ledger (docs/decisions/049-billing-kept-rows.md, 050-billing-day-sums.md);
 * all in one snapshot, all priced by the same SQL (billing-sql.ts), so the figures are the same
 * either way. `everyone`: the people filter selects every user (the day sums hold everyone's rows).
 */
export async function billableSums(
  ctx: Pick<Context, 'db' | 'settings' | 'now'>,
  query: Pick<BillableReportQuery, 'from' | 'to' | 'groupBy'>,
  filters: { people?: SQL; entries?: SQL; everyone?: boolean },
): Promise<BillableSumRow[]> {
  const people = await zonedPeople(ctx.db, filters.people ?? sql`true`, (await ctx.settings()).timeZone);
  if (people.length === 0) return [];
  // the day sums hold no person: a report grouped by person reads each person's rows
  const who: Who = { everyone: !!filters.everyone && query.groupBy !== 'user', people };
  const where = filters.entries ?? sql`true`;
  const rows = await ctx.db.transaction(
    async (t) => {
      const tx = t as unknown as Db;
      const { windows, days } = await firstDaysToCount(tx, who, query);
      const fromKept = await rowsOf<SumRow>(
        tx,
        billableSumsSelect(keptPart(who, query, windows), query.groupBy, where),
      );
      // The ledger's days around the windows, and only the entries of the windows priced.
      const person = new Map(people.map((p) => [p.userId, p]));
      const counted = await ledgerRowsIn<SumRow>(
        tx,
        days.map((d) => ({
          person: person.get(d.userId) as (typeof people)[number],
          from: d.from,
          to: d.to,
        })),
        { now: ctx.now, manyRows: true },
        sql`${entriesFromPieces(inWindows(windows, sql`p`))} ${pricedEntries()}
          ${billableSumsSelect(asSums(sql`priced r`), query.groupBy, where)}`,
      );
      return [...fromKept, ...counted];
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return rows.map(sumRowOf);
}
