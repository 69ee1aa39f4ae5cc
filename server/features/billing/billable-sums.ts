import type { BillableReportQuery } from '@contract/billing';
import { type SQL, sql } from 'drizzle-orm';
import { ledgerRows } from '../../core/time/ledger';
import { timePeople } from '../../core/time/people';
import type { Context } from '../../lib/context';

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

/** A rate's scope as the rate book ranks it (server/features/billing/money.ts, `rateLevel`); cost rates -1. */
const rateLevel = sql`case
  when kind = 'cost' then -1
  when project_id is not null and user_id is not null then 3
  when project_id is not null then 2
  when client_id is not null then 1
  else 0 end`;

/**
 * The billable report's sums, priced in the database (docs/product/billing.md#reports): the same
 * entries, seconds, rounding and rates as `ledgerEntries` + `priceEntries` give one by one (the
 * invoices and budgets use those), summed per group, project and currency, so a month of 1,000
 * people returns a few hundred rows instead of 80,000 entries to price in Node.
 *
 * - Time is rounded per entry, or per person, project and day with the added seconds on the day's
 *   entry with the greatest id (`billedSeconds`).
 * - A rate is the most specific scope with a rate in effect on the entry's first day, and within it
 *   the latest effective-from, the lowest id among equals (`RateBook`): here each scope's rates as
 *   periods [effective-from, next effective-from), joined by the scope's key.
 * - An amount is seconds × rate per hour ÷ 3600 rounded half up once per entry, in exact integers.
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
  );
  const key = {
    client: sql`x.client_id`,
    project: sql`x.project_id`,
    user: sql`x.user_id`,
    task: sql`x.task_id`,
  }[query.groupBy];
  const rows = await ledgerRows<{
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
  }>(
    ctx.db,
    people.map((person) => ({ person, from: query.from, to: query.to })),
    { now: ctx.now, manyRows: true },
    sql`, entry_pieces as (
          select entry_id, user_id, project_id, task_id, min(day) as day, sum(secs)::bigint as secs
          from pieces group by entry_id, user_id, project_id, task_id
        ), entries as (
          -- as ledgerEntries reads them: billing columns only for the marked entries, tasks in the
          -- Trash named nowhere, a running timer not billed until it stops
          select p.entry_id, p.user_id, p.project_id,
            case when gone.id is null then p.task_id end as task_id, pr.client_id, p.day, p.secs,
            coalesce(e.billable, pr.billable, false) as billable, e.invoice_id is not null as invoiced,
            coalesce(pr.rounding_minutes, 0) as rmin, coalesce(pr.rounding_scope, 'entry') as rscope
          from entry_pieces p
          left join time_entries e on e.id = p.entry_id
            and (e.billable is not null or e.invoice_id is not null)
          left join projects pr on pr.id = p.project_id
          left join tasks gone on gone.id = p.task_id and gone.deleted_at is not null
          where p.secs > 0 and not exists (select 1 from active_timers t where t.id = p.entry_id)
            and ${filters.entries ?? sql`true`}
        ), billed as (
          -- per entry (or unrounded), without a window; per day, the day's sum rounded up, the added
          -- seconds on the entry with the greatest id
          select x.*, case
              when not x.billable then 0
              when x.rmin <= 0 then x.secs
              else ceil(x.secs / (x.rmin * 60.0))::bigint * x.rmin * 60 end as bsecs
          from entries x where not (x.billable and x.rmin > 0 and x.rscope = 'day')
          union all
          select x.*, case
              when x.entry_id::text = max(x.entry_id::text) over day_group
                then x.secs + ceil(sum(x.secs) over day_group / (x.rmin * 60.0))::bigint * x.rmin * 60
                  - sum(x.secs) over day_group
              else x.secs end as bsecs
          from entries x where x.billable and x.rmin > 0 and x.rscope = 'day'
          window day_group as (partition by x.user_id, x.project_id, x.day)
        ), periods as (
          -- each scope's rates as periods from one effective-from to the next; among rates of one
          -- scope and day, the lowest id
          select level, client_id, project_id, user_id, amount_minor, currency, effective_from,
            lead(effective_from) over (partition by level, client_id, project_id, user_id
              order by effective_from) as until
          from (
            select distinct on (${rateLevel}, client_id, project_id, user_id, effective_from)
              ${rateLevel} as level, client_id, project_id, user_id, amount_minor, currency, effective_from
            from rates order by ${rateLevel}, client_id, project_id, user_id, effective_from, id
          ) r
        ), priced as (
          select b.*,
            coalesce(pu.amount_minor, pp.amount_minor, pc.amount_minor, po.amount_minor) as rate,
            coalesce(pu.currency, pp.currency, pc.currency, po.currency) as currency,
            cr.amount_minor as cost_rate, cr.currency as cost_currency
          from billed b
          left join periods pu on b.billable and pu.level = 3 and pu.project_id = b.project_id
            and pu.user_id = b.user_id and b.day >= pu.effective_from and (pu.until is null or b.day < pu.until)
          left join periods pp on b.billable and pp.level = 2 and pp.project_id = b.project_id
            and b.day >= pp.effective_from and (pp.until is null or b.day < pp.until)
          left join periods pc on b.billable and pc.level = 1 and pc.client_id = b.client_id
            and b.day >= pc.effective_from and (pc.until is null or b.day < pc.until)
          left join periods po on b.billable and po.level = 0
            and b.day >= po.effective_from and (po.until is null or b.day < po.until)
          left join periods cr on cr.level = -1 and cr.user_id = b.user_id
            and b.day >= cr.effective_from and (cr.until is null or b.day < cr.until)
        ), amounts as (
          select x.*,
            case when x.rate is not null then div(x.bsecs::numeric * x.rate * 2 + 3600, 7200) end as amount,
            case when x.cost_rate is not null then div(x.secs::numeric * x.cost_rate * 2 + 3600, 7200) end as cost
          from priced x
        )
        select ${key}::text as key, x.project_id::text as project_id, x.currency, x.cost_currency,
          coalesce(sum(x.secs) filter (where not x.billable), 0) as non_billable,
          coalesce(sum(x.bsecs) filter (where x.billable), 0) as billable,
          coalesce(sum(x.bsecs) filter (where x.billable and x.invoiced), 0) as billed,
          coalesce(sum(x.bsecs) filter (where x.billable and x.amount is null), 0) as unpriced,
          coalesce(sum(x.amount) filter (where x.billable), 0) as amount,
          coalesce(sum(x.amount) filter (where x.billable and x.invoiced), 0) as billed_amount,
          count(*) filter (where x.amount is not null and x.invoiced) as billed_n,
          count(*) filter (where x.amount is not null and not x.invoiced) as unbilled_n,
          coalesce(sum(x.cost), 0) as cost
        from amounts x
        group by 1, 2, 3, 4`,
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
