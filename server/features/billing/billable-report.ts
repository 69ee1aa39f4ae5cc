import type { BillableReport, BillableReportQuery, BillableReportRow } from '@contract/billing';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { Context } from '../../lib/context';
import { peopleFilter } from '../../core/scope';
import { type MoneyAccess, moneyAccess, seesProjectMoney } from './access';
import { budgetLines } from './budgets';
import { ledgerEntries } from './ledger-entries';
import { addMoney, type LedgerEntry, moneyList } from './money';
import { entryScope, type PricedEntry, priceEntries, rateBook } from './pricing';

type Figures = Omit<BillableReportRow, 'key' | 'label'>;
type Sums = {
  billableSeconds: number;
  unbilledSeconds: number;
  billedSeconds: number;
  nonBillableSeconds: number;
  unpricedSeconds: number;
  amounts: Map<string, number>;
  unbilled: Map<string, number>;
  billed: Map<string, number>;
  costs: Map<string, number>;
};
const emptySums = (): Sums => ({
  billableSeconds: 0,
  unbilledSeconds: 0,
  billedSeconds: 0,
  nonBillableSeconds: 0,
  unpricedSeconds: 0,
  amounts: new Map(),
  unbilled: new Map(),
  billed: new Map(),
  costs: new Map(),
});

function addEntry(s: Sums, e: PricedEntry) {
  if (e.cost) addMoney(s.costs, e.cost.currency, e.cost.minor);
  if (!e.billable) {
    s.nonBillableSeconds += e.seconds;
    return;
  }
  s.billableSeconds += e.billedSeconds;
  if (e.invoiceId) s.billedSeconds += e.billedSeconds;
  else s.unbilledSeconds += e.billedSeconds;
  if (!e.amount) {
    s.unpricedSeconds += e.billedSeconds;
    return;
  }
  addMoney(s.amounts, e.amount.currency, e.amount.minor);
  addMoney(e.invoiceId ? s.billed : s.unbilled, e.amount.currency, e.amount.minor);
}

const figuresOf = (s: Sums, money: boolean, cost: boolean): Figures => ({
  billableSeconds: s.billableSeconds,
  unbilledSeconds: s.unbilledSeconds,
  billedSeconds: s.billedSeconds,
  nonBillableSeconds: s.nonBillableSeconds,
  unpricedSeconds: s.unpricedSeconds,
  amounts: money ? moneyList(s.amounts) : null,
  unbilledAmounts: money ? moneyList(s.unbilled) : null,
  billedAmounts: money ? moneyList(s.billed) : null,
  costs: cost ? moneyList(s.costs) : null,
});

/** Names of the clients, projects, people and tasks of the entries, by id. */
async function labels(ctx: Context, entries: readonly LedgerEntry[]) {
  const ids = (pick: (e: LedgerEntry) => string | null) =>
    `{${[...new Set(entries.map(pick).filter((id): id is string => !!id))].join(',')}}`;
  const rows = await rowsOf<{ id: string; name: string }>(
    ctx.db,
    sql`select id::text, name from clients where id = any(${ids((e) => e.clientId)}::uuid[])
        union all select id::text, name from projects where id = any(${ids((e) => e.projectId)}::uuid[])
        union all select id::text, first_name || ' ' || last_name from users where id = any(${ids((e) => e.userId)}::uuid[])
        union all select id::text, title from tasks where id = any(${ids((e) => e.taskId)}::uuid[])`,
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * The billable report (docs/product/billing.md#reports): per client, project, person or task, the
 * billable seconds (rounded as each project says), billed and unbilled, and their amounts per
 * currency for those who may see them; admins also get the internal cost.
 */
export async function billableReport(ctx: Context, query: BillableReportQuery): Promise<BillableReport> {
  const access = await moneyAccess(ctx);
  const scope = entryScope(ctx, access);
  // The person and team filters narrow the entries the caller's money scope holds, never widen them.
  const people = await peopleFilter(ctx, query);
  const filters: SQL[] = [scope.entries];
  if (query.clientId) filters.push(sql`pr.client_id = ${query.clientId}`);
  if (query.projectId) filters.push(sql`p.project_id = ${query.projectId}`);
  // Summed into groups, so the entries' order does not matter: the database skips sorting them.
  const entries = await ledgerEntries(
    ctx,
    query,
    {
      people: scope.people ? sql`${scope.people} and ${people.where}` : people.where,
      entries: sql.join(filters, sql` and `),
    },
    { ordered: false },
  );
  const priced = priceEntries(entries, await rateBook(ctx));
  const names = await labels(ctx, entries);
  const keyOf = (e: LedgerEntry) =>
    ({ client: e.clientId, project: e.projectId, user: e.userId, task: e.taskId })[query.groupBy] ?? 'none';
  const groups = new Map<string, Sums>();
  const totals = emptySums();
  // A manager's scope holds only projects they manage; an employee's only their own entries.
  const money = priced.every((e) => seesProjectMoney(access, e.projectId)) && canSeeAny(access);
  for (const e of priced) {
    const key = keyOf(e);
    const sums = groups.get(key) ?? emptySums();
    groups.set(key, sums);
    addEntry(sums, e);
    addEntry(totals, e);
  }
  const rows = [...groups.entries()]
    .map(([key, s]) => ({ key, label: names.get(key) ?? '', ...figuresOf(s, money, access.cost) }))
    .sort((a, b) => b.billableSeconds - a.billableSeconds || a.label.localeCompare(b.label));
  return {
    from: query.from,
    to: query.to,
    groupBy: query.groupBy,
    rows,
    totals: figuresOf(totals, money, access.cost),
    moneyVisible: money,
    costVisible: access.cost,
    budgets: await budgetLines(ctx, access, query),
  };
}

const canSeeAny = (access: MoneyAccess) =>
  access.projects === 'all' || (access.role === 'employee' ? access.ownAmounts : true);
