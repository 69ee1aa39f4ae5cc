import type { BillableReportQuery } from '@contract/billing';
import { type SQL, sql } from 'drizzle-orm';
import { addDays } from '@contract/zoned-time';
import { pgArray, rowsOf } from '../../db/rows';
import type { Db } from '../../db/types';
import { ledgerRowsIn } from '../../core/time/ledger';
import { splitRanges } from '../../core/time/ledger-rollup';
import { zonedPeople } from '../../core/time/people';
import type { Context } from '../../lib/context';
import { billableSumsSelect, entriesFromPieces, pricedEntries } from './billing-sql';

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

/**
 * Which entries the kept billing rows cannot give for this range, as windows of first days per
 * person, and the days of the ledger that hold those entries whole (as the range cuts them); read in
 * the caller's repeatable-read snapshot, with the rows it then reads:
 * - all of a person's range when their ledger has days to count in it, their rows wait for the
 *   refresh, or were priced in another zone;
 * - for an entry that runs across the range's first day, that day (the range cuts the entry: it
 *   counts there with its days inside only, and shares the day's rounding with the day's entries);
 * - for one that runs across the last day, from its first day to the end.
 * An entry spans at most as many days as the person's longest kept one ending in the range or later
 * (`span`), so the ledger is read that many days around a window, not over the whole range.
 */
export async function firstDaysToCount(
  tx: Db,
  people: readonly { userId: string; zone: string }[],
  range: { from: string; to: string },
): Promise<{ windows: FirstDays[]; days: FirstDays[] }> {
  const ids = pgArray(people.map((p) => p.userId));
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
        from unnest(${ids}::uuid[], ${pgArray(people.map((p) => p.zone))}::text[]) as u(user_id, zone)
        where exists (select 1 from billing_stale s where s.user_id = u.user_id)
          or not exists (select 1 from billing_people b where b.user_id = u.user_id and b.zone = u.zone)
      union all
      select user_id::text, false, bool_or(first_day < ${from}::date),
          min(first_day) filter (where first_day between ${from}::date and ${to}::date and last_day > ${to}::date)::text,
          max(last_day - first_day)
        from billing_entries
        where last_day > first_day and last_day >= ${from}::date and user_id = any(${ids}::uuid[])
        group by user_id
        having bool_or(first_day < ${from}::date or (first_day <= ${to}::date and last_day > ${to}::date))`,
  );
  const whole = new Set(rows.filter((r) => r.whole).map((r) => r.user_id));
  const ranges = people.map((person) => ({ person, ...range }));
  for (const r of (await splitRanges(tx, ranges)).counted) whole.add(r.person.userId);
  const windows: FirstDays[] = [...whole].map((userId) => ({ userId, from, to }));
  // the ledger's days that hold the windows' entries whole (as the range cuts them)
  const days: FirstDays[] = [...windows];
  const clip = (day: string) => (day < from ? from : day > to ? to : day);
  for (const r of rows) {
    if (r.whole || whole.has(r.user_id)) continue;
    const head = r.head ? { from, to: clip(addDays(from, r.span)) } : null;
    const tail = r.tail ? { from: clip(addDays(r.tail, -r.span)), to } : null;
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

/** Whether `p`'s person and first day fall in one of the windows. */
const inWindows = (windows: readonly FirstDays[], p: SQL) =>
  sql`exists (select 1 from unnest(${pgArray(windows.map((w) => w.userId))}::uuid[],
      ${pgArray(windows.map((w) => w.from))}::date[], ${pgArray(windows.map((w) => w.to))}::date[]) as w(user_id, lo, hi)
    where w.user_id = ${p}.user_id and ${p}.first_day between w.lo and w.hi)`;

/**
 * The billable report's sums (docs/product/billing.md#reports), per group, project and currency, so a
 * month of 1,000 people returns a few hundred rows. Each person's entries come from the kept billing
 * rows when those are exact for the range, else are counted and priced afresh from the ledger
 * (docs/decisions/049-billing-kept-rows.md); both in one snapshot, both priced by the same SQL
 * (billing-sql.ts), so the figures are the same either way.
 */
export async function billableSums(
  ctx: Pick<Context, 'db' | 'settings' | 'now'>,
  query: Pick<BillableReportQuery, 'from' | 'to' | 'groupBy'>,
  filters: { people?: SQL; entries?: SQL },
): Promise<BillableSumRow[]> {
  const people = await zonedPeople(ctx.db, filters.people ?? sql`true`, (await ctx.settings()).timeZone);
  if (people.length === 0) return [];
  const where = filters.entries ?? sql`true`;
  const rows = await ctx.db.transaction(
    async (t) => {
      const tx = t as unknown as Db;
      const { windows, days } = await firstDaysToCount(tx, people, query);
      // Each person's days outside their windows, one index range each (lateral, kept from being
      // flattened by offset 0, as the ledger reads its kept pieces: server/core/time/ledger-count.ts).
      const kept = keptDays(people, query, windows);
      const fromKept =
        kept.length === 0
          ? []
          : await rowsOf<SumRow>(
              tx,
              billableSumsSelect(
                sql`(select x.* from unnest(${pgArray(kept.map((k) => k.userId))}::uuid[],
                    ${pgArray(kept.map((k) => k.from))}::date[], ${pgArray(kept.map((k) => k.to))}::date[]) as r(user_id, lo, hi)
                  cross join lateral (
                    select * from billing_entries x
                    where x.user_id = r.user_id and x.first_day between r.lo and r.hi offset 0
                  ) x)`,
                query.groupBy,
                where,
              ),
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
        sql`${entriesFromPieces(inWindows(windows, sql`p`))} ${pricedEntries} ${billableSumsSelect(sql`priced`, query.groupBy, where)}`,
      );
      return [...fromKept, ...counted];
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return rows.map(sumRowOf);
}
