import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_A_DATE } from '@contract/common';
import { GRID_TOO_LONG, RANGE_TOO_LONG, type TimeGrid, type TimeReport } from '@contract/reports';
import { fixedClock } from '../../lib/clock';
import type { TestClient, TestContext } from '../../test/harness';
import { deliveryTeamApp, timeFixtures } from '../../test/time-fixtures';
import { OWN_DATA_ONLY, TEAMS_DATA_ONLY } from './report-scope';
import { english } from '../../test/messages';

// Europe/Berlin (the organisation's zone) springs forward on Sunday 2025-03-30, 02:00 → 03:00:
// the week of Monday 2025-03-24 is a DST week and its Sunday has 23 hours.
const clock = fixedClock('2025-04-02T12:00:00Z');
let t: TestContext;
let anna: TestClient;
let ben: TestClient;
let manager: TestClient;
let admin: TestClient;
let apollo: string;
let zeus: string;

const WEEK = 'from=2025-03-24&to=2025-03-30';
const H = 3600;

beforeAll(async () => {
  let fx: ReturnType<typeof timeFixtures>;
  ({ t, fx, anna, ben, manager } = await deliveryTeamApp(clock));
  admin = await t.userClient('admin', { firstName: 'Ada', lastName: 'Admin' });
  apollo = (await fx.project({ name: 'Apollo' })).id;
  zeus = (await fx.project({ name: 'Zeus' })).id;
  const a = anna.user.id;
  const b = ben.user.id;
  // Anna: Mon 09:00–11:00 CET (2 h on the 24th).
  await fx.entry(a, '2025-03-24T08:00:00Z', '2025-03-24T10:00:00Z', { projectId: apollo });
  // Anna: Tue 22:00 → Wed 02:00 CET: 2 h on the 25th and 2 h on the 26th.
  await fx.entry(a, '2025-03-25T21:00:00Z', '2025-03-26T01:00:00Z', { projectId: zeus });
  // Anna: Sat 23:00 CET → Sun 04:00 CEST, 4 real hours: 1 h on the 29th, 3 h on the 30th.
  await fx.entry(a, '2025-03-29T22:00:00Z', '2025-03-30T02:00:00Z', { projectId: apollo });
  // Ben: Sun 23rd 23:00 → Mon 24th 01:00 CET: only the hour after midnight is in the week.
  await fx.entry(b, '2025-03-23T22:00:00Z', '2025-03-24T00:00:00Z', { projectId: zeus });
  // Ben: Fri 13:00–14:30 CET without a project (1.5 h on the 28th).
  await fx.entry(b, '2025-03-28T12:00:00Z', '2025-03-28T13:30:00Z');
  // Ben: Mon 31st 09:00–10:00 CEST, after the week.
  await fx.entry(b, '2025-03-31T07:00:00Z', '2025-03-31T08:00:00Z', { projectId: apollo });
});
afterAll(() => t.close());

const report = async (c: TestClient, query: string) => {
  const res = await c.api.get(`/api/reports/time?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TimeReport;
};
const pick = (r: TimeReport) => r.rows.map((row) => [row.label, row.seconds, row.share]);

describe('time report', () => {
  it('needs a session', async () => {
    for (const path of ['time', 'time.csv', 'time.xlsx', 'time-grid', 'time-grid.csv', 'time-grid.xlsx']) {
      expect((await t.anonymous.get(`/api/reports/${path}?${WEEK}`)).statusCode, path).toBe(401);
    }
  });

  it('groups a DST week by project, with the crossing-midnight entries split by day', async () => {
    const r = await report(manager, `${WEEK}&groupBy=project`);
    expect(r).toMatchObject({
      from: '2025-03-24',
      to: '2025-03-30',
      timeZone: 'Europe/Berlin',
      groupBy: 'project',
    });
    expect(r.totalSeconds).toBe(12.5 * H);
    expect(pick(r)).toEqual([
      ['Apollo', 6 * H, 0.48],
      ['Zeus', 5 * H, 0.4],
      ['No project', 1.5 * H, 0.12],
    ]);
    expect(r.rows.map((row) => row.key)).toEqual([apollo, zeus, 'none']);
  });

  it('groups by user, day, week and month', async () => {
    expect(pick(await report(manager, `${WEEK}&groupBy=user`))).toEqual([
      ['Anna Adler', 10 * H, 0.8],
      ['Ben Berg', 2.5 * H, 0.2],
    ]);
    const days = await report(manager, `${WEEK}&groupBy=day`);
    expect(days.rows.map((row) => [row.key, row.seconds])).toEqual([
      ['2025-03-24', 3 * H],
      ['2025-03-25', 2 * H],
      ['2025-03-26', 2 * H],
      ['2025-03-27', 0],
      ['2025-03-28', 1.5 * H],
      ['2025-03-29', 1 * H],
      ['2025-03-30', 3 * H],
    ]);
    expect(days.rows[0].label).toBe('Mon, 24 Mar 2025');
    const weeks = await report(manager, 'from=2025-03-20&to=2025-03-31&groupBy=week');
    expect(weeks.rows.map((row) => [row.key, row.seconds])).toEqual([
      ['2025-03-17', 1 * H],
      ['2025-03-24', 12.5 * H],
      ['2025-03-31', 1 * H],
    ]);
    // A week is written one way on every screen: "Week of" its Monday (docs/product/glossary.md#week).
    expect(weeks.rows[1].label).toBe('Week of 24 Mar 2025');
    const months = await report(manager, 'from=2025-03-01&to=2025-04-30&groupBy=month');
    expect(months.rows.map((row) => [row.key, row.label, row.seconds, row.share])).toEqual([
      ['2025-03-01', 'March 2025', 14.5 * H, 1],
      ['2025-04-01', 'April 2025', 0, 0],
    ]);
  });

  it("counts each person's days in their own zone, whoever looks, and says which zones", async () => {
    const ny = await t.userClient('manager', { timeZone: 'America/New_York' });
    await timeFixtures(t.db).team('New York', [ny.user.id], [anna.user.id]);
    const r = await report(ny, `${WEEK}&groupBy=day&userId=${anna.user.id}`);
    // The dates are written in the viewer's zone, but Anna's days are Berlin's: the same figures
    // her own manager in Berlin reads (Tuesday 22:00 → Wednesday 02:00 is 2 h on each day).
    expect(r.timeZone).toBe('America/New_York');
    expect(r.rows.map((row) => row.seconds)).toEqual([2 * H, 2 * H, 2 * H, 0, 0, 1 * H, 3 * H]);
    expect(r.scope).toEqual({
      kind: 'person',
      teams: ['New York'],
      person: 'Anna Adler',
      zones: ['Europe/Berlin'],
    });
    const own = await report(anna, `${WEEK}&groupBy=day`);
    expect(own.rows.map((row) => row.seconds)).toEqual(r.rows.map((row) => row.seconds));
    expect(own.scope).toMatchObject({ kind: 'own', zones: ['Europe/Berlin'] });
  });

  it("keeps a manager to their teams' people and narrows to one team", async () => {
    const fx = timeFixtures(t.db);
    // Lea manages Ben alone (team 'Support'); Anna's time is not hers to see.
    const lea = await t.userClient('manager', { firstName: 'Lea', lastName: 'Lang' });
    const support = await fx.team('Support', [lea.user.id], [ben.user.id]);
    const delivery = (await admin.api.get('/api/teams'))
      .json()
      .find((x: { name: string }) => x.name === 'Delivery');
    expect(pick(await report(lea, `${WEEK}&groupBy=user`))).toEqual([['Ben Berg', 2.5 * H, 1]]);
    const grid = (await lea.api.get(`/api/reports/time-grid?${WEEK}`)).json() as TimeGrid;
    expect(grid.rows.map((r) => r.name)).toEqual(['Ben Berg', 'Lea Lang']);
    for (const path of [`time?${WEEK}&userId=${anna.user.id}`, `time-grid?${WEEK}&teamId=${delivery.id}`]) {
      const res = await lea.api.get(`/api/reports/${path}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(english(TEAMS_DATA_ONLY));
    }
    // Her own team narrows to its members; an admin may pick any team; an unknown one is a 404.
    expect(pick(await report(lea, `${WEEK}&groupBy=user&teamId=${support.id}`))).toEqual([
      ['Ben Berg', 2.5 * H, 1],
    ]);
    expect(pick(await report(admin, `${WEEK}&groupBy=user&teamId=${delivery.id}`))).toEqual([
      ['Anna Adler', 10 * H, 0.8],
      ['Ben Berg', 2.5 * H, 0.2],
    ]);
    const unknown = await admin.api.get(
      `/api/reports/time?${WEEK}&teamId=00000000-0000-4000-8000-000000000000`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Team not found');
    const bad = await admin.api.get(`/api/reports/time?${WEEK}&teamId=nope`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Choose a valid team');
  });

  it('filters by user and project', async () => {
    expect(pick(await report(admin, `${WEEK}&groupBy=user&projectId=${apollo}`))).toEqual([
      ['Anna Adler', 6 * H, 1],
    ]);
    expect(pick(await report(admin, `${WEEK}&groupBy=project&userId=${ben.user.id}`))).toEqual([
      ['No project', 1.5 * H, 0.6],
      ['Zeus', 1 * H, 0.4],
    ]);
  });

  it("shows employees their own time only, and refuses another user's", async () => {
    expect(pick(await report(anna, `${WEEK}&groupBy=user`))).toEqual([['Anna Adler', 10 * H, 1]]);
    expect(pick(await report(anna, `${WEEK}&groupBy=user&userId=${anna.user.id}`))).toEqual([
      ['Anna Adler', 10 * H, 1],
    ]);
    for (const path of ['time', 'time.csv', 'time-grid', 'time-grid.xlsx']) {
      const res = await anna.api.get(`/api/reports/${path}?${WEEK}&userId=${ben.user.id}`);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().message).toBe(english(OWN_DATA_ONLY));
    }
    const empty = await report(ben, 'from=2025-01-06&to=2025-01-12&groupBy=project');
    expect(empty).toMatchObject({ totalSeconds: 0, rows: [] });
  });

  it('refuses bad filters with 400 and clear messages', async () => {
    const cases: [string, string][] = [
      ['/api/reports/time?from=2024-01-01&to=2025-01-01', english(RANGE_TOO_LONG)],
      ['/api/reports/time.xlsx?from=2024-01-01&to=2025-01-01', english(RANGE_TOO_LONG)],
      ['/api/reports/time?from=2025-03-30&to=2025-03-24', "'From' must not be after 'to'"],
      ['/api/reports/time?from=2025-02-30&to=2025-03-24', english(NOT_A_DATE)],
      ['/api/reports/time?from=24.03.2025&to=2025-03-30', 'Use the format YYYY-MM-DD'],
      [`/api/reports/time?${WEEK}&groupBy=team`, 'Group by project, user, day, week or month'],
      [`/api/reports/time?${WEEK}&userId=nobody`, 'Choose a valid user'],
      [`/api/reports/time?${WEEK}&projectId=1`, 'Choose a valid project'],
      ['/api/reports/time-grid?from=2025-03-01&to=2025-04-01', english(GRID_TOO_LONG)],
    ];
    for (const [url, message] of cases) {
      const res = await manager.api.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(JSON.stringify(res.json()), url).toContain(message);
    }
    // 366 days is allowed (a leap year's worth).
    expect((await manager.api.get('/api/reports/time?from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
  });
});

describe('time grid', () => {
  it('lists every user with a column per day and totals both ways', async () => {
    const res = await manager.api.get(`/api/reports/time-grid?${WEEK}`);
    expect(res.statusCode, res.body).toBe(200);
    const grid = res.json() as TimeGrid;
    expect(grid.days).toEqual([
      '2025-03-24',
      '2025-03-25',
      '2025-03-26',
      '2025-03-27',
      '2025-03-28',
      '2025-03-29',
      '2025-03-30',
    ]);
    const byName = Object.fromEntries(grid.rows.map((r) => [r.name, r]));
    expect(byName['Anna Adler']).toMatchObject({
      seconds: [2 * H, 2 * H, 2 * H, 0, 0, 1 * H, 3 * H],
      totalSeconds: 10 * H,
    });
    expect(byName['Ben Berg']).toMatchObject({
      seconds: [1 * H, 0, 0, 0, 1.5 * H, 0, 0],
      totalSeconds: 2.5 * H,
    });
    // Users who tracked nothing are rows of zeros, not missing.
    expect(byName['Maria Meyer']).toMatchObject({ seconds: [0, 0, 0, 0, 0, 0, 0], totalSeconds: 0 });
    expect(grid.rows.map((r) => r.name)).toEqual([...grid.rows.map((r) => r.name)].sort());
    expect(grid.dayTotals).toEqual([3 * H, 2 * H, 2 * H, 0, 1.5 * H, 1 * H, 3 * H]);
    expect(grid.totalSeconds).toBe(12.5 * H);
  });

  it('gives an employee their own row only', async () => {
    const res = await ben.api.get(`/api/reports/time-grid?${WEEK}`);
    const grid = res.json() as TimeGrid;
    expect(grid.rows.map((r) => [r.name, r.totalSeconds])).toEqual([['Ben Berg', 2.5 * H]]);
    expect(grid.dayTotals).toEqual([1 * H, 0, 0, 0, 1.5 * H, 0, 0]);
  });
});

// Last: this user's entry would change the everyone figures above.
describe('long entries', () => {
  it('counts an entry longer than a day on each day it covers', async () => {
    const cara = await t.userClient('employee', { firstName: 'Cara', lastName: 'Cole' });
    // Thursday 20th 13:00 CET → Tuesday 25th 13:00 CET: in the week, all of Monday and 13 h of Tuesday.
    await timeFixtures(t.db).entry(cara.user.id, '2025-03-20T12:00:00Z', '2025-03-25T12:00:00Z');
    const r = await report(cara, `${WEEK}&groupBy=day`);
    expect(r.rows.map((row) => row.seconds)).toEqual([24 * H, 13 * H, 0, 0, 0, 0, 0]);
    expect((await report(cara, `${WEEK}&groupBy=user`)).totalSeconds).toBe(37 * H);
    const grid = (await cara.api.get(`/api/reports/time-grid?${WEEK}`)).json() as TimeGrid;
    expect(grid.rows[0].seconds).toEqual([24 * H, 13 * H, 0, 0, 0, 0, 0]);
  });
});

describe('scope said and kept', () => {
  it('says whose data each role reads, and the project page follows the same rule', async () => {
    const own = await report(anna, `${WEEK}&groupBy=user`);
    expect(own.scope).toEqual({ kind: 'own', teams: [], person: null, zones: ['Europe/Berlin'] });
    expect(own.rows.map((r) => r.label)).toEqual(['Anna Adler']);
    const teams = await report(manager, `${WEEK}&groupBy=user`);
    expect(teams.scope).toMatchObject({ kind: 'teams', teams: ['Delivery'] });
    const everyone = await report(admin, `${WEEK}&groupBy=user`);
    expect(everyone.scope).toMatchObject({ kind: 'everyone', teams: [] });
    // Apollo this week, as each may see it: Anna her own 6 h (Monday 2 h, Saturday night 4 h), Ben
    // none of his own, the manager and the admin their people's: the same figure on the project page.
    clock.set('2025-03-28T12:00:00Z');
    const page = async (c: TestClient) => {
      const res = await (await t.signIn(c.user)).get(`/api/projects/${apollo}`);
      expect(res.statusCode).toBe(200);
      return res.json().hoursThisWeek as number;
    };
    const apolloOf = async (c: TestClient) =>
      (await report(c, `${WEEK}&groupBy=project`)).rows.find((r) => r.key === apollo)?.seconds ?? 0;
    for (const c of [anna, ben, manager, admin]) {
      expect(Math.round((await page(c)) * H), c.user.firstName).toBe(await apolloOf(c));
    }
    expect(await apolloOf(anna)).toBe(6 * H);
    expect(await apolloOf(ben)).toBe(0);
    clock.set('2025-04-02T12:00:00Z');
  });
});
