import type { BillableReportQuery } from '@contract/billing';
import { type SQL, sql } from 'drizzle-orm';

// How billing prices entries, as SQL (docs/product/billing.md#rates): the same seconds, rounding and
// rates as `ledgerEntries` + `priceEntries` give one by one in Node. Used by the billable report for
// the people it counts afresh and by the refresh that keeps every entry's price
// (docs/decisions/049-billing-kept-rows.md), so both give the same rows.

/**
 * From the ledger's `pieces` (server/core/time/ledger-count.ts, or kept pieces read the same way) to
 * `entries`: one row per entry over the days read, on the first of them, with what billing reads of
 * the entry and its project. Only entries switched by hand or invoiced have billing columns of their
 * own (read through the small partial index time_entries_marked_idx); the others follow their
 * project. A running timer is not billed until it stops. `only` narrows the entries before they are
 * priced (on `p`: user_id, first_day). `cuts` prices an entry once per cut of it instead (the
pieces carry `side` and `cut_day`, billing-kept.ts).
 */
export const entriesFromPieces = (only: SQL = sql`true`, cuts = false) => {
  const cut = cuts ? sql`, side, cut_day` : sql``;
  return sql`, entry_pieces as (
    select entry_id, user_id, project_id, task_id ${cut}, min(day) as day, min(day) as first_day, max(day) as last_day,
      sum(secs)::bigint as secs
    from pieces group by entry_id, user_id, project_id, task_id ${cut}
  ), entries as (
    select p.entry_id, p.user_id, p.project_id, p.task_id ${cuts ? sql`, p.side, p.cut_day` : sql``}, pr.client_id, p.day, p.last_day, p.secs,
      coalesce(e.billable, pr.billable, false) as billable, e.invoice_id is not null as invoiced,
      coalesce(pr.rounding_minutes, 0) as rmin, coalesce(pr.rounding_scope, 'entry') as rscope
    from entry_pieces p
    left join time_entries e on e.id = p.entry_id
      and (e.billable is not null or e.invoice_id is not null)
    left join projects pr on pr.id = p.project_id
    where p.secs > 0 and not exists (select 1 from active_timers t where t.id = p.entry_id) and ${only}
  )`;
};

/** A rate's scope as the rate book ranks it (server/features/billing/money.ts, `rateLevel`); cost rates -1. */
const rateLevel = sql`case
  when kind = 'cost' then -1
  when project_id is not null and user_id is not null then 3
  when project_id is not null then 2
  when client_id is not null then 1
  else 0 end`;

/**
 * From `entries` to `priced`: each entry with its billed seconds, amount and cost, in the columns of
 * `billing_entries` (with `cuts`, of `billing_cuts`: each cut of an entry priced on its own).
 *
 * - Time is rounded per entry, or per person, project and day with the added seconds on the day's
 *   entry with the greatest id (`bsecs`).
 * - A rate is the most specific scope with a rate in effect on the entry's first day, and within it
 *   the latest effective-from, the lowest id among equals (`RateBook`): here each scope's rates as
 *   periods [effective-from, next effective-from), joined by the scope's key.
 * - An amount is seconds × rate per hour ÷ 3600 rounded half up once per entry, in exact integers.
 */
export const pricedEntries = (cuts = false) => sql`, billed as (
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
    window day_group as (partition by x.user_id, x.project_id, x.day ${cuts ? sql`, x.side, x.cut_day` : sql``})
  ), periods as (
    select level, client_id, project_id, user_id, amount_minor, currency, effective_from,
      lead(effective_from) over (partition by level, client_id, project_id, user_id
        order by effective_from) as until
    from (
      select distinct on (${rateLevel}, client_id, project_id, user_id, effective_from)
        ${rateLevel} as level, client_id, project_id, user_id, amount_minor, currency, effective_from
      from rates order by ${rateLevel}, client_id, project_id, user_id, effective_from, id
    ) r
  ), rated as (
    -- the most specific level with a period in effect on the entry's day (within a level, one scope's
    -- periods do not overlap); one pass over the few periods per entry instead of a join per level
    select b.*, br.amount_minor as rate, br.currency, cr.amount_minor as cost_rate, cr.currency as cost_currency
    from billed b
    left join lateral (
      select r.amount_minor, r.currency from periods r
      where b.billable and r.level >= 0 and b.day >= r.effective_from and (r.until is null or b.day < r.until)
        and case r.level
          when 3 then r.project_id = b.project_id and r.user_id = b.user_id
          when 2 then r.project_id = b.project_id
          when 1 then r.client_id = b.client_id
          else true end
      order by r.level desc limit 1
    ) br on true
    left join lateral (
      select r.amount_minor, r.currency from periods r
      where r.level = -1 and r.user_id = b.user_id and b.day >= r.effective_from
        and (r.until is null or b.day < r.until)
      limit 1
    ) cr on true
  ), priced as (
    select x.entry_id, ${cuts ? sql`x.side, x.cut_day,` : sql``} x.user_id, x.day as first_day, x.last_day,
      x.project_id, x.task_id, x.client_id, x.billable, x.invoiced, x.secs, x.bsecs, x.currency,
      case when x.rate is not null then div(x.bsecs::numeric * x.rate * 2 + 3600, 7200)::bigint end as amount,
      x.cost_currency,
      case when x.cost_rate is not null then div(x.secs::numeric * x.cost_rate * 2 + 3600, 7200)::bigint end as cost,
      x.billable and x.rmin > 0 and x.rscope = 'day' as day_rounded
    from rated x
  )`;

/**
 * Priced rows (`billing_entries`, `billing_cuts` or the `priced` of `pricedEntries`) in the shape the
 * report sums (`billableSumsSelect`): one entry each, counted `sign` times (-1 takes a row away from
 * sums that hold it, as the day sums do). `rows` is a FROM item with those columns unqualified.
 */
export const asSums = (rows: SQL, sign: 1 | -1 = 1) => {
  const s = sql.raw(String(sign));
  return sql`select user_id, project_id, task_id, client_id, currency, cost_currency, billable, invoiced,
      ${s} as n, ${s} * secs as secs, ${s} * bsecs as bsecs, ${s} * amount as amount, ${s} * cost as cost
    from ${rows}`;
};

/**
 * The report's sums over rows shaped by `asSums` or read from `billing_days` (`relation`, named `p`:
 * user_id, project_id, task_id, client_id, currency, cost_currency, billable, invoiced, n entries,
 * secs, bsecs, amount, cost), one row per group, project and currency pair; `where` narrows the rows
 * (on `p`). An entry is priced when it has a currency (then it has an amount). Summed in two steps:
 * plain sums per group and state first (one pass over many rows), then the report's figures from
 * those few rows; a group whose rows cancel out (taken away, then counted afresh elsewhere) is none.
 */
export function billableSumsSelect(relation: SQL, groupBy: BillableReportQuery['groupBy'], where: SQL) {
  const key = {
    client: sql`p.client_id`,
    project: sql`p.project_id`,
    user: sql`p.user_id`,
    // a task in the Trash is named nowhere (docs/product/tasks.md#deleting)
    task: sql`case when gone.id is null then p.task_id end`,
  }[groupBy];
  return sql`select key::text, project_id::text, currency, cost_currency,
      coalesce(sum(secs) filter (where not billable), 0) as non_billable,
      coalesce(sum(bsecs) filter (where billable), 0) as billable,
      coalesce(sum(bsecs) filter (where billable and invoiced), 0) as billed,
      coalesce(sum(bsecs) filter (where billable and unpriced), 0) as unpriced,
      coalesce(sum(amount) filter (where billable), 0) as amount,
      coalesce(sum(amount) filter (where billable and invoiced), 0) as billed_amount,
      coalesce(sum(priced) filter (where invoiced), 0) as billed_n,
      coalesce(sum(priced) filter (where not invoiced), 0) as unbilled_n,
      coalesce(sum(cost), 0) as cost
    from (
      select ${key} as key, p.project_id, p.currency, p.cost_currency, p.billable, p.invoiced,
        p.currency is null as unpriced, sum(p.secs) as secs, sum(p.bsecs) as bsecs, sum(p.amount) as amount,
        sum(p.n) filter (where p.currency is not null) as priced, sum(p.cost) as cost
      from (${relation}) p
      ${groupBy === 'task' ? sql`left join tasks gone on gone.id = p.task_id and gone.deleted_at is not null` : sql``}
      where ${where}
      group by 1, 2, 3, 4, 5, 6, 7
      having sum(p.n) <> 0
    ) s
    group by 1, 2, 3, 4`;
}
