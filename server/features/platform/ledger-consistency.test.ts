import { dashboardApi } from '@contract/dashboard';
import type { Endpoint, RequestOf } from '@contract/endpoint';
import { projectsApi } from '@contract/projects';
import { reportsApi } from '@contract/reports';
import { timeEntriesApi } from '@contract/time-entries';
import { timeOffApi } from '@contract/time-off';
import { timesheetsApi } from '@contract/timesheets';
import { addDays } from '@contract/zoned-time';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeTimers, settings, users, workSchedules } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { parseCsv, sheetRows } from '../../test/exports';
import { createTestApp, type TestContext, type TestApi } from '../../test/harness';
import { timeFixtures } from '../../test/time-fixtures';
import { eq } from 'drizzle-orm';
import { refreshAllStale, refreshLedger } from '../../core/time/ledger-rollup';

/**
 * One ledger of hours (docs/product/time-tracking.md#ledger), checked by property: for people in
 * several zones across their DST changes, with schedules, join dates and entries that cross
 * midnight, overlap, last seconds or most of a day, on both sides of a week's edges, and a running
 * timer, every screen, report and export gives the same tracked and expected seconds for the same
 * person and days: the timesheet, the week grid, the time report (JSON, CSV, .xlsx), the overtime
 * report, team overtime, the dashboard and the project page. Berlin's public holidays, a company
 * day (whole or half) and each person's time off of any type (docs/product/time-off.md#counting)
 * change expected time on all of them alike; the timesheet's day-off rows, the requests' cost and
 * the Absences report agree about them. Whether the ledger's kept sums were refreshed before the
 * screens are read, for some people or all, changes nothing.
 */
const H = 3600;
const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata'] as const;
/** Mondays of weeks with a DST change in one of the zones, or next to one. */
const WEEKS = ['2025-03-03', '2025-03-24', '2025-10-20', '2025-10-27', '2025-11-03'] as const;

const clock = fixedClock('2025-01-01T00:00:00Z');
let t: TestContext;
let admin: TestApi;
let adminUser: { id: string };
let leaveTypes: Record<LeaveKind, string>;
beforeAll(async () => {
  t = await createTestApp({ clock });
  await t.db.insert(settings).values({ id: 1, timeZone: 'UTC' });
  adminUser = await t.createUser('admin', { createdAt: new Date('2024-01-01T00:00:00Z') });
  const api = await t.signIn(adminUser);
  expect((await api.call(timeOffApi.saveRegion, { body: { country: 'DE', region: 'BE' } })).statusCode).toBe(
    200,
  );
  const types = (await api.call(timeOffApi.types, {})).json();
  const id = (name: string) => types.find((x) => x.name === name)?.id ?? '';
  leaveTypes = {
    vacation: id('Vacation'),
    sick: id('Sick leave'),
    unpaid: id('Unpaid leave'),
    compensation: id('Overtime compensation'),
  };
});
type LeaveKind = 'vacation' | 'sick' | 'unpaid' | 'compensation';
afterAll(() => t.close());

const entry = fc.record({
  day: fc.integer({ min: -2, max: 8 }),
  second: fc.integer({ min: 0, max: 24 * H - 1 }),
  seconds: fc.oneof(
    fc.integer({ min: 1, max: 59 }),
    fc.integer({ min: 60, max: 4 * H }),
    fc.integer({ min: 4 * H, max: 20 * H }),
  ),
  /** a copy starting this many seconds later: an overlap */
  overlapBy: fc.option(fc.integer({ min: 0, max: 2 * H }), { nil: undefined }),
  project: fc.boolean(),
});
/** Time off within the week: days, halves at either end, or an hourly request's hours. */
const leave = fc.record({
  kind: fc.constantFrom<LeaveKind>('vacation', 'sick', 'unpaid', 'compensation'),
  day: fc.integer({ min: 0, max: 6 }),
  length: fc.integer({ min: 0, max: 4 }),
  startHalf: fc.boolean(),
  endHalf: fc.boolean(),
  hours: fc.integer({ min: 1, max: 40 }).map((q) => q / 4),
});
const person = fc.record({
  zone: fc.constantFrom(...ZONES),
  minutes: fc.array(fc.constantFrom(0, 240, 420, 480, 600), { minLength: 7, maxLength: 7 }),
  joinedDaysBefore: fc.integer({ min: -3, max: 40 }),
  entries: fc.array(entry, { maxLength: 6 }),
  timerMinutes: fc.option(fc.integer({ min: 1, max: 300 }), { nil: undefined }),
  leave: fc.array(leave, { maxLength: 2 }),
});
const scenario = fc.record({
  monday: fc.constantFrom(...WEEKS),
  people: fc.array(person, { minLength: 1, maxLength: 3 }),
  /** the organisation's own day in the week, whole or half */
  companyDay: fc.option(fc.record({ day: fc.integer({ min: 0, max: 6 }), half: fc.boolean() }), {
    nil: undefined,
  }),
  /** how far the ledger's kept sums have been refreshed when the screens are read (decision 040) */
  refreshed: fc.constantFrom('none', 'some', 'all'),
});

type Api = typeof admin;
/** The endpoint's answer, which must have the status (200 unless told). */
const get = async <E extends Endpoint>(
  api: Api,
  endpoint: E,
  input: RequestOf<E> & { headers?: Record<string, string> },
  status = 200,
) => {
  const res = await api.call(endpoint, input);
  expect(res.statusCode, `${endpoint.method} ${endpoint.path}: ${res.body}`).toBe(status);
  return res.json();
};
const hoursOf = (seconds: number) => Math.round((seconds / H) * 100) / 100;

describe('the ledger of hours', () => {
  it('gives the same tracked and expected seconds on every screen, report and export', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ monday, people, companyDay, refreshed }) => {
        const sunday = addDays(monday, 6);
        // Now: Sunday noon UTC, the same Sunday in every zone, after every generated entry.
        const now = new Date(`${sunday}T12:00:00Z`);
        clock.set(now.toISOString());
        admin = await t.signIn(adminUser);
        const ownDay = companyDay
          ? await get(
              admin,
              timeOffApi.addHoliday,
              {
                body: {
                  date: addDays(monday, companyDay.day),
                  kind: 'added',
                  name: 'Company day',
                  halfDay: companyDay.half,
                },
              },
              201,
            )
          : undefined;
        const fx = timeFixtures(t.db);
        const project = await fx.project({ name: `Ledger ${Math.random()}` });
        const made: { id: string; api: Api }[] = [];
        for (const p of people) {
          const joined = new Date(`${addDays(monday, -p.joinedDaysBefore)}T06:00:00Z`);
          const user = await t.createUser('employee', { timeZone: p.zone, createdAt: joined });
          await t.db.insert(workSchedules).values({ userId: user.id, minutes: p.minutes });
          const base = Date.parse(`${monday}T00:00:00Z`);
          for (const e of p.entries) {
            const start = base + e.day * 24 * H * 1000 + e.second * 1000;
            const end = Math.min(start + e.seconds * 1000, now.getTime() - 3600_000);
            if (end <= start) continue;
            const fields = { projectId: e.project ? project.id : null };
            await fx.entry(user.id, new Date(start).toISOString(), new Date(end).toISOString(), fields);
            if (e.overlapBy !== undefined && start + e.overlapBy * 1000 < end) {
              await fx.entry(
                user.id,
                new Date(start + e.overlapBy * 1000).toISOString(),
                new Date(end).toISOString(),
                fields,
              );
            }
          }
          if (p.timerMinutes !== undefined) {
            await t.db.insert(activeTimers).values({
              userId: user.id,
              projectId: project.id,
              startTime: new Date(now.getTime() - p.timerMinutes * 60_000),
            });
          }
          const api = await t.signIn(user);
          for (const l of p.leave) {
            const startDate = addDays(monday, l.day);
            const hourly = l.kind === 'compensation';
            const res = await api.call(timeOffApi.request, {
              body: {
                typeId: leaveTypes[l.kind],
                startDate,
                endDate: hourly ? startDate : addDays(startDate, Math.min(l.length, 6 - l.day)),
                ...(hourly ? { hours: l.hours } : { startHalf: l.startHalf, endHalf: l.endHalf }),
              },
            });
            // Refused with a reason (nothing to take, an overlap, over the balance), never a 500.
            expect([201, 400, 409], res.body).toContain(res.statusCode);
            if (res.statusCode === 201 && res.json().status === 'pending') {
              await get(admin, timeOffApi.approve, { params: { id: res.json().id }, body: {} });
            }
          }
          made.push({ id: user.id, api });
        }
        if (refreshed === 'some') await refreshLedger(t.db, 'UTC', 1);
        if (refreshed === 'all') await refreshAllStale(t.db, 'UTC');
        let projectWeek = 0;
        for (const { id, api } of made) {
          const range = { from: monday, to: sunday, userId: id };
          const sheet = await get(admin, timesheetsApi.get, { query: { week: monday, userId: id } });
          const own = await get(api, timesheetsApi.get, { query: { week: monday } });
          expect(own.days).toEqual(sheet.days);
          const days = sheet.days.map((d) => d.trackedSeconds);
          const tracked = sheet.totals.trackedSeconds;
          const expected = sheet.totals.expectedSeconds;
          expect(days.reduce((a, b) => a + b, 0)).toBe(tracked);

          const grid = await get(admin, reportsApi.timeGrid, { query: range });
          expect(grid.rows.find((r) => r.userId === id)?.seconds ?? [0, 0, 0, 0, 0, 0, 0]).toEqual(days);

          const byDay = await get(admin, reportsApi.time, { query: { ...range, groupBy: 'day' } });
          expect(byDay.rows.map((r) => r.seconds)).toEqual(days);
          const byProject = await get(admin, reportsApi.time, { query: { ...range, groupBy: 'project' } });
          expect(byProject.totalSeconds).toBe(tracked);
          projectWeek += byProject.rows.find((r) => r.key === project.id)?.seconds ?? 0;

          const overtime = await get(admin, reportsApi.overtime, { query: range });
          expect(overtime.countedTo).toBe(sunday);
          const row = overtime.users.find((u) => u.userId === id);
          expect(row).toMatchObject({ trackedSeconds: tracked, expectedSeconds: expected });

          const team = await get(admin, timesheetsApi.teamOvertime, {});
          expect(team.rows.find((r) => r.userId === id)).toMatchObject({
            monthSeconds: sheet.overtime.monthSeconds,
          });
          const first = `${sunday.slice(0, 8)}01`;
          const month = await get(admin, reportsApi.overtime, { query: { ...range, from: first } });
          expect(month.users.find((u) => u.userId === id)?.balanceSeconds ?? 0).toBe(
            sheet.overtime.monthSeconds,
          );

          const stats = await get(api, dashboardApi.stats, {});
          expect(Math.round(stats.totalHoursToday * H)).toBe(sheet.days[6].trackedSeconds);
          expect(Math.round(stats.expectedHoursToday * H)).toBe(sheet.days[6].expectedSeconds);

          // The tracker's all-time figure is the ledger over every day of the person's entries (the
          // earliest start two days before the week, in any zone within the three days before it).
          const summary = await get(api, timeEntriesApi.summary, {});
          const allTime = await get(admin, reportsApi.time, {
            query: { ...range, from: addDays(monday, -3), groupBy: 'user' },
          });
          expect(Math.round(summary.totalHours * H)).toBe(allTime.totalSeconds);
          expect(Math.round(summary.todayHours * H)).toBe(sheet.days[6].trackedSeconds);

          const csv = parseCsv(
            (await admin.call(reportsApi.timeCsv, { query: { ...range, groupBy: 'day' } })).body,
          );
          expect(csv.slice(1, 8).map((cells) => Number(cells[2]))).toEqual(days.map(hoursOf));
          const xlsx = await admin.call(reportsApi.timeXlsx, { query: { ...range, groupBy: 'day' } });
          const { rows } = await sheetRows(xlsx.rawPayload);
          expect(rows.slice(1, 8).map((cells) => Number(cells[2]))).toEqual(days.map(hoursOf));

          // Time off: the sheet's day-off rows lie on the days of the approved requests (and the
          // holidays), and the requests' cost is what the Absences report counts.
          const approved = await get(api, timeOffApi.requests, { query: { status: 'approved' } });
          const holidays = (
            await get(api, timeOffApi.holidays, { query: { year: Number(monday.slice(0, 4)) } })
          )
            .filter((h) => h.source !== 'removed')
            .map((h) => h.date);
          for (const day of sheet.days) {
            const onLeave = approved.some((r) => r.startDate <= day.date && day.date <= r.endDate);
            expect(day.off.some((o) => o.kind === 'leave')).toBe(onLeave);
            expect(day.off.some((o) => o.kind === 'holiday')).toBe(holidays.includes(day.date));
          }
          const absences = await get(admin, reportsApi.absences, { query: range });
          expect(absences.totals).toEqual({
            days: approved.reduce((n, r) => n + r.days, 0),
            seconds: approved.reduce((n, r) => n + r.seconds, 0),
          });
        }
        const page = await get(admin, projectsApi.get, { params: { id: project.id } });
        expect(Math.round(page.hoursThisWeek * H)).toBe(projectWeek);
        // The people of this run leave the organisation's lists for the next one.
        for (const { id } of made) await t.db.update(users).set({ isActive: false }).where(eq(users.id, id));
        if (ownDay?.id) await admin.call(timeOffApi.removeHoliday, { params: { id: ownDay.id } });
      }),
      {
        numRuns: Number(process.env.LEDGER_RUNS ?? 12),
        seed: Number(process.env.LEDGER_SEED ?? Date.now() % 100000),
      },
    );
  }, 300_000);
});
