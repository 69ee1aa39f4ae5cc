import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillableReport, billingApi, type CreateRateRequest } from '@contract/billing';
import { profileApi } from '@contract/profile';
import { timersApi } from '@contract/timers';
import { eq } from 'drizzle-orm';
import { projectMembers, teams } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { MISSING_ID, type TestClient, type TestContext } from '../../test/harness';
import { english } from '../../test/messages';
import { contextFor } from '../../lib/context';
import { ledgerEntries } from './ledger-entries';
import { addMoney, moneyList } from './money';
import { priceEntries, rateBook } from './pricing';
import { deliveryTeamApp, type timeFixtures } from '../../test/time-fixtures';

// Europe/Berlin; "now" is mid-April 2025, the report reads March.
const clock = fixedClock('2025-04-15T10:00:00Z');
let t: TestContext;
let fx: ReturnType<typeof timeFixtures>;
let anna: TestClient;
let ben: TestClient;
let manager: TestClient;
let admin: TestClient;
let acme: string;
let globex: string;
let apollo: string;
let zeus: string;
let hermes: string;
const H = 3600;
const MARCH = { from: '2025-03-01', to: '2025-03-31' };

beforeAll(async () => {
  ({ t, fx, anna, ben, manager } = await deliveryTeamApp(clock));
  admin = await t.userClient('admin', { firstName: 'Ada', lastName: 'Admin' });
  const client = async (name: string, currency: string) => {
    const res = await admin.api.call(billingApi.createClient, { body: { name, currency } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  };
  acme = await client('ACME', 'EUR');
  globex = await client('Globex', 'USD');
  apollo = (await fx.project({ name: 'Apollo', clientId: acme, billable: true })).id;
  zeus = (await fx.project({ name: 'Zeus', clientId: globex, billable: true })).id;
  hermes = (await fx.project({ name: 'Hermes', billable: false })).id;
  await t.db.insert(projectMembers).values({ projectId: apollo, userId: manager.user.id });
  const rate = async (body: CreateRateRequest) => {
    const res = await admin.api.call(billingApi.createRate, { body });
    expect(res.statusCode, res.body).toBe(201);
  };
  await rate({ amountMinor: 5000, currency: 'EUR', effectiveFrom: '2025-01-01' });
  await rate({ clientId: acme, amountMinor: 8000, currency: 'EUR', effectiveFrom: '2025-01-01' });
  await rate({ clientId: globex, amountMinor: 9000, currency: 'USD', effectiveFrom: '2025-01-01' });
  await rate({ projectId: apollo, amountMinor: 10000, currency: 'EUR', effectiveFrom: '2025-03-01' });
  // The project's rate changes mid-month: the days before keep the old one.
  await rate({ projectId: apollo, amountMinor: 12000, currency: 'EUR', effectiveFrom: '2025-03-16' });
  await rate({
    projectId: apollo,
    userId: anna.user.id,
    amountMinor: 15000,
    currency: 'EUR',
    effectiveFrom: '2025-03-20',
  });
  await rate({
    kind: 'cost',
    userId: ben.user.id,
    amountMinor: 4000,
    currency: 'EUR',
    effectiveFrom: '2025-01-01',
  });
  const a = anna.user.id;
  const b = ben.user.id;
  await fx.entry(a, '2025-03-10T08:00:00Z', '2025-03-10T09:00:00Z', { projectId: apollo }); // 1 h at 100
  await fx.entry(b, '2025-03-17T08:00:00Z', '2025-03-17T09:00:00Z', { projectId: apollo }); // 1 h at 120
  await fx.entry(a, '2025-03-21T08:00:00Z', '2025-03-21T09:00:00Z', { projectId: apollo }); // 1 h at 150
  // Overlaps the one before by 30 minutes: only 30 minutes more count (the ledger's rule).
  await fx.entry(a, '2025-03-21T08:30:00Z', '2025-03-21T09:30:00Z', { projectId: apollo }); // 0.5 h at 150
  await fx.entry(b, '2025-03-12T08:00:00Z', '2025-03-12T10:00:00Z', { projectId: zeus }); // 2 h at 90 USD
  // Switched off on the entry, and a project that is not billable.
  await fx.entry(b, '2025-03-18T08:00:00Z', '2025-03-18T09:00:00Z', { projectId: apollo, billable: false });
  await fx.entry(a, '2025-03-19T08:00:00Z', '2025-03-19T10:00:00Z', { projectId: hermes });
});
afterAll(() => t.close());

const report = async (c: TestClient, query: Record<string, string>) => {
  const res = await c.api.call(billingApi.billable, {
    query: { ...MARCH, groupBy: 'client', ...query } as never,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BillableReport;
};

describe('clients', () => {
  it('lets managers and admins add and change clients, and refuses employees', async () => {
    expect(
      (await anna.api.call(billingApi.createClient, { body: { name: 'X', currency: 'EUR' } })).statusCode,
    ).toBe(403);
    const created = await manager.api.call(billingApi.createClient, {
      body: { name: 'Initech', currency: 'GBP', contact: 'Bill', note: 'net 30' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const archived = await manager.api.call(billingApi.updateClient, {
      params: { id },
      body: { archived: true },
    });
    expect(archived.json()).toMatchObject({ name: 'Initech', archived: true, currency: 'GBP' });
    const list = (await anna.api.call(billingApi.clients, { query: {} })).json();
    expect(list.map((c) => c.name)).toEqual(['ACME', 'Globex']);
    const all = (await anna.api.call(billingApi.clients, { query: { archived: 'all' } })).json();
    expect(all.map((c) => c.name)).toEqual(['ACME', 'Globex', 'Initech']);
  });

  it('refuses a bad currency and an unknown client', async () => {
    const bad = await admin.api.call(billingApi.createClient, { body: { name: 'X', currency: 'euro' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors?.currency).toBeDefined();
    expect(
      (await admin.api.call(billingApi.updateClient, { params: { id: MISSING_ID }, body: { name: 'Y' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await admin.api.call(billingApi.updateClient, { params: { id: acme }, body: {} })).statusCode,
    ).toBe(400);
  });

  it("shows a client's projects with this month's hours; amounts only to those who may see them", async () => {
    await fx.entry(ben.user.id, '2025-04-01T08:00:00Z', '2025-04-01T10:00:00Z', { projectId: apollo });
    const page = (await admin.api.call(billingApi.client, { params: { id: acme } })).json();
    expect(page.month).toEqual({ from: '2025-04-01', to: '2025-04-30' });
    expect(page.projects).toEqual([
      {
        id: apollo,
        name: 'Apollo',
        billable: true,
        billableSeconds: 2 * H,
        amounts: [{ currency: 'EUR', minor: 24000 }],
      },
    ]);
    const own = (await anna.api.call(billingApi.client, { params: { id: acme } })).json();
    expect(own.projects[0]).toMatchObject({ billableSeconds: 0, amounts: null });
  });
});

describe('the billable report', () => {
  it('prices by the most specific rate in effect on the day, currencies apart', async () => {
    const r = await report(admin, { groupBy: 'client' });
    expect(r.moneyVisible).toBe(true);
    expect(r.rows.map((row) => [row.label, row.billableSeconds, row.amounts])).toEqual([
      ['ACME', 3.5 * H, [{ currency: 'EUR', minor: 10000 + 12000 + 15000 + 7500 }]],
      ['Globex', 2 * H, [{ currency: 'USD', minor: 18000 }]],
      ['', 0, []],
    ]);
    expect(r.totals.amounts).toEqual([
      { currency: 'EUR', minor: 44500 },
      { currency: 'USD', minor: 18000 },
    ]);
    // Ben's switched-off hour and Anna's hours on Hermes are tracked, not billable.
    expect(r.totals.nonBillableSeconds).toBe(3 * H);
    expect(r.totals.unbilledSeconds).toBe(5.5 * H);
    // Ben's cost: 1 + 2 + 1 hours at 40 EUR.
    expect(r.totals.costs).toEqual([{ currency: 'EUR', minor: 16000 }]);
  });

  it('groups by project, person and task, and filters by client and project', async () => {
    const byUser = await report(admin, { groupBy: 'user' });
    expect(byUser.rows.map((row) => [row.label, row.billableSeconds])).toEqual([
      ['Ben Berg', 3 * H],
      ['Anna Adler', 2.5 * H],
    ]);
    const apolloOnly = await report(admin, { groupBy: 'project', projectId: apollo });
    expect(apolloOnly.rows.map((row) => row.label)).toEqual(['Apollo']);
    const globexOnly = await report(admin, { groupBy: 'task', clientId: globex });
    expect(globexOnly.rows).toMatchObject([{ key: 'none', billableSeconds: 2 * H }]);
  });

  it('shows employees no money unless the organisation allows their own amounts', async () => {
    const r = await report(anna, { groupBy: 'project' });
    expect(r.moneyVisible).toBe(false);
    expect(r.totals.amounts).toBeNull();
    expect(r.totals.costs).toBeNull();
    expect(r.totals.billableSeconds).toBe(2.5 * H);
    const csv = await anna.api.call(billingApi.billableCsv, { query: { ...MARCH, groupBy: 'project' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain('EUR');
    expect(
      (await anna.api.call(billingApi.updateSettings, { body: { employeesSeeAmounts: true } })).statusCode,
    ).toBe(403);
    await admin.api.call(billingApi.updateSettings, { body: { employeesSeeAmounts: true } });
    const mine = await report(anna, { groupBy: 'project' });
    expect(mine.totals.amounts).toEqual([{ currency: 'EUR', minor: 10000 + 15000 + 7500 }]);
    expect(mine.totals.costs).toBeNull();
    await admin.api.call(billingApi.updateSettings, { body: { employeesSeeAmounts: false } });
  });

  it('shows a manager the projects they manage, with amounts, never cost', async () => {
    const r = await report(manager, { groupBy: 'project' });
    expect(r.rows.map((row) => row.label)).toEqual(['Apollo']);
    expect(r.totals.amounts).toEqual([{ currency: 'EUR', minor: 44500 }]);
    expect(r.totals.costs).toBeNull();
    const xlsx = await manager.api.call(billingApi.billableXlsx, { query: { ...MARCH, groupBy: 'project' } });
    expect(xlsx.statusCode).toBe(200);
  });

  it('writes the CSV with totals per currency', async () => {
    const csv = await admin.api.call(billingApi.billableCsv, { query: { ...MARCH, groupBy: 'client' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('EUR 445.00');
    expect(csv.body).toContain('USD 180.00');
    expect(csv.body).not.toMatch(/625\.00/);
  });

  it('refuses a reversed range', async () => {
    const res = await admin.api.call(billingApi.billable, {
      query: { from: '2025-03-31', to: '2025-03-01' } as never,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('the billable report: the person and team filters of every report', () => {
  const refused = async (c: TestClient, query: Record<string, string>, status: number, code: string) => {
    for (const route of [billingApi.billable, billingApi.billableCsv, billingApi.billableXlsx]) {
      const res = await c.api.call(route, { query: { ...MARCH, groupBy: 'user', ...query } as never });
      expect(res.statusCode, `${route.path} ${JSON.stringify(query)}`).toBe(status);
      expect(res.json(), route.path).toEqual({ code, message: english(code) });
    }
  };
  const byUser = async (c: TestClient, query: Record<string, string>) =>
    (await report(c, { groupBy: 'user', ...query })).rows.map((r) => [r.label, r.billableSeconds]);
  let delivery: string;
  let other: string;
  beforeAll(async () => {
    [{ id: delivery }] = await t.db.select({ id: teams.id }).from(teams).where(eq(teams.name, 'Delivery'));
    other = (await fx.team('Elsewhere', [admin.user.id], [])).id;
  });

  it('an admin narrows to a person, a team, or both; the downloads too; an unknown team is a 404', async () => {
    expect(await byUser(admin, { userId: anna.user.id })).toEqual([['Anna Adler', 2.5 * H]]);
    expect(await byUser(admin, { userId: ben.user.id })).toEqual([['Ben Berg', 3 * H]]);
    expect(await byUser(admin, { teamId: delivery })).toEqual([
      ['Ben Berg', 3 * H],
      ['Anna Adler', 2.5 * H],
    ]);
    expect(await byUser(admin, { teamId: other })).toEqual([]);
    expect(await byUser(admin, { teamId: delivery, userId: anna.user.id })).toEqual([
      ['Anna Adler', 2.5 * H],
    ]);
    // The filters narrow the totals and the money alike.
    const ben1 = await report(admin, { groupBy: 'project', userId: ben.user.id });
    expect(ben1.totals.amounts).toEqual([
      { currency: 'EUR', minor: 12000 },
      { currency: 'USD', minor: 18000 },
    ]);
    const csv = await admin.api.call(billingApi.billableCsv, {
      query: { ...MARCH, groupBy: 'user', userId: anna.user.id },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Anna Adler');
    expect(csv.body).not.toContain('Ben Berg');
    await refused(admin, { teamId: MISSING_ID }, 404, 'team_not_found');
  });

  it('a manager narrows within the projects they manage, to people and teams they manage only', async () => {
    expect(await byUser(manager, {})).toEqual([
      ['Anna Adler', 2.5 * H],
      ['Ben Berg', H],
    ]);
    expect(await byUser(manager, { userId: ben.user.id })).toEqual([['Ben Berg', H]]);
    expect(await byUser(manager, { teamId: delivery })).toEqual(await byUser(manager, {}));
    expect(await byUser(manager, { userId: manager.user.id })).toEqual([]);
    // Nobody they manage, and a team they do not manage, are refused as in every report.
    await refused(manager, { userId: admin.user.id }, 403, 'teams_data_only');
    await refused(manager, { teamId: other }, 403, 'teams_data_only');
    await refused(manager, { teamId: MISSING_ID }, 403, 'teams_data_only');
  });

  it('an employee reads their own only: naming someone else is a 403', async () => {
    expect(await byUser(anna, { userId: anna.user.id })).toEqual([['Anna Adler', 2.5 * H]]);
    expect(await byUser(anna, { teamId: delivery })).toEqual([['Anna Adler', 2.5 * H]]);
    await refused(anna, { userId: ben.user.id }, 403, 'own_data_only');
  });

  it('refuses ids that are not ids', async () => {
    for (const [query, message] of [
      [{ userId: 'nope' }, 'user_invalid'],
      [{ teamId: '42' }, 'team_invalid'],
    ] as const) {
      const res = await admin.api.call(billingApi.billable, { query: { ...MARCH, ...query } as never });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(english(message));
    }
  });
});

describe('rates', () => {
  it('never shows an employee a rate, with a session or an API token', async () => {
    expect((await anna.api.call(billingApi.rates, { query: {} })).statusCode).toBe(403);
    const token = await anna.api.call(profileApi.createToken, {
      body: { name: 'script', expiresInDays: 30 },
    });
    const res = await t.anonymous.get('/api/rates', { authorization: `Bearer ${token.json().token}` });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('15000');
  });

  it('lets a manager see and set only the rates of projects they manage, never cost rates', async () => {
    const list = (await manager.api.call(billingApi.rates, { query: {} })).json();
    expect(list.every((r) => r.projectId === apollo && r.kind === 'billable')).toBe(true);
    expect(list).toHaveLength(3);
    const body = { amountMinor: 1, currency: 'EUR', effectiveFrom: '2025-05-01' };
    expect((await manager.api.call(billingApi.createRate, { body })).statusCode).toBe(403);
    expect(
      (await manager.api.call(billingApi.createRate, { body: { ...body, projectId: zeus } })).statusCode,
    ).toBe(403);
    expect(
      (
        await manager.api.call(billingApi.createRate, {
          body: { ...body, kind: 'cost', userId: ben.user.id },
        })
      ).statusCode,
    ).toBe(403);
    const ok = await manager.api.call(billingApi.createRate, { body: { ...body, projectId: apollo } });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ scope: 'project', label: 'Apollo' });
    const all = (await admin.api.call(billingApi.rates, { query: {} })).json();
    const adminOnly = all.find((r) => r.scope === 'organisation');
    expect(
      (await manager.api.call(billingApi.removeRate, { params: { id: adminOnly?.id ?? '' } })).statusCode,
    ).toBe(404);
    expect((await manager.api.call(billingApi.removeRate, { params: { id: ok.json().id } })).statusCode).toBe(
      204,
    );
  });

  it('refuses a scope that names no rate, a negative amount and a bad currency', async () => {
    const base = { amountMinor: 100, currency: 'EUR', effectiveFrom: '2025-05-01' };
    for (const body of [
      { ...base, userId: ben.user.id },
      { ...base, clientId: acme, projectId: apollo },
      { ...base, kind: 'cost' as const, projectId: apollo },
      { ...base, amountMinor: -1 },
      { ...base, amountMinor: 1.5 },
      { ...base, currency: 'eur' },
      { ...base, projectId: MISSING_ID },
    ]) {
      expect((await admin.api.call(billingApi.createRate, { body })).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    }
  });
});

describe("a project's billing", () => {
  it('sets rounding per entry or per day and bills by it', async () => {
    const p = (await fx.project({ name: 'Minerva', clientId: acme, billable: true })).id;
    const set = (roundingScope: 'entry' | 'day') =>
      manager.api.call(billingApi.setProjectBilling, {
        params: { id: p },
        body: { clientId: acme, billable: true, roundingMinutes: 15, roundingScope, budget: null },
      });
    expect(
      (await anna.api.call(billingApi.setProjectBilling, { params: { id: p }, body: {} as never }))
        .statusCode,
    ).toBe(403);
    expect((await set('entry')).json()).toMatchObject({
      roundingMinutes: 15,
      roundingScope: 'entry',
      client: 'ACME',
    });
    await fx.entry(ben.user.id, '2025-03-03T08:00:00Z', '2025-03-03T08:07:00Z', { projectId: p });
    await fx.entry(ben.user.id, '2025-03-03T09:00:00Z', '2025-03-03T09:07:00Z', { projectId: p });
    const perEntry = await report(admin, { groupBy: 'project', projectId: p });
    expect(perEntry.totals.billableSeconds).toBe(30 * 60);
    // Client rate 80 EUR: half an hour.
    expect(perEntry.totals.amounts).toEqual([{ currency: 'EUR', minor: 4000 }]);
    await set('day');
    const perDay = await report(admin, { groupBy: 'project', projectId: p });
    expect(perDay.totals.billableSeconds).toBe(15 * 60);
    expect(perDay.totals.amounts).toEqual([{ currency: 'EUR', minor: 2000 }]);
    const bad = await admin.api.call(billingApi.setProjectBilling, {
      params: { id: p },
      body: {
        clientId: null,
        billable: true,
        roundingMinutes: 7 as never,
        roundingScope: 'entry',
        budget: null,
      },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('a running timer', () => {
  it('is not billed until it stops and is an entry', async () => {
    const april = { from: '2025-04-01', to: '2025-04-30', groupBy: 'project', projectId: zeus };
    const before = await report(admin, april);
    const started = await ben.api.call(timersApi.start, {
      body: { projectId: zeus, description: 'Support call' },
    });
    expect(started.statusCode, started.body).toBe(201);
    // An hour later the timer has run an hour, which the ledger counts for today.
    clock.advance(H * 1000);
    expect((await report(admin, april)).totals.billableSeconds).toBe(before.totals.billableSeconds);
    expect((await ben.api.call(timersApi.stop, { body: {} })).statusCode).toBe(200);
    const after = await report(admin, april);
    expect(after.totals.billableSeconds).toBe(before.totals.billableSeconds + H);
    // Globex's rate, 90 USD an hour.
    expect(after.totals.amounts).toEqual([{ currency: 'USD', minor: 9000 }]);
  });
});

describe('the two ways of pricing (docs/decisions/046-billing.md)', () => {
  it('the report priced in the database and the entries priced one by one agree, group by group', async () => {
    const ctx = contextFor(t.app.deps, null, t.app.log);
    const priced = priceEntries(await ledgerEntries(ctx, MARCH), await rateBook(ctx));
    expect(priced.length).toBeGreaterThan(5);
    const byProject = new Map<string, { seconds: number; amounts: Map<string, number> }>();
    for (const e of priced) {
      if (!e.billable) continue;
      const group = byProject.get(e.projectId ?? 'none') ?? { seconds: 0, amounts: new Map() };
      byProject.set(e.projectId ?? 'none', group);
      group.seconds += e.billedSeconds;
      if (e.amount) addMoney(group.amounts, e.amount.currency, e.amount.minor);
    }
    const rows = (await report(admin, { groupBy: 'project' })).rows.filter((r) => r.billableSeconds > 0);
    expect(rows.map((r) => [r.key, r.billableSeconds, r.amounts]).sort()).toEqual(
      [...byProject.entries()].map(([key, g]) => [key, g.seconds, moneyList(g.amounts)]).sort(),
    );
  });
});
