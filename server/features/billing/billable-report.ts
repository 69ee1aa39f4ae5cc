import type { BillableReport, BillableReportQuery, BillableReportRow } from '@contract/billing';
import { type SQL, sql } from 'drizzle-orm';
import { inIds, rowsOf } from '../../db/rows';
import type { Context } from '../../lib/context';
import { peopleFilter } from '../../core/scope';
import { type MoneyAccess, moneyAccess, seesProjectMoney } from './access';
import { type BillableSumRow, billableSums } from './billable-sums';
import { budgetLines } from './budgets';
import { addMoney, moneyList } from './money';
import { entryScope } from './pricing';

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

function addRow(s: Sums, r: BillableSumRow) {
  // A row has a cost currency only when its entries had a cost rate; a currency only when priced.
  if (r.costCurrency) addMoney(s.costs, r.costCurrency, r.cost);
  s.nonBillableSeconds += r.nonBillableSeconds;
  s.billableSeconds += r.billableSeconds;
  s.billedSeconds += r.billedSeconds;
  s.unbilledSeconds += r.billableSeconds - r.billedSeconds;
  s.unpricedSeconds += r.unpricedSeconds;
  if (!r.currency) return;
  addMoney(s.amounts, r.currency, r.amount);
  if (r.billedEntries > 0) addMoney(s.billed, r.currency, r.billedAmount);
  if (r.unbilledEntries > 0) addMoney(s.unbilled, r.currency, r.amount - r.billedAmount);
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

/** Names of the clients, projects, people or tasks the report's groups are keyed by. */
async function labels(ctx: Context, groupBy: BillableReportQuery['groupBy'], keys: readonly string[]) {
  const source = {
    client: sql`select id, name from clients`,
    project: sql`select id, name from projects`,
    user: sql`select id, first_name || ' ' || last_name as name from users`,
    task: sql`select id, title as name from tasks`,
  }[groupBy];
  const rows = await rowsOf<{ id: string; name: string }>(
    ctx.db,
    sql`select id::text, name from (${source}) s where id ${inIds(keys)}`,
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
  if (query.clientId) filters.push(sql`p.client_id = ${query.clientId}`);
  if (query.projectId) filters.push(sql`p.project_id = ${query.projectId}`);
  const sums = await billableSums(ctx, query, {
    people: scope.people ? sql`${scope.people} and ${people.where}` : people.where,
    entries: sql.join(filters, sql` and `),
    // no person or team asked for and none hidden: every user's entries (the day sums serve)
    everyone: !scope.people && !query.userId && !query.teamId,
  });
  const groups = new Map<string, Sums>();
  const totals = emptySums();
  // A manager's scope holds only projects they manage; an employee's only their own entries.
  const money = sums.every((r) => seesProjectMoney(access, r.projectId)) && canSeeAny(access);
  for (const r of sums) {
    const key = r.key ?? 'none';
    const group = groups.get(key) ?? emptySums();
    groups.set(key, group);
    addRow(group, r);
    addRow(totals, r);
  }
  const names = await labels(
    ctx,
    query.groupBy,
    [...groups.keys()].filter((k) => k !== 'none'),
  );
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
