import { addDays } from '@contract/zoned-time';
import { and, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { clients, invoices, projects, rates, timeEntries } from '../../db/schema';
import type { Cast, DemoWorld } from './world';

/** How the demo's clients are found again by `seed:demo --force` (their contact is a demo address). */
export const DEMO_CLIENT_CONTACT = '@workbench.demo';

/**
 * Billing (docs/product/billing.md): two clients in two currencies, billable projects with rounding
 * and budgets (one past its 80% alert), rates at every level with a raise in the middle of the
 * month, cost rates, a non-billable entry switched off by hand, and last month invoiced.
 */
export async function seedBilling(
  { db, today, at }: DemoWorld,
  { admin, employees }: Cast,
  projectRows: (typeof projects.$inferSelect)[],
) {
  const [northwind, globex] = await db
    .insert(clients)
    .values([
      {
        name: 'Northwind Traders',
        contact: `Anna Berg, billing${DEMO_CLIENT_CONTACT}`,
        currency: 'EUR',
        note: 'Invoices monthly, net 30.',
      },
      { name: 'Globex Corporation', contact: `accounts${DEMO_CLIENT_CONTACT}`, currency: 'USD', note: '' },
    ])
    .returning();
  const [relaunch, mobile, onboarding] = projectRows;
  const monthStart = `${today.slice(0, 8)}01`;
  // The relaunch's monthly hours budget is set so this month's tracked time is past its 80% alert
  // (the minute sweep tells its managers once): 85% used, whatever day the demo is seeded on.
  const [{ seconds }] = await db
    .select({
      seconds: sql<string>`coalesce(sum(extract(epoch from ${timeEntries.endTime} - ${timeEntries.startTime})), 0)`,
    })
    .from(timeEntries)
    .where(and(eq(timeEntries.projectId, relaunch.id), gte(timeEntries.startTime, at(monthStart, '00:00'))));
  const budgetHours = Math.max(10, Math.ceil(Number(seconds) / 3600 / 0.85));
  await db
    .update(projects)
    .set({
      clientId: northwind.id,
      billable: true,
      roundingMinutes: 15,
      roundingScope: 'entry',
      budgetKind: 'hours',
      budgetPeriod: 'month',
      budgetAmount: budgetHours * 3600,
    })
    .where(eq(projects.id, relaunch.id));
  await db
    .update(projects)
    .set({
      clientId: globex.id,
      billable: true,
      budgetKind: 'money',
      budgetPeriod: 'total',
      budgetAmount: 6_000_000,
      budgetCurrency: 'USD',
    })
    .where(eq(projects.id, mobile.id));
  // Customer Onboarding is Northwind's too, internal work: not billable.
  await db
    .update(projects)
    .set({ clientId: northwind.id, billable: false })
    .where(eq(projects.id, onboarding.id));

  const lastMonth = `${addDays(monthStart, -1).slice(0, 8)}01`;
  const midMonth = `${today.slice(0, 8)}15` < today ? `${today.slice(0, 8)}15` : monthStart;
  const [lead] = employees;
  await db.insert(rates).values([
    { amountMinor: 8_000, currency: 'EUR', effectiveFrom: addDays(lastMonth, -60), createdBy: admin.id },
    {
      clientId: northwind.id,
      amountMinor: 9_500,
      currency: 'EUR',
      effectiveFrom: addDays(lastMonth, -60),
      createdBy: admin.id,
    },
    // A raise in the middle of this month: last month's amounts stay as they were.
    {
      clientId: northwind.id,
      amountMinor: 10_000,
      currency: 'EUR',
      effectiveFrom: midMonth,
      createdBy: admin.id,
    },
    {
      projectId: mobile.id,
      amountMinor: 12_000,
      currency: 'USD',
      effectiveFrom: addDays(lastMonth, -60),
      createdBy: admin.id,
    },
    {
      projectId: relaunch.id,
      userId: lead.id,
      amountMinor: 12_500,
      currency: 'EUR',
      effectiveFrom: addDays(lastMonth, -60),
      createdBy: admin.id,
    },
    ...employees.map((e, i) => ({
      kind: 'cost' as const,
      userId: e.id,
      amountMinor: 4_500 + i * 500,
      currency: 'EUR',
      effectiveFrom: addDays(lastMonth, -60),
      createdBy: admin.id,
    })),
  ]);

  // One entry on a billable project switched off by hand (a call that was not billable).
  const [unbillable] = await db
    .select({ id: timeEntries.id })
    .from(timeEntries)
    .where(and(eq(timeEntries.projectId, relaunch.id), gte(timeEntries.startTime, at(monthStart, '00:00'))))
    .limit(1);
  if (unbillable)
    await db.update(timeEntries).set({ billable: false }).where(eq(timeEntries.id, unbillable.id));

  // Last month for Northwind is invoiced: its billable entries are marked, and so locked.
  const [invoice] = await db
    .insert(invoices)
    .values({
      clientId: northwind.id,
      fromDay: lastMonth,
      toDay: addDays(monthStart, -1),
      reference: `NW-${lastMonth.slice(0, 7)}`,
      createdBy: admin.id,
      createdAt: at(monthStart, '10:00'),
    })
    .returning();
  const invoiced = await db
    .update(timeEntries)
    .set({ invoiceId: invoice.id })
    .where(
      and(
        inArray(timeEntries.projectId, [relaunch.id]),
        gte(timeEntries.startTime, at(lastMonth, '00:00')),
        lt(timeEntries.startTime, at(monthStart, '00:00')),
        isNull(timeEntries.billable),
      ),
    )
    .returning({ id: timeEntries.id });
  return { clients: 2, invoicedEntries: invoiced.length };
}
