import { addDays } from '@contract/zoned-time';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerRows } from '../../core/time/ledger';
import { markZoneChanges, refreshAllStale, refreshLedger } from '../../core/time/ledger-rollup';
import { timePeople } from '../../core/time/people';
import { pgArray, rowsOf } from '../../db/rows';
import type { Db } from '../../db/types';
import {
  activeTimers,
  clients,
  invoices,
  projects,
  rates,
  settings,
  timeEntries,
  users,
} from '../../db/schema';
import { contextFor } from '../../lib/context';
import { createTestApp, type TestContext } from '../../test/harness';
import { billableSums, firstDaysToCount, type SumRow, sumRowOf } from './billable-sums';
import { refreshAllBilling, refreshBilling } from './billing-kept';
import { asSums, billableSumsSelect, entriesFromPieces, pricedEntries } from './billing-sql';

/**
 * The billing's kept rows (docs/decisions/049-billing-kept-rows.md) never change a figure: after any
 * sequence of writes (entries added, moved, deleted, switched billable, invoiced; a project's
 * rounding changed; rates added and removed; a running timer; a person's new zone) with the ledger's
 * and the billing's refreshes run for some or all people in between, the billable report gives
 * every group the sums that pricing every entry afresh from the ledger gives.
 */
const H = 3600;
const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'UTC'] as const;
const MONDAY = '2025-03-24'; // Berlin's clocks go forward on Sunday the 30th
// A range that cuts through entries at both ends, and one that holds them all.
const RANGES = [
  { from: addDays(MONDAY, -1), to: addDays(MONDAY, 4) },
  { from: addDays(MONDAY, -6), to: addDays(MONDAY, 12) },
];
const GROUPINGS = ['client', 'project', 'user', 'task'] as const;

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(settings).values({ id: 1, timeZone: 'UTC' });
});
afterAll(() => t.close());

const interval = fc.record({
  day: fc.integer({ min: -3, max: 8 }),
  second: fc.integer({ min: 0, max: 24 * H - 1 }),
  seconds: fc.oneof(
    fc.integer({ min: 1, max: 59 }),
    fc.integer({ min: 60, max: 6 * H }),
    fc.integer({ min: 6 * H, max: 40 * H }),
  ),
});
const add = fc.record({ op: fc.constant('add' as const), who: fc.nat(2), at: interval, project: fc.nat(3) });
const step = fc.oneof(
  add,
  fc.record({ op: fc.constant('move' as const), which: fc.nat(), at: interval }),
  fc.record({ op: fc.constant('delete' as const), which: fc.nat() }),
  fc.record({ op: fc.constant('billable' as const), which: fc.nat(), billable: fc.option(fc.boolean()) }),
  fc.record({ op: fc.constant('invoice' as const), which: fc.nat() }),
  fc.record({
    op: fc.constant('rounding' as const),
    project: fc.nat(2),
    minutes: fc.constantFrom(0, 6, 15, 30),
    scope: fc.constantFrom('entry' as const, 'day' as const),
  }),
  fc.record({
    op: fc.constant('rate' as const),
    level: fc.constantFrom('organisation', 'client', 'project', 'person', 'cost'),
    who: fc.nat(2),
    project: fc.nat(2),
    day: fc.integer({ min: -4, max: 8 }),
    amount: fc.integer({ min: 1, max: 20_000 }),
  }),
  fc.record({ op: fc.constant('unrate' as const), which: fc.nat() }),
  fc.record({ op: fc.constant('timer' as const), who: fc.nat(2), at: interval }),
  fc.record({ op: fc.constant('stop timers' as const) }),
  fc.record({
    op: fc.constant('zone' as const),
    who: fc.nat(2),
    zone: fc.constantFrom(...ZONES),
    marked: fc.boolean(),
  }),
  {
    arbitrary: fc.record({ op: fc.constant('refresh' as const), batch: fc.integer({ min: 1, max: 3 }) }),
    weight: 4,
  },
);

const span = (at: { day: number; second: number; seconds: number }) => {
  const start = Date.parse(`${MONDAY}T00:00:00Z`) + at.day * 24 * H * 1000 + at.second * 1000;
  return { startTime: new Date(start), endTime: new Date(start + at.seconds * 1000) };
};

/** A write the invoice lock refuses (an invoiced entry cannot change) is the app's 409: skipped here. */
async function unlessInvoiced(write: () => Promise<unknown>) {
  try {
    await write();
  } catch (err) {
    const text = `${(err as Error).message} ${String((err as { cause?: unknown }).cause ?? '')}`;
    if (!text.includes('entry_invoiced')) throw err;
  }
}

type Sum = Record<string, number>;
/** The report's rows merged per group, project and currency pair (kept and counted rows add up). */
function merged(rows: Awaited<ReturnType<typeof billableSums>>) {
  const out = new Map<string, Sum>();
  for (const r of rows) {
    const id = [r.key, r.projectId, r.currency, r.costCurrency].join('|');
    const sum = out.get(id) ?? {};
    out.set(id, sum);
    for (const [k, v] of Object.entries(r)) if (typeof v === 'number') sum[k] = (sum[k] ?? 0) + v;
  }
  return [...out.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
}

type Grouping = (typeof GROUPINGS)[number];

/**
 * Asserts that the billable report of these people (or of everyone, from the day sums) gives every
 * group what pricing every entry afresh from the ledger gives (the oracle); returns how many of these
 * people it read from kept rows, at least in part.
 */
async function expectPricedAfresh(
  people: string[],
  range: { from: string; to: string },
  groupBy: Grouping,
  now: Date,
  everyone = false,
) {
  const ctx = contextFor(t.app.deps, null, t.app.log);
  const scope = everyone
    ? { people: sql`true`, everyone }
    : { people: sql`u.id = any(${pgArray(people)}::uuid[])` };
  const persons = await timePeople(t.db, scope.people, 'UTC', range, { off: 'none' });
  const report = await billableSums({ ...ctx, now }, { ...range, groupBy }, scope);
  const oracle = await ledgerRows<SumRow>(
    t.db,
    persons.map((person) => ({ person, ...range })),
    { now },
    sql`${entriesFromPieces()} ${pricedEntries()} ${billableSumsSelect(asSums(sql`priced`), groupBy, sql`true`)}`,
  );
  expect(merged(report)).toEqual(merged(oracle.map(sumRowOf)));
  const mine = persons.filter((p) => people.includes(p.userId));
  return t.db.transaction(
    async (tx) => {
      const { windows } = await firstDaysToCount(
        tx as unknown as Db,
        { everyone: false, people: mine },
        range,
      );
      const whole = windows.filter((w) => w.from === range.from && w.to === range.to);
      return mine.length - whole.length;
    },
    { isolationLevel: 'repeatable read' },
  );
}

describe('the kept rows of billing', () => {
  it('give every group of the billable report what pricing every entry afresh gives', async () => {
    const [client] = await t.db.insert(clients).values({ name: 'Kept client', currency: 'EUR' }).returning();
    const made = await t.db
      .insert(projects)
      .values([
        { name: 'Per entry', clientId: client.id, billable: true, roundingMinutes: 15 },
        { name: 'Per day', clientId: client.id, billable: true, roundingMinutes: 30, roundingScope: 'day' },
        { name: 'Internal', billable: false },
      ])
      .returning();
    const [invoice] = await t.db
      .insert(invoices)
      .values({ clientId: client.id, fromDay: MONDAY, toDay: MONDAY, reference: 'K-1' })
      .returning();
    const now = new Date(`${addDays(MONDAY, 9)}T12:00:00Z`);
    let keptReads = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...ZONES), { minLength: 3, maxLength: 3 }),
        fc.array(add, { minLength: 2, maxLength: 10 }),
        fc.array(step, { minLength: 1, maxLength: 12 }),
        async (zones, before, later) => {
          const people = [];
          for (const zone of zones) people.push((await t.createUser('employee', { timeZone: zone })).id);
          const mine = sql`user_id = any(${pgArray(people)}::uuid[])`;
          const entryIds = async () =>
            (
              await rowsOf<{ id: string }>(
                t.db,
                sql`select id::text from time_entries where ${mine} order by id`,
              )
            ).map((r) => r.id);
          const projectOf = (n: number) => (n < made.length ? made[n].id : null);
          // Most reads meet kept rows with a few marked people on top: everything is priced once first.
          const steps = [...before, { op: 'refresh' as const, batch: 3 }, ...later];
          for (const [i, s] of steps.entries()) {
            const all = await entryIds();
            const pick = (n: number) => all[n % Math.max(all.length, 1)];
            if (s.op === 'add')
              await t.db
                .insert(timeEntries)
                .values({ userId: people[s.who], projectId: projectOf(s.project), ...span(s.at) });
            else if (s.op === 'move' && all.length)
              await unlessInvoiced(() =>
                t.db
                  .update(timeEntries)
                  .set(span(s.at))
                  .where(eq(timeEntries.id, pick(s.which))),
              );
            else if (s.op === 'delete' && all.length)
              await unlessInvoiced(() => t.db.delete(timeEntries).where(eq(timeEntries.id, pick(s.which))));
            else if (s.op === 'billable' && all.length)
              await unlessInvoiced(() =>
                t.db
                  .update(timeEntries)
                  .set({ billable: s.billable })
                  .where(eq(timeEntries.id, pick(s.which))),
              );
            else if (s.op === 'invoice' && all.length)
              await t.db
                .update(timeEntries)
                .set({ invoiceId: sql`case when invoice_id is null then ${invoice.id}::uuid end` })
                .where(eq(timeEntries.id, pick(s.which)));
            else if (s.op === 'rounding')
              await t.db
                .update(projects)
                .set({ roundingMinutes: s.minutes, roundingScope: s.scope })
                .where(eq(projects.id, made[s.project].id));
            else if (s.op === 'rate')
              await t.db.insert(rates).values({
                kind: s.level === 'cost' ? 'cost' : 'billable',
                clientId: s.level === 'client' ? client.id : null,
                projectId: s.level === 'project' || s.level === 'person' ? made[s.project].id : null,
                userId: s.level === 'person' || s.level === 'cost' ? people[s.who] : null,
                amountMinor: s.amount,
                currency: s.level === 'cost' ? 'USD' : s.amount % 2 ? 'EUR' : 'GBP',
                effectiveFrom: addDays(MONDAY, s.day),
              });
            else if (s.op === 'unrate') {
              const list = await rowsOf<{ id: string }>(t.db, sql`select id::text from rates order by id`);
              if (list.length) await t.db.delete(rates).where(eq(rates.id, list[s.which % list.length].id));
            } else if (s.op === 'timer')
              await t.db
                .insert(activeTimers)
                .values({ userId: people[s.who], startTime: span(s.at).startTime })
                .onConflictDoNothing();
            else if (s.op === 'stop timers') await t.db.delete(activeTimers).where(mine);
            else if (s.op === 'zone') {
              await t.db.update(users).set({ timeZone: s.zone }).where(eq(users.id, people[s.who]));
              if (s.marked) await markZoneChanges(t.db, 'UTC');
            } else if (s.op === 'refresh') {
              await refreshLedger(t.db, 'UTC', s.batch);
              await refreshBilling(t.db, s.batch);
            }

            // One grouping a step, in turn, for these people or for everyone (every earlier run's
            // people too, kept and summed per day): every grouping meets every kind of step over the runs.
            const groupBy = GROUPINGS[Math.floor(i / 2) % GROUPINGS.length];
            for (const range of RANGES)
              keptReads += await expectPricedAfresh(people, range, groupBy, now, i % 2 === 1);
          }
          // Everything refreshed: nothing is marked, and the whole range reads from the kept rows.
          await markZoneChanges(t.db, 'UTC');
          await refreshAllStale(t.db, 'UTC');
          await refreshAllBilling(t.db);
          const [{ n }] = await rowsOf<{ n: number }>(
            t.db,
            sql`select count(*)::int as n from billing_stale where ${mine}`,
          );
          expect(n).toBe(0);
          // The day sums are the kept rows summed (the trigger on billing_entries keeps them).
          const sums = sql`select first_day as day, project_id, task_id, client_id, billable, invoiced, currency,
              cost_currency, count(*) as n, sum(secs) as secs, sum(bsecs) as bsecs, coalesce(sum(amount), 0) as amount,
              coalesce(sum(cost), 0) as cost
            from billing_entries group by 1, 2, 3, 4, 5, 6, 7, 8`;
          const kept = sql`select day, project_id, task_id, client_id, billable, invoiced, currency, cost_currency,
              n, secs, bsecs, amount, cost from billing_days`;
          const differ = await rowsOf(
            t.db,
            sql`(${sums} except all ${kept}) union all (${kept} except all ${sums})`,
          );
          expect(differ).toEqual([]);
        },
      ),
      // Each run writes and reads a few hundred times: a failure is reported as found, not shrunk.
      { numRuns: Number(process.env.LEDGER_RUNS ?? 15), endOnFailure: true },
    );
    // The property held while the report did read kept rows, not only counted ones.
    expect(keptReads).toBeGreaterThan(0);
  }, 300_000);
  it("count an entry that runs across the range's last day from its first day, with its days inside only", async () => {
    const [project] = await t.db
      .insert(projects)
      .values({ name: 'Across the end', billable: true, roundingMinutes: 30, roundingScope: 'day' })
      .returning();
    await t.db
      .insert(rates)
      .values({ projectId: project.id, amountMinor: 6000, currency: 'EUR', effectiveFrom: '2025-01-01' });
    const person = (await t.createUser('employee', { timeZone: 'UTC' })).id;
    const to = addDays(MONDAY, 4);
    // 30 hours from 20:00 the day before the range's last day, a short entry on that day, and a
    // night shift into it from the day before (its own day's rounding, read from its kept row)
    await t.db.insert(timeEntries).values([
      {
        userId: person,
        projectId: project.id,
        startTime: new Date(`${addDays(to, -2)}T22:00:00Z`),
        endTime: new Date(`${addDays(to, -1)}T01:00:00Z`),
      },
      {
        userId: person,
        projectId: project.id,
        startTime: new Date(`${addDays(to, -1)}T20:00:00Z`),
        endTime: new Date(`${addDays(to, 1)}T02:00:00Z`),
      },
      {
        userId: person,
        projectId: project.id,
        startTime: new Date(`${addDays(to, -1)}T08:00:00Z`),
        endTime: new Date(`${addDays(to, -1)}T08:10:00Z`),
      },
    ]);
    await refreshAllStale(t.db, 'UTC');
    await refreshAllBilling(t.db);
    const now = new Date(`${addDays(MONDAY, 9)}T12:00:00Z`);
    for (const groupBy of GROUPINGS)
      expect(await expectPricedAfresh([person], { from: MONDAY, to }, groupBy, now)).toBe(1);
    const report = await billableSums(
      { ...contextFor(t.app.deps, null, t.app.log), now },
      { from: MONDAY, to, groupBy: 'project' },
      { people: sql`u.id = ${person}` },
    );
    // the night shift's 3 h; 4 h + 24 h of the long entry inside the range and 10 minutes, rounded
    // up per day to 28.5 h
    expect(report.reduce((sum, r) => sum + r.billableSeconds, 0)).toBe(31.5 * H);
  });
  it('round an entry cut by the range with the other entries of its day when its project rounds per day', async () => {
    const [project] = await t.db
      .insert(projects)
      .values({ name: 'Cut per day', billable: true, roundingMinutes: 30, roundingScope: 'day' })
      .returning();
    await t.db
      .insert(rates)
      .values({ projectId: project.id, amountMinor: 6000, currency: 'EUR', effectiveFrom: '2025-01-01' });
    const person = (await t.createUser('employee', { timeZone: 'UTC' })).id;
    const [from, to] = [MONDAY, addDays(MONDAY, 4)];
    const at = (day: string, time: string) => new Date(`${day}T${time}Z`);
    // 50 minutes of a night shift inside the range on each end, and 10 minutes on the same days:
    // each day's hour rounds to one hour; cut alone, 50 minutes would round to an hour and 10 to 30
    await t.db.insert(timeEntries).values([
      {
        userId: person,
        projectId: project.id,
        startTime: at(addDays(from, -1), '23:00:00'),
        endTime: at(from, '00:50:00'),
      },
      {
        userId: person,
        projectId: project.id,
        startTime: at(from, '08:00:00'),
        endTime: at(from, '08:10:00'),
      },
      {
        userId: person,
        projectId: project.id,
        startTime: at(to, '23:10:00'),
        endTime: at(addDays(to, 1), '01:00:00'),
      },
      { userId: person, projectId: project.id, startTime: at(to, '08:00:00'), endTime: at(to, '08:10:00') },
    ]);
    await refreshAllStale(t.db, 'UTC');
    await refreshAllBilling(t.db);
    const now = new Date(`${addDays(MONDAY, 9)}T12:00:00Z`);
    for (const everyone of [false, true])
      expect(await expectPricedAfresh([person], { from, to }, 'project', now, everyone)).toBe(1);
    const report = await billableSums(
      { ...contextFor(t.app.deps, null, t.app.log), now },
      { from, to, groupBy: 'project' },
      { people: sql`u.id = ${person}` },
    );
    expect(report.reduce((sum, r) => sum + r.billableSeconds, 0)).toBe(2 * H);
  });
  it("price an entry across midnight again with its first day's group when only its second day is touched", async () => {
    const [project] = await t.db
      .insert(projects)
      .values({ name: 'Touched later', billable: true, roundingMinutes: 6, roundingScope: 'day' })
      .returning();
    const person = (await t.createUser('employee', { timeZone: 'UTC' })).id;
    const at = (day: string, time: string) => new Date(`${day}T${time}Z`);
    const [d1, d2] = [MONDAY, addDays(MONDAY, 1)];
    // one rounding group on the first day: a morning entry and an entry across midnight
    await t.db.insert(timeEntries).values([
      { userId: person, projectId: project.id, startTime: at(d1, '00:00:09'), endTime: at(d1, '06:00:11') },
      { userId: person, projectId: project.id, startTime: at(d1, '06:02:34'), endTime: at(d2, '06:02:19') },
    ]);
    await refreshAllStale(t.db, 'UTC');
    await refreshAllBilling(t.db);
    // a write on the second day only: the entry across midnight is priced again, with its group
    await t.db
      .insert(timeEntries)
      .values({ userId: person, startTime: at(d2, '19:04:07'), endTime: at(d2, '19:05:02') });
    await refreshAllStale(t.db, 'UTC');
    await refreshAllBilling(t.db);
    const now = new Date(`${addDays(MONDAY, 9)}T12:00:00Z`);
    expect(
      await expectPricedAfresh([person], { from: addDays(d1, -1), to: addDays(d1, 4) }, 'project', now),
    ).toBe(1);
    const [kept] = await rowsOf<{ bsecs: number }>(
      t.db,
      sql`select sum(bsecs)::int as bsecs from billing_entries where user_id = ${person} and project_id = ${project.id}`,
    );
    // 107,987 s on the first day, rounded up once to 6 minutes
    expect(kept.bsecs).toBe(108_000);
  });
});
