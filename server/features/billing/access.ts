import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { Context } from '../../lib/context';

/**
 * Who sees money (docs/product/billing.md#who-sees-money), decided here for every route and export:
 * admins everything; a manager the projects they manage (they are a member or created it); an
 * employee no rates ever, and the amounts of their own entries only when the organisation allows it.
 */
export type MoneyAccess = {
  role: 'admin' | 'manager' | 'employee';
  /** the projects whose amounts and rates the caller sees ('all': an admin's) */
  projects: 'all' | Set<string>;
  /** an employee's own amounts (the organisation's setting) */
  ownAmounts: boolean;
  /** internal cost rates: admins only */
  cost: boolean;
};

export async function managedProjectIds(ctx: Pick<Context, 'db'>, userId: string): Promise<Set<string>> {
  const rows = await rowsOf<{ id: string }>(
    ctx.db,
    sql`select project_id::text as id from project_members where user_id = ${userId}
        union select id::text from projects where created_by = ${userId}`,
  );
  return new Set(rows.map((r) => r.id));
}

export async function employeesSeeAmounts(ctx: Pick<Context, 'db'>): Promise<boolean> {
  const [row] = await rowsOf<{ on: boolean }>(
    ctx.db,
    sql`select employees_see_amounts as on from billing_settings where id = 1`,
  );
  return row?.on ?? false;
}

export async function moneyAccess(ctx: Context): Promise<MoneyAccess> {
  const { role, id } = ctx.actor;
  if (role === 'admin') return { role, projects: 'all', ownAmounts: true, cost: true };
  if (role === 'manager')
    return { role, projects: await managedProjectIds(ctx, id), ownAmounts: false, cost: false };
  return { role: 'employee', projects: new Set(), ownAmounts: await employeesSeeAmounts(ctx), cost: false };
}

/** Whether the caller sees the amounts of this project (for an employee: of their own entries on it). */
export const seesProjectMoney = (access: MoneyAccess, projectId: string | null) =>
  access.projects === 'all' ||
  (access.role === 'employee' ? access.ownAmounts : !!projectId && access.projects.has(projectId));
