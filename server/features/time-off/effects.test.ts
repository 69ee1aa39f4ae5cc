import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertsApi } from '@contract/alerts';
import { dashboardApi } from '@contract/dashboard';
import { reportsApi } from '@contract/reports';
import { schedulesApi } from '@contract/schedules';
import { timeOffApi } from '@contract/time-off';
import { timesheetsApi } from '@contract/timesheets';
import { parseCsv, sheetRows } from '../../test/exports';
import { ask, asked, ok, teamOf, timeOffApp } from '../../test/time-off';
import type { TestApi } from '../../test/harness';

/**
 * What time off does to the ledger of hours (docs/product/time-off.md#counting): the timesheet's
 * expected time and its day-off rows, the overtime balance and team overtime, the dashboard, the
 * attendance alerts and the Absences report. Now: Wednesday 29 October 2025, 13:00 in Berlin
 * (the organisation's zone and holidays); Berlin fell back on Sunday 26 October.
 */
const NOW = '2025-10-29T12:00:00Z';
const H = 3600;
let app: Awaited<ReturnType<typeof timeOffApp>>;
let people: Awaited<ReturnType<typeof teamOf>>;
beforeAll(async () => {
  app = await timeOffApp(NOW);
  people = await teamOf(app);
});
afterAll(() => app.t.close());

const approve = async (boss: TestApi, id: string) =>
  ok(boss, timeOffApi.approve, { params: { id }, body: {} });
const sheet = (api: TestApi, week: string, userId?: string) =>
  ok(api, timesheetsApi.get, { query: { week, userId } });

describe('the timesheet and the balance', () => {
  it('expects nothing on a week of leave across the DST change, shows the leave rows, and counts 5 days', async () => {
    const { anna, boss } = people;
    // Monday 20 to Sunday 26 October: Berlin falls back on the Sunday.
    const week = await asked(anna.api, {
      typeId: app.types.vacation,
      startDate: '2025-10-20',
      endDate: '2025-10-26',
    });
    expect(week).toMatchObject({ days: 5, seconds: 40 * H });
    const before = await sheet(anna.api, '2025-10-20');
    expect(before.totals.expectedSeconds).toBe(40 * H);
    await approve(boss.api, week.id);
    const after = await sheet(anna.api, '2025-10-20');
    expect(after.days.map((d) => d.expectedSeconds)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(after.days[0].off).toEqual([
      {
        kind: 'leave',
        company: false,
        name: 'Vacation',
        color: '#0ea5e9',
        fraction: 1,
        seconds: 0,
        paid: true,
        // paid leave credits the day's scheduled hours
        creditSeconds: 8 * H,
        compensation: false,
      },
    ]);
    // The weekend has the leave on it too, but it asked nothing.
    expect(after.days[6].off).toHaveLength(1);
    expect(after.totals.expectedSeconds).toBe(0);
    // The manager reads the same sheet.
    expect((await sheet(boss.api, '2025-10-20', anna.user.id)).days).toEqual(after.days);
    // The month so far: 21 working days to today, less the holiday on 3 October, less 5 of leave.
    expect(after.overtime.monthSeconds).toBe(-(21 - 1 - 5) * 8 * H);
    const team = await ok(boss.api, timesheetsApi.teamOvertime, {});
    expect(team.rows.find((r) => r.userId === anna.user.id)?.monthSeconds).toBe(after.overtime.monthSeconds); // The spring-forward week (Berlin, Sunday 29 March 2026) costs 5 days too.
    const spring = await ok(anna.api, timeOffApi.preview, {
      body: { typeId: app.types.vacation, startDate: '2026-03-23', endDate: '2026-03-29' },
    });
    expect(spring).toMatchObject({ days: 5, seconds: 40 * H, problem: null });
  });

  it('shows a holiday row, a half company day, half leave and unpaid leave as the days count them', async () => {
    const { ben, boss } = people;
    const holidayWeek = await sheet(ben.api, '2025-09-29');
    expect(holidayWeek.days[4]).toMatchObject({
      date: '2025-10-03',
      expectedSeconds: 0,
      off: [
        {
          kind: 'holiday',
          name: 'National Holiday',
          company: false,
          color: null,
          fraction: 1,
          seconds: 0,
          paid: false,
        },
      ],
    });
    expect(holidayWeek.totals.expectedSeconds).toBe(32 * H);
    // Next week: a half company day on Wednesday, unpaid leave on Thursday, an afternoon off on Friday.
    const eve = await ok(
      app.admin.api,
      timeOffApi.addHoliday,
      { body: { date: '2025-11-05', kind: 'added', name: 'Company outing', halfDay: true } },
      201,
    );
    try {
      const unpaid = await asked(ben.api, {
        typeId: app.types.unpaid,
        startDate: '2025-11-06',
        endDate: '2025-11-06',
      });
      const half = await asked(ben.api, {
        typeId: app.types.vacation,
        startDate: '2025-11-07',
        endDate: '2025-11-07',
        startHalf: true,
      });
      expect(half.days).toBe(0.5);
      await approve(boss.api, unpaid.id);
      await approve(boss.api, half.id);
      const next = await sheet(ben.api, '2025-11-03');
      expect(next.days.slice(2, 5).map((d) => [d.expectedSeconds, d.off])).toEqual([
        [
          4 * H,
          [
            {
              kind: 'holiday',
              name: 'Company outing',
              company: true,
              color: null,
              fraction: 0.5,
              seconds: 0,
              paid: false,
              creditSeconds: 0,
              compensation: false,
            },
          ],
        ],
        [
          0,
          [
            {
              kind: 'leave',
              company: false,
              name: 'Unpaid leave',
              color: '#a855f7',
              fraction: 1,
              seconds: 0,
              paid: false,
              creditSeconds: 0,
              compensation: false,
            },
          ],
        ],
        [
          4 * H,
          [
            {
              kind: 'leave',
              company: false,
              name: 'Vacation',
              color: '#0ea5e9',
              fraction: 0.5,
              seconds: 0,
              paid: true,
              creditSeconds: 4 * H,
              compensation: false,
            },
          ],
        ],
      ]);
      expect(next.totals.expectedSeconds).toBe((8 + 8 + 4 + 0 + 4) * H);
      // Vacation on the half company day costs the half left of it.
      expect(
        (
          await ok(ben.api, timeOffApi.preview, {
            body: { typeId: app.types.vacation, startDate: '2025-11-05', endDate: '2025-11-05' },
          })
        ).days,
      ).toBe(0.5);
    } finally {
      await app.admin.api.call(timeOffApi.removeHoliday, { params: { id: eve.id as string } });
    }
  });

  it('lowers the overtime balance by Overtime compensation as its day comes, and refuses more than the balance', async () => {
    const { t, fx } = app;
    // Joined on Monday 27 October; 14 h on Monday and Tuesday, 5 h this morning: 33 − 24 = +9 h.
    const olav = await t.userClient('employee', {
      firstName: 'Olav',
      lastName: 'Over',
      createdAt: new Date('2025-10-27T06:00:00Z'),
    });
    const boss = people.boss;
    await fx.team(`Olav's ${Math.random()}`, [boss.user.id], [olav.user.id]);
    await fx.entry(olav.user.id, '2025-10-27T05:00:00Z', '2025-10-27T19:00:00Z');
    await fx.entry(olav.user.id, '2025-10-28T05:00:00Z', '2025-10-28T19:00:00Z');
    await fx.entry(olav.user.id, '2025-10-29T06:00:00Z', '2025-10-29T11:00:00Z');
    const balance = async (api: TestApi) => (await sheet(api, '2025-10-27')).overtime.monthSeconds;
    expect(await balance(olav.api)).toBe(9 * H);
    const { compensation } = app.types;
    const body = { typeId: compensation, startDate: '2025-10-30', endDate: '2025-10-30', hours: 4 };
    expect(await ok(olav.api, timeOffApi.preview, { body })).toMatchObject({
      days: 0,
      seconds: 4 * H,
      remainingAfterDays: null,
      overtimeAfterSeconds: 5 * H,
      problem: null,
    });
    const tomorrow = await asked(olav.api, body);
    expect(tomorrow.status).toBe('pending');
    // What is asked for tomorrow is spoken for: 9 − 4 − 6 < 0.
    const more = { typeId: compensation, startDate: '2025-10-31', endDate: '2025-10-31', hours: 6 };
    const refused = await ask(olav.api, more);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This is more than your overtime balance');
    expect((await ok(olav.api, timeOffApi.preview, { body: more })).overtimeAfterSeconds).toBe(-1 * H);
    await approve(boss.api, tomorrow.id);
    // Approval alone changes nothing today; the day keeps its expected time.
    expect(await balance(olav.api)).toBe(9 * H);
    // Thursday evening: they worked 4 h and took the other 4 h from the balance.
    await fx.entry(olav.user.id, '2025-10-30T07:00:00Z', '2025-10-30T11:00:00Z');
    app.clock.set('2025-10-30T18:00:00Z');
    try {
      const later = await t.signIn(olav.user);
      const thursday = (await sheet(later, '2025-10-27')).days[3];
      expect(thursday).toMatchObject({
        date: '2025-10-30',
        expectedSeconds: 8 * H,
        trackedSeconds: 4 * H,
        off: [{ kind: 'leave', name: 'Overtime compensation', fraction: 0, seconds: 4 * H, paid: false }],
      });
      expect(await balance(later)).toBe(5 * H);
      const team = await ok(await t.signIn(boss.user), timesheetsApi.teamOvertime, {});
      expect(team.rows.find((r) => r.userId === olav.user.id)?.monthSeconds).toBe(5 * H);
    } finally {
      app.clock.set(NOW);
    }
  });
});

describe('the dashboard and the alerts', () => {
  it("expects no hours today on a day off; a half day's half", async () => {
    const { t } = app;
    const sick = await t.userClient('employee', app.joined);
    const halfDay = await t.userClient('employee', app.joined);
    const working = await t.userClient('employee', app.joined);
    await asked(sick.api, { typeId: app.types.sick, startDate: '2025-10-29', endDate: '2025-10-29' });
    await asked(halfDay.api, {
      typeId: app.types.sick,
      startDate: '2025-10-29',
      endDate: '2025-10-29',
      endHalf: true,
    });
    expect((await ok(sick.api, dashboardApi.stats, {})).expectedHoursToday).toBe(0);
    expect((await ok(halfDay.api, dashboardApi.stats, {})).expectedHoursToday).toBe(4);
    expect((await ok(working.api, dashboardApi.stats, {})).expectedHoursToday).toBe(8);
  });

  it('raises no late arrival or missed clock-out on a day of leave or a holiday', async () => {
    const { t, fx } = app;
    const onLeave = await t.userClient('employee', app.joined);
    const onHoliday = await t.userClient('employee', app.joined);
    const working = await t.userClient('employee', app.joined);
    // The holiday: a team in Austria with a day of its own on Monday 27 October.
    const vienna = await fx.team(`Vienna ${Math.random()}`, [], [onHoliday.user.id]);
    await ok(app.admin.api, timeOffApi.saveRegion, {
      body: { country: 'AT', region: null, teamId: vienna.id },
    });
    await ok(
      app.admin.api,
      timeOffApi.addHoliday,
      { body: { date: '2025-10-27', kind: 'added', name: 'Team day', teamId: vienna.id } },
      201,
    );
    await asked(onLeave.api, { typeId: app.types.sick, startDate: '2025-10-27', endDate: '2025-10-27' });
    // Each clocked in at 10:30 Berlin (late) on Monday and never out.
    for (const who of [onLeave, onHoliday, working])
      await fx.attendance(who.user.id, '2025-10-27T09:30:00Z', null);
    // A record open since Monday is also a long day, which time off does not excuse; these two it does.
    const excusable = (kind: string) => kind === 'late_arrival' || kind === 'missing_clock_out';
    const kinds = async (api: TestApi) =>
      (await ok(api, alertsApi.mine, {}))
        .map((a) => a.kind)
        .filter(excusable)
        .sort();
    expect(await kinds(working.api)).toEqual(['late_arrival', 'missing_clock_out']);
    expect(await kinds(onLeave.api)).toEqual([]);
    expect(await kinds(onHoliday.api)).toEqual([]);
    const everyone = await ok(app.admin.api, alertsApi.everyone, {});
    const of = (id: string) => everyone.filter((a) => a.userId === id && excusable(a.kind));
    expect(of(onLeave.user.id)).toEqual([]);
    expect(of(onHoliday.user.id)).toEqual([]);
    expect(of(working.user.id)).toHaveLength(2);
  });
});

describe('the Absences report', () => {
  it('sums approved time off per person and type over the range, in JSON, CSV and .xlsx', async () => {
    const { t, fx } = app;
    const joined = app.joined;
    const boss = await t.userClient('manager', { firstName: 'Rita', lastName: 'Report', ...joined });
    const ida = await t.userClient('employee', { firstName: 'Ida', lastName: 'Ill', ...joined });
    const max = await t.userClient('employee', { firstName: 'Max', lastName: 'Mon', ...joined });
    const team = await fx.team(`Report ${Math.random()}`, [boss.user.id], [ida.user.id, max.user.id]);
    // Max works Monday to Wednesday: a week off is 3 days.
    await ok(app.admin.api, schedulesApi.put, {
      params: { id: max.user.id },
      body: { minutes: [480, 480, 480, 0, 0, 0, 0], timeZone: null },
    });
    const maxWeek = await asked(max.api, {
      typeId: app.types.vacation,
      startDate: '2025-11-10',
      endDate: '2025-11-16',
    });
    await approve(boss.api, maxWeek.id);
    // Ida: sick 28 October to 3 November (across the range's start), a pending week (not counted), unpaid leave.
    await asked(ida.api, { typeId: app.types.sick, startDate: '2025-10-28', endDate: '2025-11-03' });
    const pending = await asked(ida.api, {
      typeId: app.types.vacation,
      startDate: '2025-11-17',
      endDate: '2025-11-21',
    });
    const unpaid = await asked(ida.api, {
      typeId: app.types.unpaid,
      startDate: '2025-11-24',
      endDate: '2025-11-25',
    });
    await approve(boss.api, unpaid.id);
    expect(pending.status).toBe('pending');
    const query = { from: '2025-11-01', to: '2025-11-30', teamId: team.id };
    const report = await ok(boss.api, reportsApi.absences, { query });
    expect(report.types.map((x) => x.name)).toEqual(['Vacation', 'Sick leave', 'Unpaid leave']);
    const nameOf = new Map(report.types.map((x) => [x.id, x.name]));
    expect(report.rows.map((r) => [r.name, nameOf.get(r.typeId), r.days, r.seconds])).toEqual([
      // 1–2 November is a weekend; Monday the 3rd counts.
      ['Ida Ill', 'Sick leave', 1, 8 * H],
      ['Ida Ill', 'Unpaid leave', 2, 16 * H],
      ['Max Mon', 'Vacation', 3, 24 * H],
    ]);
    expect(report.typeTotals.map((x) => [nameOf.get(x.typeId), x.days])).toEqual([
      ['Vacation', 3],
      ['Sick leave', 1],
      ['Unpaid leave', 2],
    ]);
    expect(report.totals).toEqual({ days: 6, seconds: 48 * H });
    expect(report.scope).toMatchObject({ kind: 'team' });

    const csv = parseCsv((await boss.api.call(reportsApi.absencesCsv, { query })).body);
    expect(csv[0]).toEqual(['User', 'Type', 'Days', 'Hours (h)']);
    expect(csv.slice(1)).toEqual([
      ['Ida Ill', 'Sick leave', '1', '8'],
      ['Ida Ill', 'Unpaid leave', '2', '16'],
      ['Max Mon', 'Vacation', '3', '24'],
      ['Total', '', '6', '48'],
    ]);
    const xlsx = await boss.api.call(reportsApi.absencesXlsx, { query });
    expect(xlsx.statusCode).toBe(200);
    const { rows } = await sheetRows(xlsx.rawPayload);
    expect(rows.slice(1).map((r) => r.slice(0, 4))).toEqual([
      ['Ida Ill', 'Sick leave', 1, 8],
      ['Ida Ill', 'Unpaid leave', 2, 16],
      ['Max Mon', 'Vacation', 3, 24],
      // ExcelJS reads the empty cell as a hole.
      ['Total', undefined, 6, 48],
    ]);
    // October holds Ida's first four days of sickness: 28–31 October.
    const october = await ok(boss.api, reportsApi.absences, {
      query: { ...query, from: '2025-10-01', to: '2025-10-31' },
    });
    expect(october.rows.map((r) => [r.name, r.days])).toEqual([['Ida Ill', 4]]);
    // An employee sees their own only; another's is refused; an unknown team is not found.
    const own = await ok(max.api, reportsApi.absences, { query: { from: '2025-11-01', to: '2025-11-30' } });
    expect(own.rows.map((r) => r.name)).toEqual(['Max Mon']);
    expect(
      (
        await max.api.call(reportsApi.absences, {
          query: { from: '2025-11-01', to: '2025-11-30', userId: ida.user.id },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await app.admin.api.call(reportsApi.absences, {
          query: { ...query, teamId: '00000000-0000-4000-8000-000000000000' },
        })
      ).statusCode,
    ).toBe(404);
    const reversed = await boss.api.call(reportsApi.absences, {
      query: { from: '2025-11-30', to: '2025-11-01' },
    });
    expect(reversed.statusCode).toBe(400);
  });
});
