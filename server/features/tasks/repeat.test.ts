import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { type RepeatInput, repeatSchema, tasksApi } from '@contract/tasks';
import { addDays, zonedClock, zonedDate, zonedInstant } from '@contract/zoned-time';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { tasks } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { withDatabase } from '../../test/global-setup';
import { createTestApp, type TestApi, type TestContext, testDatabaseName } from '../../test/harness';
import { contextFor } from '../../lib/context';
import { nextOccurrence, ruleText } from './repeat';
import { createDueOccurrences, createNextOccurrence } from './occurrences';

const repeat = (input: RepeatInput) => repeatSchema.parse(input);
const never = { type: 'never' } as const;

/** The next `n` occurrences after `first` (made counts the first). */
function occurrences(input: RepeatInput, first: Date, zone: string, n: number) {
  const rule = ruleText(repeat(input), first, zone);
  const out: Date[] = [];
  let current = first;
  for (let i = 1; i <= n; i++) {
    const next = nextOccurrence(rule, zone, current, current, i);
    if (!next) break;
    out.push(next);
    current = next;
  }
  return out;
}
const local = (d: Date, zone: string) => `${zonedDate(d, zone)} ${zonedClock(d, zone)}`;

describe('repeat rules (the dates)', () => {
  it('keeps 09:00 in Europe/Berlin across the DST change', () => {
    const first = zonedInstant('2026-03-27', '09:00', 'Europe/Berlin');
    const next = occurrences({ frequency: 'daily', end: never }, first, 'Europe/Berlin', 3);
    expect(next.map((d) => local(d, 'Europe/Berlin'))).toEqual([
      '2026-03-28 09:00',
      '2026-03-29 09:00',
      '2026-03-30 09:00',
    ]);
    // the instant moves by the hour the clocks moved
    expect(next.map((d) => d.toISOString())).toEqual([
      '2026-03-28T08:00:00.000Z',
      '2026-03-29T07:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
    ]);
    const autumn = zonedInstant('2026-10-24', '09:00', 'Europe/Berlin');
    const weekly = occurrences(
      { frequency: 'weekly', weekdays: [5], end: never },
      autumn,
      'Europe/Berlin',
      1,
    );
    expect(weekly.map((d) => d.toISOString())).toEqual(['2026-10-31T08:00:00.000Z']);
  });

  it('monthly on the 31st falls on the last day of shorter months; after N stops at N', () => {
    const first = zonedInstant('2027-01-31', '10:00', 'UTC');
    const next = occurrences(
      { frequency: 'monthly', monthDay: 31, end: { type: 'after', count: 5 } },
      first,
      'UTC',
      10,
    );
    expect(next.map((d) => zonedDate(d, 'UTC'))).toEqual([
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
    ]);
    const leap = occurrences(
      { frequency: 'monthly', monthDay: 30, end: never },
      zonedInstant('2028-01-30', '10:00', 'UTC'),
      'UTC',
      2,
    );
    expect(leap.map((d) => zonedDate(d, 'UTC'))).toEqual(['2028-02-29', '2028-03-30']);
  });

  it('weekdays skip the weekend; an end date is the last day an occurrence may fall on', () => {
    const friday = zonedInstant('2026-12-04', '08:30', 'Europe/Berlin');
    const next = occurrences(
      { frequency: 'weekdays', end: { type: 'on', date: '2026-12-09' } },
      friday,
      'Europe/Berlin',
      10,
    );
    expect(next.map((d) => local(d, 'Europe/Berlin'))).toEqual([
      '2026-12-07 08:30',
      '2026-12-08 08:30',
      '2026-12-09 08:30',
    ]);
  });

  it('skips to the first occurrence not yet passed when a task is completed late', () => {
    const first = zonedInstant('2026-03-02', '09:00', 'UTC');
    const rule = ruleText(repeat({ frequency: 'daily', end: never }), first, 'UTC');
    const next = nextOccurrence(rule, 'UTC', first, new Date('2026-03-05T12:00:00Z'), 1);
    expect(next?.toISOString()).toBe('2026-03-06T09:00:00.000Z');
  });

  it('by property: every next occurrence is later, at the same wall-clock time, on a day the rule allows', () => {
    const zones = ['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'UTC', 'Asia/Kolkata'];
    const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.date({
          min: new Date('2020-01-01T00:00:00Z'),
          max: new Date('2035-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 4, max: 23 }),
        fc.constantFrom(0, 15, 30, 45),
        fc.oneof(
          fc.constant<RepeatInput>({ frequency: 'daily', end: never }),
          fc.constant<RepeatInput>({ frequency: 'weekdays', end: never }),
          fc
            .uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 })
            .map<RepeatInput>((weekdays) => ({ frequency: 'weekly', weekdays, end: never })),
          fc
            .integer({ min: 1, max: 31 })
            .map<RepeatInput>((monthDay) => ({ frequency: 'monthly', monthDay, end: never })),
        ),
        (zone, day, hour, minute, input) => {
          const clock = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
          const first = zonedInstant(day.toISOString().slice(0, 10), clock, zone);
          const r = repeat(input);
          let previous = first;
          for (const next of occurrences(input, first, zone, 6)) {
            expect(next.getTime()).toBeGreaterThan(previous.getTime());
            expect(zonedClock(next, zone)).toBe(clock);
            const date = zonedDate(next, zone);
            const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
            const before = zonedDate(previous, zone);
            if (r.frequency === 'daily') expect(date).toBe(addDays(before, 1));
            if (r.frequency === 'weekdays') expect(weekday).toBeLessThan(5);
            if (r.frequency === 'weekly') expect(r.weekdays).toContain(weekday);
            if (r.frequency === 'monthly') {
              const [y, m, d] = date.split('-').map(Number);
              expect(d).toBe(Math.min(r.monthDay ?? 1, daysIn(y, m)));
            }
            previous = next;
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('repeating tasks (the API)', () => {
  const clock = fixedClock('2026-03-18T12:00:00Z');
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  it('completing a weekly task makes the next one, once, due on the next chosen day at the same time', async () => {
    const { api } = await t.userClient('employee');
    const created = await api.call(tasksApi.create, {
      body: {
        title: 'Weekly report',
        dueDate: '2026-03-20T09:00:00Z',
        repeat: { frequency: 'weekly', weekdays: [0, 4], end: never },
      },
    });
    expect(created.statusCode).toBe(201);
    const task = created.json();
    expect(task.repeat).toEqual({
      frequency: 'weekly',
      weekdays: [0, 4],
      monthDay: null,
      end: never,
      zone: 'UTC',
    });
    await api.call(tasksApi.update, { params: { id: task.id }, body: { status: 'in_progress' } });
    await api.call(tasksApi.update, { params: { id: task.id }, body: { status: 'completed' } });
    const mine = (await api.call(tasksApi.listMine, { query: {} })).json();
    const series = mine
      .filter((x) => x.title === 'Weekly report')
      .sort((x, y) => (y.dueDate ?? '').localeCompare(x.dueDate ?? ''));
    expect(series.map((x) => [x.status, x.dueDate])).toEqual([
      ['todo', '2026-03-23T09:00:00.000Z'],
      ['completed', '2026-03-20T09:00:00.000Z'],
    ]);
    expect(series[0].repeat).toEqual(task.repeat);
  });

  it('refuses a rule without a due date or without its days, in the contract’s words', async () => {
    const { api } = await t.userClient('employee');
    const noDue = await api.call(tasksApi.create, {
      body: { title: 'Loose', repeat: { frequency: 'daily', end: never } },
    });
    expect(noDue.statusCode).toBe(400);
    expect(noDue.json().fieldErrors?.dueDate).toEqual(['A repeating task needs a due date']);
    const noDays = await api.post('/api/tasks', {
      title: 'Loose',
      dueDate: '2026-03-20T09:00:00Z',
      repeat: { frequency: 'weekly', weekdays: [], end: never },
    });
    expect(noDays.statusCode).toBe(400);
    expect(noDays.json().message).toContain('Choose at least one day of the week');
  });

  it('an approval completes a repeating task too; an edit can stop or change the rule', async () => {
    const { api: manager } = await t.userClient('manager');
    const { api, user } = await t.userClient('employee');
    const task = (
      await manager.call(tasksApi.create, {
        body: {
          title: 'Month end close',
          assigneeId: user.id,
          dueDate: '2026-03-31T15:00:00Z',
          repeat: { frequency: 'monthly', monthDay: 31, end: { type: 'after', count: 2 } },
        },
      })
    ).json();
    await api.call(tasksApi.submit, { params: { id: task.id }, body: {} });
    await manager.call(tasksApi.review, { params: { id: task.id }, body: { action: 'approve' } });
    const next = (await api.call(tasksApi.listMine, { query: {} })).json().find((x) => x.status === 'todo');
    expect(next?.dueDate).toBe('2026-04-30T15:00:00.000Z');
    // the second of two: completing it makes no third
    await api.call(tasksApi.update, { params: { id: next?.id ?? '' }, body: { status: 'in_progress' } });
    await api.call(tasksApi.update, { params: { id: next?.id ?? '' }, body: { status: 'completed' } });
    expect(
      (await api.call(tasksApi.listMine, { query: {} })).json().filter((x) => x.status === 'todo'),
    ).toEqual([]);

    const edited = await manager.call(tasksApi.update, { params: { id: task.id }, body: { repeat: null } });
    expect(edited.json().repeat).toBeNull();
    const daily = await manager.call(tasksApi.update, {
      params: { id: task.id },
      body: { repeat: { frequency: 'daily', end: never } },
    });
    expect(daily.json().repeat).toMatchObject({ frequency: 'daily' });
  });
});

describe('repeating tasks on their date (the minute sweep)', () => {
  const clock = fixedClock('2026-03-27T08:00:00Z');
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());
  const sweep = () => createDueOccurrences(contextFor(t.app.deps, null, t.app.log));
  /** The series' tasks, oldest due first, as [status, due]. */
  const seriesOf = async (title: string) =>
    (await t.db.select().from(tasks).where(eq(tasks.title, title)))
      .sort((a, b) => (a.dueDate?.getTime() ?? 0) - (b.dueDate?.getTime() ?? 0))
      .map((r) => [r.deletedAt ? 'deleted' : r.status, r.dueDate?.toISOString()]);
  const create = async (api: TestApi, title: string, dueDate: string, input: RepeatInput) => {
    const res = await api.call(tasksApi.create, { body: { title, dueDate, repeat: input } });
    expect(res.statusCode).toBe(201);
    return res.json();
  };
  const complete = async (api: TestApi, id: string) => {
    await api.call(tasksApi.update, { params: { id }, body: { status: 'in_progress' } });
    const done = await api.call(tasksApi.update, { params: { id }, body: { status: 'completed' } });
    expect(done.statusCode).toBe(200);
  };

  it('makes the day’s occurrence once, at midnight in the creator’s zone, across the DST change', async () => {
    const user = await t.createUser('employee', { timeZone: 'Europe/Berlin' });
    const api = await t.signIn(user);
    clock.set('2026-03-27T08:00:00Z');
    await create(api, 'Berlin daily', '2026-03-27T09:00', { frequency: 'daily', end: never });
    await sweep();
    expect(await seriesOf('Berlin daily')).toEqual([['todo', '2026-03-27T08:00:00.000Z']]);
    // 23:30 in UTC is already the 28th in Berlin: its occurrence is made, once
    clock.set('2026-03-27T23:30:00Z');
    await sweep();
    await sweep();
    expect(await seriesOf('Berlin daily')).toEqual([
      ['todo', '2026-03-27T08:00:00.000Z'],
      ['todo', '2026-03-28T08:00:00.000Z'],
    ]);
    // the clocks go forward in the night to the 29th: still 09:00 there, an hour earlier in UTC
    clock.set('2026-03-28T22:59:00Z');
    await sweep();
    expect(await seriesOf('Berlin daily')).toHaveLength(2);
    clock.set('2026-03-28T23:00:00Z');
    await sweep();
    clock.set('2026-03-29T22:10:00Z');
    await sweep();
    expect((await seriesOf('Berlin daily')).slice(2)).toEqual([
      ['todo', '2026-03-29T07:00:00.000Z'],
      ['todo', '2026-03-30T07:00:00.000Z'],
    ]);
  });

  it('monthly on the 31st: made on 28 February and 31 March, and no more after N', async () => {
    clock.set('2027-01-31T08:00:00Z');
    const { user } = await t.userClient('employee');
    const api = await t.signIn(user);
    await create(api, 'Month end', '2027-01-31T10:00:00Z', {
      frequency: 'monthly',
      monthDay: 31,
      end: { type: 'after', count: 3 },
    });
    clock.set('2027-02-27T23:59:00Z');
    await sweep();
    expect(await seriesOf('Month end')).toHaveLength(1);
    clock.set('2027-02-28T00:00:00Z');
    await sweep();
    clock.set('2027-03-31T00:05:00Z');
    await sweep();
    clock.set('2027-04-30T00:05:00Z');
    await sweep();
    expect(await seriesOf('Month end')).toEqual([
      ['todo', '2027-01-31T10:00:00.000Z'],
      ['todo', '2027-02-28T10:00:00.000Z'],
      ['todo', '2027-03-31T10:00:00.000Z'],
    ]);
  });

  it('weekdays: nothing on the weekend; days the app was down are skipped, not made late', async () => {
    clock.set('2026-12-04T07:00:00Z');
    const { user } = await t.userClient('employee');
    const api = await t.signIn(user);
    await create(api, 'Weekday check', '2026-12-04T08:30:00Z', { frequency: 'weekdays', end: never });
    clock.set('2026-12-05T12:00:00Z');
    await sweep();
    clock.set('2026-12-06T12:00:00Z');
    await sweep();
    expect(await seriesOf('Weekday check')).toHaveLength(1);
    // the next sweep runs on Wednesday: Monday's and Tuesday's are not made
    clock.set('2026-12-09T06:00:00Z');
    await sweep();
    expect(await seriesOf('Weekday check')).toEqual([
      ['todo', '2026-12-04T08:30:00.000Z'],
      ['todo', '2026-12-09T08:30:00.000Z'],
    ]);
  });

  it('a completion and the sweep make each occurrence once between them', async () => {
    clock.set('2026-05-04T07:00:00Z');
    const { user } = await t.userClient('employee');
    let api = await t.signIn(user);
    const monday = await create(api, 'Stand-up', '2026-05-04T09:00:00Z', { frequency: 'daily', end: never });
    // Monday's is left open; Tuesday's is made on its date
    clock.set('2026-05-05T06:00:00Z');
    await sweep();
    api = await t.signIn(user);
    // completing Monday's now makes nothing: its next one exists
    await complete(api, monday.id);
    expect(await seriesOf('Stand-up')).toEqual([
      ['completed', '2026-05-04T09:00:00.000Z'],
      ['todo', '2026-05-05T09:00:00.000Z'],
    ]);
    // completing Tuesday's makes Wednesday's at once; Wednesday's sweep makes no second
    const [tuesday] = await t.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.title, 'Stand-up'), eq(tasks.occurrenceAt, new Date('2026-05-05T09:00:00Z'))));
    await complete(api, tuesday.id);
    clock.set('2026-05-06T06:00:00Z');
    await sweep();
    expect(await seriesOf('Stand-up')).toEqual([
      ['completed', '2026-05-04T09:00:00.000Z'],
      ['completed', '2026-05-05T09:00:00.000Z'],
      ['todo', '2026-05-06T09:00:00.000Z'],
    ]);
  });

  it('a stopped rule, a new rule and a latest task in the Trash make nothing more', async () => {
    clock.set('2026-06-01T07:00:00Z');
    const { user } = await t.userClient('employee');
    let api = await t.signIn(user);
    const first = await create(api, 'Stopped', '2026-06-01T09:00:00Z', { frequency: 'daily', end: never });
    clock.set('2026-06-02T06:00:00Z');
    await sweep();
    api = await t.signIn(user);
    const [second] = await t.db
      .select()
      .from(tasks)
      // by title too: other series of this file have an occurrence at the same moment
      .where(and(eq(tasks.title, 'Stopped'), eq(tasks.occurrenceAt, new Date('2026-06-02T09:00:00Z'))));
    const stopped = await api.call(tasksApi.update, { params: { id: second.id }, body: { repeat: null } });
    expect(stopped.statusCode, stopped.body).toBe(200);
    clock.set('2026-06-03T06:00:00Z');
    await sweep();
    api = await t.signIn(user);
    // completing the older open one makes nothing either: its series has ended
    await complete(api, first.id);
    expect(await seriesOf('Stopped')).toHaveLength(2);

    clock.set('2026-06-10T07:00:00Z');
    api = await t.signIn(user);
    const renewed = await create(api, 'Renewed', '2026-06-10T09:00:00Z', { frequency: 'daily', end: never });
    await api.call(tasksApi.update, {
      params: { id: renewed.id },
      body: { repeat: { frequency: 'weekly', weekdays: [0], end: never } },
    });
    clock.set('2026-06-11T06:00:00Z');
    await sweep();
    expect(await seriesOf('Renewed')).toHaveLength(1);
    // the new weekly rule makes the next Monday's, on its date
    clock.set('2026-06-15T06:00:00Z');
    await sweep();
    expect(await seriesOf('Renewed')).toEqual([
      ['todo', '2026-06-10T09:00:00.000Z'],
      ['todo', '2026-06-15T09:00:00.000Z'],
    ]);

    clock.set('2026-07-01T07:00:00Z');
    api = await t.signIn(user);
    const trashed = await create(api, 'Trashed', '2026-07-01T09:00:00Z', { frequency: 'daily', end: never });
    await api.call(tasksApi.remove, { params: { id: trashed.id } });
    clock.set('2026-07-02T06:00:00Z');
    await sweep();
    expect(await seriesOf('Trashed')).toEqual([['deleted', '2026-07-01T09:00:00.000Z']]);
    api = await t.signIn(user);
    // restored, the series goes on from the next day's sweep
    await api.call(tasksApi.restore, { params: { id: trashed.id } });
    await sweep();
    expect(await seriesOf('Trashed')).toEqual([
      ['todo', '2026-07-01T09:00:00.000Z'],
      ['todo', '2026-07-02T09:00:00.000Z'],
    ]);
  });

  it('two sweeps at once make one task', async () => {
    clock.set('2026-08-03T07:00:00Z');
    const { user } = await t.userClient('employee');
    const api = await t.signIn(user);
    await create(api, 'Raced sweep', '2026-08-03T09:00:00Z', { frequency: 'daily', end: never });
    clock.set('2026-08-04T06:00:00Z');
    await Promise.all([sweep(), sweep(), sweep()]);
    expect(await seriesOf('Raced sweep')).toHaveLength(2);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!serverUrl)(
  'repeating tasks on two app instances (PostgreSQL only: skipped without TEST_DATABASE_URL)',
  () => {
    it('makes the next occurrence once when both instances complete the task at the same moment', async () => {
      const clock = fixedClock('2026-03-18T12:00:00Z');
      const t = await createTestApp({ clock });
      const database = await openDatabase({
        url: withDatabase(serverUrl as string, testDatabaseName()),
        poolSize: 4,
      });
      const second = await buildApp({
        database,
        config: loadConfig({ NODE_ENV: 'test' }),
        logger: false,
        clock,
      });
      try {
        const { api, user } = await t.userClient('employee');
        for (let round = 0; round < 5; round++) {
          const task = (
            await api.call(tasksApi.create, {
              body: {
                title: `Daily stand-up ${round}`,
                dueDate: '2026-03-18T09:00:00Z',
                repeat: { frequency: 'daily', end: never },
              },
            })
          ).json();
          await api.call(tasksApi.update, { params: { id: task.id }, body: { status: 'in_progress' } });
          const complete = {
            method: 'PATCH' as const,
            url: `/api/tasks/${task.id}`,
            payload: { status: 'completed' },
          };
          const headers = { cookie: api.cookie ?? '' };
          const answers = await Promise.all([
            t.app.inject({ ...complete, headers }),
            second.inject({ ...complete, headers }),
            second.inject({ ...complete, headers }),
          ]);
          expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
          const rows = await t.db.select().from(tasks).where(eq(tasks.assigneeId, user.id));
          const made = rows.filter((r) => r.title === `Daily stand-up ${round}` && r.status === 'todo');
          expect(made.map((r) => r.dueDate?.toISOString())).toEqual(['2026-03-19T09:00:00.000Z']);
        }
        // Even two completions reaching the insert at once (on two connections) make one occurrence:
        // the unique (series, occurrence) index holds the second back until the first commits.
        const task = (
          await api.call(tasksApi.create, {
            body: {
              title: 'Raced',
              dueDate: '2026-03-18T09:00:00Z',
              repeat: { frequency: 'daily', end: never },
            },
          })
        ).json();
        const [row] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
        const made = await Promise.all([
          t.db.transaction((tx) => createNextOccurrence(tx, row, clock.now())),
          database.db.transaction((tx) => createNextOccurrence(tx, row, clock.now())),
        ]);
        expect(made.filter(Boolean)).toHaveLength(1);
        const raced = await t.db
          .select()
          .from(tasks)
          .where(eq(tasks.seriesId, row.seriesId ?? ''));
        expect(raced).toHaveLength(2);

        // The minute sweep runs on every instance: on its date each occurrence is made once.
        for (let day = 1; day <= 5; day++) {
          clock.set(`2026-03-${String(19 + day).padStart(2, '0')}T00:00:30Z`);
          const swept = await Promise.all([
            createDueOccurrences(contextFor(t.app.deps, null, t.app.log)),
            createDueOccurrences(contextFor(second.deps, null, second.log)),
            createDueOccurrences(contextFor(second.deps, null, second.log)),
          ]);
          const byDay = await t.db
            .select()
            .from(tasks)
            .where(eq(tasks.seriesId, row.seriesId ?? ''));
          expect(byDay).toHaveLength(2 + day);
          expect(swept.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
        }
      } finally {
        await second.close();
        await database.close();
        await t.close();
      }
    });
  },
);
