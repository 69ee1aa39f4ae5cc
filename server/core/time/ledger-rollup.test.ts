import { addDays } from '@contract/zoned-time';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgArray, rowsOf } from '../../db/rows';
import { activeTimers, settings, timeEntries, users } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/harness';
import { timeFixtures } from '../../test/time-fixtures';
import { ledgerWith } from './ledger-count';
import { ledgerRows, trackedByDay, trackedDaySeconds } from './ledger';
import { markZoneChanges, refreshAllStale, refreshLedger } from './ledger-rollup';

/**
 * The ledger's kept sums (docs/decisions/042-ledger-rollup.md) never change a figure: after any
 * sequence of writes (new entries, moved and deleted ones, a running timer, a person's new zone)
 * with refreshes of some or all people in between, the ledger read through the kept sums gives
 * every person, day, entry and project the same seconds as counting everything from the entries,
 * and so do the kept day sums to a read per person and day.
 */
const H = 3600;
const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'UTC'] as const;
const MONDAY = '2025-03-24'; // Berlin's clocks go forward on Sunday the 30th
const FROM = addDays(MONDAY, -3);
const TO = addDays(MONDAY, 9);

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(settings).values({ id: 1, timeZone: 'UTC' });
});
afterAll(() => t.close());

const interval = fc.record({
  day: fc.integer({ min: -2, max: 8 }),
  second: fc.integer({ min: 0, max: 24 * H - 1 }),
  seconds: fc.oneof(
    fc.integer({ min: 1, max: 59 }),
    fc.integer({ min: 60, max: 6 * H }),
    fc.integer({ min: 6 * H, max: 40 * H }),
  ),
});
const add = fc.record({
  op: fc.constant('add' as const),
  who: fc.nat(2),
  at: interval,
  project: fc.boolean(),
});
const step = fc.oneof(
  add,
  fc.record({ op: fc.constant('move' as const), which: fc.nat(), at: interval }),
  fc.record({ op: fc.constant('project' as const), which: fc.nat() }),
  fc.record({ op: fc.constant('delete' as const), which: fc.nat() }),
  fc.record({ op: fc.constant('timer' as const), who: fc.nat(2), at: interval }),
  fc.record({ op: fc.constant('stop timers' as const) }),
  // the job marks a new zone's days within a minute: reads before that must see it by themselves
  fc.record({
    op: fc.constant('zone' as const),
    who: fc.nat(2),
    zone: fc.constantFrom(...ZONES),
    marked: fc.boolean(),
  }),
  {
    arbitrary: fc.record({ op: fc.constant('refresh' as const), batch: fc.integer({ min: 1, max: 3 }) }),
    weight: 3,
  },
);

const span = (at: { day: number; second: number; seconds: number }) => {
  const start = Date.parse(`${MONDAY}T00:00:00Z`) + at.day * 24 * H * 1000 + at.second * 1000;
  return { startTime: new Date(start), endTime: new Date(start + at.seconds * 1000) };
};

describe('the kept sums of the ledger', () => {
  it('give every figure the entries give, however far the refresh has got', async () => {
    const fx = timeFixtures(t.db);
    const project = await fx.project({ name: 'Kept' });
    const now = new Date(`${addDays(MONDAY, 9)}T12:00:00Z`);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...ZONES), { minLength: 3, maxLength: 3 }),
        fc.array(add, { minLength: 2, maxLength: 12 }),
        fc.array(step, { minLength: 1, maxLength: 14 }),
        async (zones, before, later) => {
          const people = [];
          for (const zone of zones)
            people.push({ ...(await t.createUser('employee', { timeZone: zone })), zone });
          const ids = people.map((p) => p.id);
          const entryIds = async () =>
            (
              await rowsOf<{ id: string }>(
                t.db,
                sql`select id::text from time_entries where user_id = any(${pgArray(ids)}::uuid[]) order by id`,
              )
            ).map((r) => r.id);
          // Most reads meet kept sums with a few stale days on top: everything is counted once first.
          const steps = [...before, { op: 'refresh' as const, batch: 3 }, ...later];
          for (const s of steps) {
            const all = await entryIds();
            const pick = (n: number) => all[n % Math.max(all.length, 1)];
            if (s.op === 'add')
              await t.db
                .insert(timeEntries)
                .values({ userId: ids[s.who], projectId: s.project ? project.id : null, ...span(s.at) });
            else if (s.op === 'move' && all.length)
              await t.db
                .update(timeEntries)
                .set(span(s.at))
                .where(eq(timeEntries.id, pick(s.which)));
            else if (s.op === 'project' && all.length)
              await t.db
                .update(timeEntries)
                .set({ projectId: sql`case when project_id is null then ${project.id}::uuid end` })
                .where(eq(timeEntries.id, pick(s.which)));
            else if (s.op === 'delete' && all.length)
              await t.db.delete(timeEntries).where(eq(timeEntries.id, pick(s.which)));
            else if (s.op === 'timer')
              await t.db
                .insert(activeTimers)
                .values({ userId: ids[s.who], startTime: span(s.at).startTime })
                .onConflictDoNothing();
            else if (s.op === 'stop timers')
              await t.db.delete(activeTimers).where(sql`user_id = any(${pgArray(ids)}::uuid[])`);
            else if (s.op === 'zone') {
              await t.db.update(users).set({ timeZone: s.zone }).where(eq(users.id, ids[s.who]));
              people[s.who].zone = s.zone;
              if (s.marked) await markZoneChanges(t.db, 'UTC');
            } else if (s.op === 'refresh') await refreshLedger(t.db, 'UTC', s.batch);

            const ranges = people.map((p) => ({
              person: { userId: p.id, zone: p.zone },
              from: FROM,
              to: TO,
            }));
            const select = sql`select user_id::text, day::text, entry_id::text, project_id::text, sum(secs)::bigint::text as secs
              from pieces group by 1, 2, 3, 4 order by 1, 2, 3, 4`;
            const viaKept = await ledgerRows(t.db, ranges, { now }, select);
            const counted = await rowsOf(
              t.db,
              sql`${ledgerWith({ all: ranges, counted: ranges, kept: [], timers: true }, { now })} ${select}`,
            );
            expect(viaKept).toEqual(counted);
            const ofProject = await ledgerRows(t.db, ranges, { now, projectId: project.id }, select);
            expect(ofProject).toEqual(
              counted.filter((r) => (r as { project_id: string }).project_id === project.id),
            );
            // Reads that sum per person and day take the kept days' sums: the same seconds.
            const perDay = sql`select user_id::text, day::text, sum(secs)::bigint::text as secs
              from pieces group by 1, 2 order by 1, 2`;
            expect(await ledgerRows(t.db, ranges, { now, perDay: true }, perDay)).toEqual(
              await rowsOf(
                t.db,
                sql`${ledgerWith({ all: ranges, counted: ranges, kept: [], timers: true }, { now })} ${perDay}`,
              ),
            );
            // Reads of each person's days as lists (the week grid, the review queue) take the kept
            // days listed inside their index read: the same seconds per person and day, for everyone
            // and for one project (whose pieces are listed).
            const daysOf = (rows: unknown[], projectId?: string) => {
              const sums = new Map<string, number>();
              for (const r of rows as {
                user_id: string;
                day: string;
                project_id: string | null;
                secs: string;
              }[])
                if (!projectId || r.project_id === projectId) {
                  const key = `${r.user_id} ${r.day}`;
                  sums.set(key, (sums.get(key) ?? 0) + Number(r.secs));
                }
              return [...sums].filter(([, v]) => v !== 0).sort();
            };
            const listed = async (projectId?: string) =>
              [...(await trackedByDay(t.db, ranges, { now, projectId }))]
                .flatMap(([userId, days]) => [...days].map(([day, v]) => [`${userId} ${day}`, v] as const))
                .filter(([, v]) => v !== 0)
                .sort();
            expect(await listed()).toEqual(daysOf(counted));
            expect(await listed(project.id)).toEqual(daysOf(counted, project.id));
            // …and as an array of the range's days a person (the week grid).
            const count = Number((Date.parse(TO) - Date.parse(FROM)) / 86_400_000) + 1;
            const arrays = await trackedDaySeconds(t.db, ranges, { now }, FROM, count);
            expect(
              [...arrays]
                .flatMap(([userId, days]) =>
                  days.map((v, i) => [`${userId} ${addDays(FROM, i)}`, v] as const),
                )
                .filter(([, v]) => v !== 0)
                .sort(),
            ).toEqual(daysOf(counted));
            // Reads that sum per person only take each run's sum of day sums: the same seconds, the
            // same people (someone with no time has no row).
            const perPerson = sql`select user_id::text, sum(secs)::bigint::text as secs
              from pieces group by 1 order by 1`;
            expect(await ledgerRows(t.db, ranges, { now, perPerson: true }, perPerson)).toEqual(
              await rowsOf(
                t.db,
                sql`${ledgerWith({ all: ranges, counted: ranges, kept: [], timers: true }, { now })} ${perPerson}`,
              ),
            );
            // …and whole calendar months from the month sums, with the days before or after them
            // from the day sums: March alone, and with April's first day; a head of March's days and
            // April; February and a tail.
            for (const [from, to] of [
              ['2025-03-01', '2025-03-31'],
              ['2025-03-01', '2025-04-01'],
              ['2025-03-23', '2025-04-30'],
              ['2025-02-01', '2025-03-25'],
            ]) {
              const long = people.map((p) => ({ person: { userId: p.id, zone: p.zone }, from, to }));
              expect(await ledgerRows(t.db, long, { now, perPerson: true }, perPerson)).toEqual(
                await rowsOf(
                  t.db,
                  sql`${ledgerWith({ all: long, counted: long, kept: [], timers: true }, { now })} ${perPerson}`,
                ),
              );
            }
          }
          // Everything refreshed: nothing is stale.
          await markZoneChanges(t.db, 'UTC');
          await refreshAllStale(t.db, 'UTC');
          const [{ n }] = await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from ledger_stale`);
          expect(n).toBe(0);
          // The day sums are the kept pieces summed (the trigger on ledger_pieces keeps them).
          const sums = sql`select user_id, day, count(*) as n, sum(secs) as secs from ledger_pieces group by 1, 2`;
          const kept = sql`select user_id, day, n, secs from ledger_days`;
          expect(
            await rowsOf(t.db, sql`(${sums} except all ${kept}) union all (${kept} except all ${sums})`),
          ).toEqual([]);
          // …and the month sums are the day sums summed (the trigger on ledger_days keeps them).
          const monthly = sql`select user_id, date_trunc('month', day)::date as month, count(*) as n, sum(secs) as secs
            from ledger_days group by 1, 2`;
          const months = sql`select user_id, month, n, secs from ledger_months`;
          expect(
            await rowsOf(
              t.db,
              sql`(${monthly} except all ${months}) union all (${months} except all ${monthly})`,
            ),
          ).toEqual([]);
        },
      ),
      { numRuns: Number(process.env.LEDGER_RUNS ?? 25) },
    );
  }, 300_000);
});
