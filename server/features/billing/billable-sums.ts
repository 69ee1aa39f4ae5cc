import type { BillableReportQuery } from '@contract/billing';
import { type SQL, sql } from 'drizzle-orm';
import { pgArray, rowsOf } from '../../db/rows';
import type { Db } from '../../db/types';
import { ledgerRowsIn } from '../../core/time/ledger';
import { splitRanges } from '../../core/time/ledger-rollup';
import { timePeople } from '../../core/time/people';
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

type SumRow = {
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

/**
 * The people whose kept billing rows cannot give this range's figures: their ledger has days to
 * count in it, their rows wait for the refresh or were counted in another zone, or one of their
 * entries runs across the range's first or last day (the report counts only its days inside).
 * Read in the caller's repeatable-read snapshot, with the rows it then reads.
 */
export async function peopleToCount(
  tx: Db,
  people: readonly { userId: string; zone: string }[],
  range: { from: string; to: string },
) {
  const ids = pgArray(people.map((p) => p.userId));
  const rows = await rowsOf<{ user_id: string }>(
    tx,
    sql`select u.user_id::text from unnest(${ids}::uuid[], ${pgArray(people.map((p) => p.zone))}::text[]) as u(user_id, zone)
        where exists (select 1 from billing_stale s where s.user_id = u.user_id)
          or not exists (select 1 from billing_people b where b.user_id = u.user_id and b.zone = u.zone)
      union
      select user_id::text from billing_entries
        where last_day > first_day and last_day >= ${range.from}::date and user_id = any(${ids}::uuid[])
          and (first_day < ${range.from}::date or (first_day <= ${range.to}::date and last_day > ${range.to}::date))`,
  );
  const toCount = new Set(rows.map((r) => r.user_id));
  const ranges = people.map((person) => ({ person, ...range }));
  for (const r of (await splitRanges(tx, ranges)).counted) toCount.add(r.person.userId);
  return toCount;
}

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
  const people = await timePeople(
    ctx.db,
    filters.people ?? sql`true`,
    (await ctx.settings()).timeZone,
    query,
    { off: 'none' },
  );
  if (people.length === 0) return [];
  const where = filters.entries ?? sql`true`;
  const rows = await ctx.db.transaction(
    async (t) => {
      const tx = t as unknown as Db;
      const ranges = people.map((person) => ({ person, from: query.from, to: query.to }));
      const toCount = await peopleToCount(tx, people, query);
      const kept = people.filter((p) => !toCount.has(p.userId)).map((p) => p.userId);
      const fromKept =
        kept.length === 0
          ? []
          : await rowsOf<SumRow>(
              tx,
              billableSumsSelect(
                sql`(select * from billing_entries where user_id = any(${pgArray(kept)}::uuid[])
                  and first_day between ${query.from}::date and ${query.to}::date)`,
                query.groupBy,
                where,
              ),
            );
      const counted = await ledgerRowsIn<SumRow>(
        tx,
        ranges.filter((r) => toCount.has(r.person.userId)),
        { now: ctx.now, manyRows: true },
        sql`${entriesFromPieces} ${pricedEntries} ${billableSumsSelect(sql`priced`, query.groupBy, where)}`,
      );
      return [...fromKept, ...counted];
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return rows.map((r) => ({
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
  }));
}
