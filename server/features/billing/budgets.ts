import type { BillableReport, BillableReportQuery } from '@contract/billing';
import { addDays, zonedDate } from '@contract/zoned-time';
import { type SQL, sql } from 'drizzle-orm';
import { inIds, rowsOf } from '../../db/rows';
import type { Context } from '../../lib/context';
import { announceNotifications, notify } from '../../core/notify';
import { type MoneyAccess, seesProjectMoney } from './access';
import { ledgerEntries } from './ledger-entries';
import { priceEntries, rateBook } from './pricing';

type BudgetContext = Pick<Context, 'db' | 'now' | 'settings' | 'mailer' | 'config' | 'events' | 'log'>;

export type BudgetRow = {
  id: string;
  name: string;
  kind: 'hours' | 'money';
  period: 'total' | 'month';
  amount: number;
  currency: string | null;
  thresholds: number[];
};

export type Burn = { period: string; used: number; share: number };

/** The budgeted projects `where` selects (on `pr`). */
export async function budgetedProjects(
  ctx: Pick<Context, 'db'>,
  where: SQL = sql`true`,
): Promise<BudgetRow[]> {
  const rows = await rowsOf<{
    id: string;
    name: string;
    kind: 'hours' | 'money';
    period: 'total' | 'month';
    amount: string | number;
    currency: string | null;
    thresholds: number[];
  }>(
    ctx.db,
    sql`select pr.id::text, pr.name, pr.budget_kind as kind, pr.budget_period as period, pr.budget_amount as amount,
          pr.budget_currency as currency, pr.budget_thresholds as thresholds
        from projects pr where pr.budget_kind is not null and pr.budget_amount > 0 and ${where}
        order by pr.name, pr.id`,
  );
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

/** The month of `now` in the organisation's zone, as its first and last day and 'YYYY-MM'. */
export function monthOf(now: Date, zone: string) {
  const today = zonedDate(now, zone);
  const from = `${today.slice(0, 7)}-01`;
  const next = addDays(`${today.slice(0, 7)}-28`, 4);
  return { key: today.slice(0, 7), from, to: addDays(`${next.slice(0, 7)}-01`, -1), today };
}

/**
 * Each budget's use in its current period (docs/product/billing.md#budgets): hours budgets count
 * every tracked second on the project (billable time as billed, rounded), money budgets the
 * billable amounts in the budget's currency. A total budget counts from the project's first entry.
 */
export async function burnOf(ctx: Pick<Context, 'db' | 'settings' | 'now'>, budgets: readonly BudgetRow[]) {
  const burns = new Map<string, Burn>();
  if (budgets.length === 0) return burns;
  const month = monthOf(ctx.now, (await ctx.settings()).timeZone);
  const book = await rateBook(ctx);
  for (const period of ['month', 'total'] as const) {
    const list = budgets.filter((b) => b.period === period);
    if (list.length === 0) continue;
    const ids = list.map((b) => b.id);
    let from = month.from;
    if (period === 'total') {
      const [first] = await rowsOf<{ at: Date | string | null }>(
        ctx.db,
        sql`select min(start_time) as at from time_entries where project_id ${inIds(ids)}`,
      );
      from = first?.at ? addDays(new Date(first.at).toISOString().slice(0, 10), -1) : month.today;
    }
    const to = addDays(month.today, 1);
    const entries = await ledgerEntries(
      ctx,
      { from, to: period === 'month' ? month.to : to },
      { entries: sql`p.project_id ${inIds(ids)}` },
    );
    const priced = priceEntries(entries, book);
    for (const b of list) {
      let used = 0;
      for (const e of priced) {
        if (e.projectId !== b.id) continue;
        if (b.kind === 'hours') used += e.billable ? e.billedSeconds : e.seconds;
        else if (e.amount && e.amount.currency === b.currency) used += e.amount.minor;
      }
      burns.set(b.id, { period: period === 'month' ? month.key : 'total', used, share: used / b.amount });
    }
  }
  return burns;
}

/** The report's budget lines: the budgeted projects the caller's report covers. */
export async function budgetLines(
  ctx: Context,
  access: MoneyAccess,
  query: Pick<BillableReportQuery, 'clientId' | 'projectId'>,
): Promise<BillableReport['budgets']> {
  const where: SQL[] = [];
  if (query.clientId) where.push(sql`pr.client_id = ${query.clientId}`);
  if (query.projectId) where.push(sql`pr.id = ${query.projectId}`);
  if (access.role === 'manager' && access.projects !== 'all')
    where.push(sql`pr.id ${inIds([...access.projects])}`);
  if (access.role === 'employee')
    where.push(
      sql`exists (select 1 from project_members m where m.project_id = pr.id and m.user_id = ${ctx.actor.id})`,
    );
  const budgets = await budgetedProjects(ctx, where.length ? sql.join(where, sql` and `) : sql`true`);
  const burns = await burnOf(ctx, budgets);
  return budgets.map((b) => {
    const burn = burns.get(b.id) ?? { period: '', used: 0, share: 0 };
    const hidden = b.kind === 'money' && !(access.role !== 'employee' && seesProjectMoney(access, b.id));
    return {
      projectId: b.id,
      project: b.name,
      kind: b.kind,
      period: burn.period,
      amount: hidden ? null : b.amount,
      used: hidden ? null : burn.used,
      currency: hidden ? null : b.currency,
      share: burn.share,
    };
  });
}

/** A project's managers: its members and creator who are managers or admins (active). */
async function projectManagers(ctx: Pick<Context, 'db'>, projectId: string): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    ctx.db,
    sql`select u.id::text from users u
        where u.is_active and u.role in ('manager', 'admin')
          and (u.id in (select user_id from project_members where project_id = ${projectId})
            or u.id = (select created_by from projects where id = ${projectId}))`,
  );
  return rows.map((r) => r.id);
}

/**
 * Tells each budgeted project's managers when its use in the current period reaches a threshold
 * (docs/product/billing.md#budgets): once per project, period and threshold, however many
 * instances check at once — the insert into budget_alerts decides, and the notification commits
 * with it. Runs every minute (server/jobs.ts) and when a project's billing is read.
 */
export async function checkBudgets(ctx: BudgetContext, projectIds?: readonly string[]): Promise<number> {
  const budgets = await budgetedProjects(
    ctx,
    projectIds ? sql`pr.id ${inIds(projectIds)}` : sql`pr.status = 'active'`,
  );
  const burns = await burnOf(ctx, budgets);
  let told = 0;
  for (const b of budgets) {
    const burn = burns.get(b.id);
    if (!burn) continue;
    for (const threshold of [...b.thresholds].sort((x, y) => x - y)) {
      if (burn.share * 100 < threshold) break;
      const notified = await ctx.db.transaction(async (tx) => {
        const won = await rowsOf<{ threshold: number }>(
          tx,
          sql`insert into budget_alerts (project_id, period, threshold) values (${b.id}, ${burn.period}, ${threshold})
              on conflict do nothing returning threshold`,
        );
        if (won.length === 0) return null;
        return notify(ctx, tx, {
          kind: 'budget_threshold',
          to: await projectManagers({ db: tx }, b.id),
          actorId: null,
          title: ({ t }) =>
            t('notifications:budget_threshold.title', { project: b.name, percent: threshold }),
          body: ({ t }) =>
            t(`notifications:budget_threshold.body_${burn.period === 'total' ? 'total' : 'month'}`, {
              month: burn.period,
            }),
          link: `/projects/${b.id}`,
          data: { projectId: b.id },
          at: ctx.now,
        });
      });
      if (notified) {
        told += 1;
        await announceNotifications(ctx, notified);
      }
    }
  }
  return told;
}
