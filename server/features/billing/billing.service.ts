import {
  type BillingSettings,
  CLIENT_NOT_FOUND,
  type Client,
  type ClientDetail,
  type createClientRequest,
  type createRateRequest,
  type ProjectBilling,
  type projectBillingRequest,
  type projectBudgetsSchema,
  type Rate,
  RATE_NOT_FOUND,
  RATE_SCOPE_INVALID,
  type updateClientRequest,
} from '@contract/billing';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { inIds, rowsOf } from '../../db/rows';
import { billingSettings, clients, projects, rates } from '../../db/schema';
import type { Context } from '../../lib/context';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { moneyAccess, seesProjectMoney } from './access';
import { budgetedProjects, burnOf, checkBudgets, monthOf } from './budgets';
import { ledgerEntries } from './ledger-entries';
import { addMoney, moneyList } from './money';
import { entryScope, priceEntries, rateBook } from './pricing';

const PROJECT_NOT_FOUND = 'project_not_found';

// --- clients

const clientColumns = sql`c.id::text, c.name, c.contact, c.currency, c.note, c.archived, c.billable,
  c.created_at as "createdAt", (select count(*)::int from projects p where p.client_id = c.id) as "projectCount"`;

type ClientRow = Omit<Client, 'createdAt'> & { createdAt: Date | string };
const toClient = (r: ClientRow): Client => ({ ...r, createdAt: new Date(r.createdAt).toISOString() });

export async function listClients(ctx: Context, archived: 'true' | 'false' | 'all'): Promise<Client[]> {
  const where = archived === 'all' ? sql`true` : sql`c.archived = ${archived === 'true'}`;
  const rows = await rowsOf<ClientRow>(
    ctx.db,
    sql`select ${clientColumns} from clients c where ${where} order by lower(c.name), c.id`,
  );
  return rows.map(toClient);
}

async function clientById(ctx: Pick<Context, 'db'>, id: string): Promise<Client> {
  const [row] = await rowsOf<ClientRow>(
    ctx.db,
    sql`select ${clientColumns} from clients c where c.id = ${id}`,
  );
  if (!row) throw notFound(CLIENT_NOT_FOUND);
  return toClient(row);
}

export async function createClient(
  ctx: Context,
  body: z.output<typeof createClientRequest>,
): Promise<Client> {
  const [row] = await ctx.db.insert(clients).values(body).returning({ id: clients.id });
  return clientById(ctx, row.id);
}

export async function updateClient(
  ctx: Context,
  id: string,
  body: z.output<typeof updateClientRequest>,
): Promise<Client> {
  const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  const [row] = await ctx.db
    .update(clients)
    .set(changes)
    .where(eq(clients.id, id))
    .returning({ id: clients.id });
  if (!row) throw notFound(CLIENT_NOT_FOUND);
  return clientById(ctx, id);
}

/** A client's page: its projects, each with this month's billable seconds and (if visible) amounts. */
export async function clientDetail(ctx: Context, id: string): Promise<ClientDetail> {
  const client = await clientById(ctx, id);
  const month = monthOf(ctx.now, (await ctx.settings()).timeZone);
  const access = await moneyAccess(ctx);
  const scope = entryScope(ctx, access);
  const list = await rowsOf<{ id: string; name: string; billable: boolean }>(
    ctx.db,
    sql`select id::text, name, billable from projects where client_id = ${id} order by lower(name), id`,
  );
  const entries = await ledgerEntries(ctx, month, {
    people: scope.people,
    entries: sql`pr.client_id = ${id} and ${scope.entries}`,
  });
  const priced = priceEntries(entries, await rateBook(ctx));
  return {
    ...client,
    month: { from: month.from, to: month.to },
    projects: list.map((p) => {
      const mine = priced.filter((e) => e.projectId === p.id && e.billable);
      const sums = new Map<string, number>();
      for (const e of mine) if (e.amount) addMoney(sums, e.amount.currency, e.amount.minor);
      return {
        ...p,
        billableSeconds: mine.reduce((s, e) => s + e.billedSeconds, 0),
        amounts: seesProjectMoney(access, p.id) ? moneyList(sums) : null,
      };
    }),
  };
}

// --- a project's billing

async function projectRow(ctx: Pick<Context, 'db'>, id: string) {
  const [row] = await ctx.db
    .select({
      id: projects.id,
      clientId: projects.clientId,
      client: clients.name,
      billable: projects.billable,
      roundingMinutes: projects.roundingMinutes,
      roundingScope: projects.roundingScope,
      budgetKind: projects.budgetKind,
      budgetPeriod: projects.budgetPeriod,
      budgetAmount: projects.budgetAmount,
      budgetCurrency: projects.budgetCurrency,
      budgetThresholds: projects.budgetThresholds,
    })
    .from(projects)
    .leftJoin(clients, eq(clients.id, projects.clientId))
    .where(eq(projects.id, id));
  if (!row) throw notFound(PROJECT_NOT_FOUND);
  return row;
}

export async function projectBilling(ctx: Context, id: string): Promise<ProjectBilling> {
  const row = await projectRow(ctx, id);
  const access = await moneyAccess(ctx);
  const money = access.role !== 'employee' && seesProjectMoney(access, id);
  const hasBudget = row.budgetKind !== null && row.budgetAmount !== null;
  // Reading a budgeted project also tells its managers of a threshold reached (once each).
  if (hasBudget) await checkBudgets(ctx, [id]);
  const visible = hasBudget && (row.budgetKind === 'hours' || money);
  const burn = visible
    ? (await burnOf(ctx, await budgetedProjects(ctx, sql`pr.id = ${id}`))).get(id)
    : undefined;
  return {
    projectId: row.id,
    clientId: row.clientId,
    client: row.client,
    billable: row.billable,
    roundingMinutes: row.roundingMinutes,
    roundingScope: row.roundingScope,
    budget:
      visible && row.budgetKind && row.budgetAmount !== null
        ? {
            kind: row.budgetKind,
            period: row.budgetPeriod,
            amount: row.budgetAmount,
            currency: row.budgetCurrency,
            thresholds: row.budgetThresholds,
          }
        : null,
    burn: burn ?? null,
    moneyVisible: money,
  };
}

export async function setProjectBilling(
  ctx: Context,
  id: string,
  body: z.output<typeof projectBillingRequest>,
): Promise<ProjectBilling> {
  await projectRow(ctx, id);
  const access = await moneyAccess(ctx);
  if (body.budget?.kind === 'money' && !seesProjectMoney(access, id)) throw forbidden('money_not_visible');
  if (body.clientId) {
    const [client] = await ctx.db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.id, body.clientId));
    if (!client) throw badRequest('client_invalid', 'clientId');
  }
  const budget = body.budget;
  await ctx.db
    .update(projects)
    .set({
      clientId: body.clientId,
      billable: body.billable,
      roundingMinutes: body.roundingMinutes,
      roundingScope: body.roundingScope,
      budgetKind: budget?.kind ?? null,
      budgetPeriod: budget?.period ?? 'total',
      budgetAmount: budget?.amount ?? null,
      budgetCurrency: budget?.kind === 'money' ? budget.currency : null,
      budgetThresholds: budget ? [...new Set(budget.thresholds)].sort((a, b) => a - b) : [80, 100],
      updatedAt: ctx.now,
    })
    .where(eq(projects.id, id));
  return projectBilling(ctx, id);
}

/** Every budgeted project's burn (money budgets: those the caller may see). */
export async function projectBudgets(ctx: Context): Promise<z.infer<typeof projectBudgetsSchema>> {
  const access = await moneyAccess(ctx);
  const budgets = (await budgetedProjects(ctx)).filter(
    (b) => b.kind === 'hours' || (access.role !== 'employee' && seesProjectMoney(access, b.id)),
  );
  const burns = await burnOf(ctx, budgets);
  return budgets.flatMap((b) => {
    const burn = burns.get(b.id);
    return burn ? [{ projectId: b.id, kind: b.kind, burn }] : [];
  });
}

// --- rates

type RateRowOut = Omit<Rate, 'scope' | 'label'> & {
  client: string | null;
  project: string | null;
  person: string | null;
};

function scopeOf(r: Pick<Rate, 'kind' | 'clientId' | 'projectId' | 'userId'>): Rate['scope'] {
  if (r.kind === 'cost') return 'cost';
  if (r.projectId && r.userId) return 'person';
  if (r.projectId) return 'project';
  if (r.clientId) return 'client';
  return 'organisation';
}

async function readRates(ctx: Pick<Context, 'db'>, where: ReturnType<typeof sql>): Promise<Rate[]> {
  const rows = await rowsOf<RateRowOut & { amountMinor: string | number }>(
    ctx.db,
    sql`select r.id::text, r.kind, r.client_id::text as "clientId", r.project_id::text as "projectId",
          r.user_id::text as "userId", r.amount_minor as "amountMinor", r.currency,
          r.effective_from::text as "effectiveFrom", c.name as client, p.name as project,
          u.first_name || ' ' || u.last_name as person
        from rates r left join clients c on c.id = r.client_id left join projects p on p.id = r.project_id
          left join users u on u.id = r.user_id
        where ${where}
        order by r.kind, r.effective_from desc, r.id`,
  );
  return rows.map(({ client, project, person, ...r }) => ({
    ...r,
    amountMinor: Number(r.amountMinor),
    scope: scopeOf(r),
    label: [client, project, person].filter(Boolean).join(' · '),
  }));
}

/** Admins: every rate; managers: the billable rates of the projects they manage. */
export async function listRates(
  ctx: Context,
  query: { clientId?: string; projectId?: string },
): Promise<Rate[]> {
  const access = await moneyAccess(ctx);
  const where = [sql`true`];
  if (query.clientId) where.push(sql`r.client_id = ${query.clientId}`);
  if (query.projectId) where.push(sql`r.project_id = ${query.projectId}`);
  if (access.projects !== 'all')
    where.push(sql`r.kind = 'billable' and r.project_id ${inIds([...access.projects])}`);
  return readRates(ctx, sql.join(where, sql` and `));
}

/**
 * Adds a rate. Admins any; managers only billable rates of a project they manage (and of a person on
 * it). Cost rates name a person only; billable rates a scope (a person needs a project).
 */
export async function createRate(ctx: Context, body: z.output<typeof createRateRequest>): Promise<Rate> {
  const access = await moneyAccess(ctx);
  if (body.kind === 'cost') {
    if (!access.cost) throw forbidden();
    if (!body.userId || body.projectId || body.clientId) throw badRequest(RATE_SCOPE_INVALID, 'userId');
  } else {
    if ((body.userId && !body.projectId) || (body.clientId && body.projectId))
      throw badRequest(RATE_SCOPE_INVALID, body.userId ? 'projectId' : 'clientId');
    if (access.projects !== 'all' && !(body.projectId && access.projects.has(body.projectId)))
      throw forbidden();
  }
  const exists = async (table: 'clients' | 'projects' | 'users', id: string | undefined) => {
    if (!id) return true;
    const [row] = await rowsOf<{ id: string }>(
      ctx.db,
      sql`select id from ${sql.identifier(table)} where id = ${id}`,
    );
    return !!row;
  };
  if (!(await exists('clients', body.clientId))) throw badRequest('client_invalid', 'clientId');
  if (!(await exists('projects', body.projectId))) throw badRequest('project_invalid', 'projectId');
  if (!(await exists('users', body.userId))) throw badRequest('user_invalid', 'userId');
  const [row] = await ctx.db
    .insert(rates)
    .values({
      kind: body.kind,
      clientId: body.clientId ?? null,
      projectId: body.projectId ?? null,
      userId: body.userId ?? null,
      amountMinor: body.amountMinor,
      currency: body.currency,
      effectiveFrom: body.effectiveFrom,
      createdBy: ctx.actor.id,
    })
    .returning({ id: rates.id });
  const [rate] = await readRates(ctx, sql`r.id = ${row.id}`);
  return rate;
}

export async function removeRate(ctx: Context, id: string): Promise<void> {
  const access = await moneyAccess(ctx);
  const [rate] = await readRates(ctx, sql`r.id = ${id}`);
  // A rate the caller may not see is as missing as one that is not there.
  if (
    !rate ||
    (access.projects !== 'all' &&
      !(rate.kind === 'billable' && rate.projectId && access.projects.has(rate.projectId)))
  )
    throw notFound(RATE_NOT_FOUND);
  await ctx.db.delete(rates).where(and(eq(rates.id, id)));
}

// --- settings

export async function getBillingSettings(ctx: Context): Promise<BillingSettings> {
  const [row] = await ctx.db.select().from(billingSettings).where(eq(billingSettings.id, 1));
  return { employeesSeeAmounts: row?.employeesSeeAmounts ?? false };
}

export async function updateBillingSettings(ctx: Context, body: BillingSettings): Promise<BillingSettings> {
  await ctx.db
    .insert(billingSettings)
    .values({ id: 1, employeesSeeAmounts: body.employeesSeeAmounts })
    .onConflictDoUpdate({
      target: billingSettings.id,
      set: { employeesSeeAmounts: body.employeesSeeAmounts },
    });
  return getBillingSettings(ctx);
}
