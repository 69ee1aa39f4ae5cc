import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingApi } from '@contract/billing';
import { notificationsApi } from '@contract/notifications';
import { timeEntriesApi } from '@contract/time-entries';
import { timersApi } from '@contract/timers';
import { auditLog, budgetAlerts, notifications, projectMembers, timeEntries } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import type { TestClient, TestContext } from '../../test/harness';
import { deliveryTeamApp, type timeFixtures } from '../../test/time-fixtures';
import { contextFor } from '../../lib/context';
import { checkBudgets } from './budgets';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { databaseRefusal, errorHandler } from '../../lib/errors';

const clock = fixedClock('2025-04-15T10:00:00Z');
let t: TestContext;
let fx: ReturnType<typeof timeFixtures>;
let anna: TestClient;
let manager: TestClient;
let admin: TestClient;
let acme: string;
let apollo: string;
const H = 3600;

beforeAll(async () => {
  ({ t, fx, anna, manager } = await deliveryTeamApp(clock));
  admin = await t.userClient('admin', { firstName: 'Ada', lastName: 'Admin' });
  acme = (await admin.api.call(billingApi.createClient, { body: { name: 'ACME', currency: 'EUR' } })).json()
    .id;
  apollo = (await fx.project({ name: 'Apollo', clientId: acme, billable: true })).id;
  await t.db.insert(projectMembers).values({ projectId: apollo, userId: manager.user.id });
  await admin.api.call(billingApi.createRate, {
    body: { projectId: apollo, amountMinor: 10000, currency: 'EUR', effectiveFrom: '2025-01-01' },
  });
});
afterAll(() => t.close());

describe('billable entries', () => {
  it('follow their project unless switched, by whoever may edit them', async () => {
    const made = await anna.api.call(timeEntriesApi.create, {
      body: { projectId: apollo, date: '2025-04-01', startTime: '09:00', endTime: '10:00' },
    });
    expect(made.json()).toMatchObject({ billable: true, invoiced: false });
    const off = await anna.api.call(timeEntriesApi.update, {
      params: { id: made.json().id },
      body: { billable: false },
    });
    expect(off.json().billable).toBe(false);
    const own = await anna.api.call(timeEntriesApi.create, {
      body: { projectId: apollo, date: '2025-04-02', startTime: '09:00', endTime: '09:30', billable: false },
    });
    expect(own.json().billable).toBe(false);
    await anna.api.call(timeEntriesApi.remove, { params: { id: own.json().id } });
    await anna.api.call(timeEntriesApi.remove, { params: { id: made.json().id } });
  });

  it("keeps a timer's choice on the entry it becomes", async () => {
    const started = await anna.api.call(timersApi.start, { body: { projectId: apollo, billable: false } });
    expect(started.json().billable).toBe(false);
    clock.advance(60_000);
    const entry = (await anna.api.call(timersApi.stop, { body: {} })).json();
    expect(entry.billable).toBe(false);
    await anna.api.call(timeEntriesApi.remove, { params: { id: entry.id } });
  });
});

describe('invoices', () => {
  let entryId: string;
  let invoiceId: string;

  it('marks the unbilled billable entries of a client and period, admins only', async () => {
    entryId = (
      await fx.entry(anna.user.id, '2025-03-10T08:00:00Z', '2025-03-10T09:30:00Z', { projectId: apollo })
    ).id;
    await fx.entry(anna.user.id, '2025-03-11T08:00:00Z', '2025-03-11T09:00:00Z', {
      projectId: apollo,
      billable: false,
    });
    const body = { clientId: acme, from: '2025-03-01', to: '2025-03-31', reference: 'INV-2025-03' };
    expect((await manager.api.call(billingApi.createInvoice, { body })).statusCode).toBe(403);
    const res = await admin.api.call(billingApi.createInvoice, { body });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      client: 'ACME',
      entries: 1,
      billableSeconds: 1.5 * H,
      amounts: [{ currency: 'EUR', minor: 15000 }],
    });
    invoiceId = res.json().id;
    // Nothing is left to mark a second time.
    expect((await admin.api.call(billingApi.createInvoice, { body })).statusCode).toBe(409);
    const report = (
      await admin.api.call(billingApi.billable, {
        query: { from: '2025-03-01', to: '2025-03-31', groupBy: 'client' },
      })
    ).json();
    expect(report.totals).toMatchObject({ billedSeconds: 1.5 * H, unbilledSeconds: 0 });
    const [logged] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'invoice_marked'));
    expect(logged).toBeDefined();
  });

  it('locks the entries it covers on every write path', async () => {
    const list = (await anna.api.call(timeEntriesApi.list, { query: {} })).json();
    expect(list.find((e) => e.id === entryId)).toMatchObject({ invoiced: true, billable: true });
    for (const body of [{ description: 'x' }, { billable: false }, { startTime: '08:00' }]) {
      const res = await anna.api.call(timeEntriesApi.update, { params: { id: entryId }, body });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This entry is invoiced');
    }
    const gone = await anna.api.call(timeEntriesApi.remove, { params: { id: entryId } });
    expect(gone.statusCode).toBe(409);
  });

  it('keeps the lock in the database: a direct update or delete is refused, and answered as the 409', async () => {
    const refusal = async (statement: ReturnType<typeof sql>) => {
      const error = await t.db.execute(statement).then(
        () => null,
        (e: unknown) => e,
      );
      return databaseRefusal(error);
    };
    const [before] = await t.db.select().from(timeEntries).where(eq(timeEntries.id, entryId));
    for (const statement of [
      sql`update time_entries set description = 'rewritten' where id = ${entryId}`,
      sql`update time_entries set end_time = end_time + interval '1 hour' where id = ${entryId}`,
      sql`update time_entries set billable = false where id = ${entryId}`,
      sql`update time_entries set user_id = ${manager.user.id} where id = ${entryId}`,
      sql`update time_entries set project_id = ${randomUUID()} where id = ${entryId}`,
      sql`update time_entries set description = 'all of them' where user_id = ${anna.user.id}`,
      sql`delete from time_entries where id = ${entryId}`,
      sql`delete from time_entries where user_id = ${anna.user.id}`,
    ])
      expect(await refusal(statement)).toBe('entry_invoiced');
    const [after] = await t.db.select().from(timeEntries).where(eq(timeEntries.id, entryId));
    expect(after).toEqual(before);
    // Writing nothing new is no change.
    expect(await refusal(sql`update time_entries set invoice_id = invoice_id where id = ${entryId}`)).toBe(
      undefined,
    );

    // A code path that forgot the check gets the same clear 409 as the services' own, not a 500.
    const app = Fastify();
    app.setErrorHandler(errorHandler);
    app.post('/forgetful', async () => {
      await t.db.execute(sql`update time_entries set description = 'sneaky' where id = ${entryId}`);
      return { ok: true };
    });
    const res = await app.inject({ method: 'POST', url: '/forgetful' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'entry_invoiced', message: 'This entry is invoiced' });
    await app.close();
  });

  it('lets a task removed for good leave an invoiced entry, which keeps everything else', async () => {
    const task = await fx.task(anna.user.id, { projectId: apollo, title: 'Temporary' });
    const entry = await fx.entry(anna.user.id, '2025-02-10T08:00:00Z', '2025-02-10T09:00:00Z', {
      projectId: apollo,
      taskId: task.id,
    });
    const mark = await admin.api.call(billingApi.createInvoice, {
      body: { clientId: acme, from: '2025-02-01', to: '2025-02-28', reference: 'INV-2025-02' },
    });
    expect(mark.statusCode, mark.body).toBe(201);
    await t.db.execute(sql`delete from tasks where id = ${task.id}`);
    const [kept] = await t.db.select().from(timeEntries).where(eq(timeEntries.id, entry.id));
    expect(kept).toMatchObject({ taskId: null, projectId: apollo, invoiceId: mark.json().id });
    expect(kept.endTime).toEqual(entry.endTime);
    // Undoing the mark clears it in the database too; the entry may change again.
    await admin.api.call(billingApi.removeInvoice, { params: { id: mark.json().id } });
    await t.db.execute(sql`update time_entries set description = 'free again' where id = ${entry.id}`);
    await t.db.execute(sql`delete from time_entries where id = ${entry.id}`);
  });

  it('exports the invoice as CSV and .xlsx, per entry or summed, totals per currency', async () => {
    const csv = await admin.api.call(billingApi.invoiceExport, {
      params: { id: invoiceId },
      query: { format: 'csv' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Anna Adler');
    expect(csv.body).toContain('Total EUR');
    expect(csv.body).toContain('150');
    const byPerson = await admin.api.call(billingApi.invoiceExport, {
      params: { id: invoiceId },
      query: { format: 'csv', lines: 'person' },
    });
    expect(byPerson.body).toContain('1.5');
    const xlsx = await admin.api.call(billingApi.invoiceExport, {
      params: { id: invoiceId },
      query: { format: 'xlsx' },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(
      (await anna.api.call(billingApi.invoiceExport, { params: { id: invoiceId }, query: {} })).statusCode,
    ).toBe(403);
    const list = (await admin.api.call(billingApi.invoices)).json();
    expect(list.map((i) => i.reference)).toEqual(['INV-2025-03']);
  });

  it('is undone by an admin only, which unlocks its entries and is audited', async () => {
    expect((await manager.api.call(billingApi.removeInvoice, { params: { id: invoiceId } })).statusCode).toBe(
      403,
    );
    expect((await admin.api.call(billingApi.removeInvoice, { params: { id: invoiceId } })).statusCode).toBe(
      204,
    );
    expect((await admin.api.call(billingApi.removeInvoice, { params: { id: invoiceId } })).statusCode).toBe(
      404,
    );
    const res = await anna.api.call(timeEntriesApi.update, {
      params: { id: entryId },
      body: { description: 'fixed' },
    });
    expect(res.statusCode).toBe(200);
    const [logged] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'invoice_undone'));
    expect(logged).toBeDefined();
  });

  it('refuses bad input', async () => {
    for (const body of [
      { clientId: acme, from: '2025-03-31', to: '2025-03-01', reference: 'x' },
      { clientId: acme, from: '2025-03-01', to: '2025-03-31', reference: '' },
      { clientId: apollo, from: '2025-03-01', to: '2025-03-31', reference: 'x' },
    ]) {
      expect(
        (await admin.api.call(billingApi.createInvoice, { body })).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    }
  });
});

describe('budgets', () => {
  it('tells the project managers once per threshold and period, even when checked at once', async () => {
    const project = (await fx.project({ name: 'Budgeted', clientId: acme, billable: true })).id;
    await t.db.insert(projectMembers).values({ projectId: project, userId: manager.user.id });
    const set = await manager.api.call(billingApi.setProjectBilling, {
      params: { id: project },
      body: {
        clientId: acme,
        billable: true,
        roundingMinutes: 0,
        roundingScope: 'entry',
        budget: { kind: 'hours', period: 'month', amount: 10 * H, currency: null, thresholds: [80, 100] },
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    // 8.5 hours of 10 this month (April): past 80%, not 100%.
    await fx.entry(anna.user.id, '2025-04-07T06:00:00Z', '2025-04-07T14:30:00Z', { projectId: project });
    // Three instances' sweeps at once.
    const runs = await Promise.all(
      [1, 2, 3].map(() => checkBudgets(contextFor(t.app.deps, null, t.app.log), [project])),
    );
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    const alerts = await t.db.select().from(budgetAlerts).where(eq(budgetAlerts.projectId, project));
    expect(alerts.map((a) => [a.period, a.threshold])).toEqual([['2025-04', 80]]);
    const told = await t.db.select().from(notifications).where(eq(notifications.kind, 'budget_threshold'));
    expect(told.map((n) => n.userId)).toEqual([manager.user.id]);
    expect(told[0].title).toBe('Budgeted has used 80% of its budget');
    const bell = (await manager.api.call(notificationsApi.list, { query: {} })).json();
    expect(bell.some((n) => n.kind === 'budget_threshold')).toBe(true);
    // Reading the page again does not tell anyone twice.
    const page = (await manager.api.call(billingApi.projectBilling, { params: { id: project } })).json();
    expect(page.burn).toMatchObject({ period: '2025-04', used: 8.5 * H });
    expect(
      await t.db.select().from(notifications).where(eq(notifications.kind, 'budget_threshold')),
    ).toHaveLength(1);
    const bars = (await anna.api.call(billingApi.budgets)).json();
    expect(bars.find((b) => b.projectId === project)?.burn.share).toBeCloseTo(0.85);
  });

  it('hides a money budget from those who may not see money', async () => {
    const project = (await fx.project({ name: 'Secret', clientId: acme, billable: true })).id;
    const set = await admin.api.call(billingApi.setProjectBilling, {
      params: { id: project },
      body: {
        clientId: acme,
        billable: true,
        roundingMinutes: 0,
        roundingScope: 'entry',
        budget: { kind: 'money', period: 'total', amount: 100000, currency: 'EUR', thresholds: [80] },
      },
    });
    expect(set.json().budget).toMatchObject({ kind: 'money', amount: 100000 });
    const seen = (await anna.api.call(billingApi.projectBilling, { params: { id: project } })).json();
    expect(seen).toMatchObject({ budget: null, burn: null, moneyVisible: false });
    const managerView = await manager.api.call(billingApi.setProjectBilling, {
      params: { id: project },
      body: {
        ...set.json(),
        budget: { kind: 'money', period: 'total', amount: 1, currency: 'EUR', thresholds: [80] },
      } as never,
    });
    expect(managerView.statusCode).toBe(403);
  });
});
