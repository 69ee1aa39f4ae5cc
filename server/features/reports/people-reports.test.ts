import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AttendanceReport, type OvertimeReport, RANGE_TOO_LONG } from '@contract/reports';
import { attendanceRecords } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import type { TestClient, TestContext } from '../../test/harness';
import { deliveryTeamApp, type timeFixtures } from '../../test/time-fixtures';
import { OWN_DATA_ONLY } from './report-scope';
import { english } from '../../test/messages';

// Wednesday 2 April 2025, 14:00 in Berlin (CEST). The week of 24 March is a DST week (CET → CEST
// on Sunday the 30th).
const clock = fixedClock('2025-04-02T12:00:00Z');
let t: TestContext;
let anna: TestClient;
let ben: TestClient;
let manager: TestClient;
const WEEK = 'from=2025-03-24&to=2025-03-30';
const H = 3600;
const joined = { createdAt: new Date('2025-01-01T00:00:00Z') };

beforeAll(async () => {
  let fx: ReturnType<typeof timeFixtures>;
  ({ t, fx, anna, ben, manager } = await deliveryTeamApp(clock, joined));
  const a = anna.user.id;
  const b = ben.user.id;
  // Tracked: Anna 2 h on Mon, 2+2 h across Tue→Wed midnight, 1+3 h across the DST night.
  await fx.entry(a, '2025-03-24T08:00:00Z', '2025-03-24T10:00:00Z');
  await fx.entry(a, '2025-03-25T21:00:00Z', '2025-03-26T01:00:00Z');
  await fx.entry(a, '2025-03-29T22:00:00Z', '2025-03-30T02:00:00Z');
  // Ben 1 h on Mon (after midnight of an entry begun on Sunday), 1.5 h on Fri, 1 h on Mon 31st.
  await fx.entry(b, '2025-03-23T22:00:00Z', '2025-03-24T00:00:00Z');
  await fx.entry(b, '2025-03-28T12:00:00Z', '2025-03-28T13:30:00Z');
  await fx.entry(b, '2025-03-31T07:00:00Z', '2025-03-31T08:00:00Z');
  const record = (
    fields: Partial<typeof attendanceRecords.$inferInsert> & { userId: string; clockIn: Date },
  ) =>
    t.db
      .insert(attendanceRecords)
      .values({ date: fields.clockIn.toISOString().slice(0, 10), status: 'present', ...fields });
  // Anna: Mon 09:00–17:30 CET with a 30-minute break (8 h); Tue late 09:30–17:30 (7.5 h); Fri
  // clocked in and never out (a missed clock-out, nothing attended).
  await record({
    userId: a,
    clockIn: new Date('2025-03-24T08:00:00Z'),
    clockOut: new Date('2025-03-24T16:30:00Z'),
    totalHours: 8,
    breakMinutes: 30,
  });
  await record({
    userId: a,
    clockIn: new Date('2025-03-25T08:30:00Z'),
    clockOut: new Date('2025-03-25T16:30:00Z'),
    totalHours: 7.5,
    breakMinutes: 30,
    status: 'late',
  });
  await record({ userId: a, clockIn: new Date('2025-03-28T08:00:00Z') });
  // Ben: Thu 08:00–17:00 with 30 minutes of break, closed by the fix (8.5 h, a missed clock-out).
  await record({
    userId: b,
    clockIn: new Date('2025-03-27T07:00:00Z'),
    clockOut: new Date('2025-03-27T16:00:00Z'),
    totalHours: 8.5,
    breakMinutes: 30,
    autoClosed: true,
  });
});
afterAll(() => t.close());

async function get<T>(c: TestClient, url: string): Promise<T> {
  const res = await c.api.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

describe('attendance report', () => {
  it('sums attended time, late arrivals, missed clock-outs and breaks per user', async () => {
    const r = await get<AttendanceReport>(manager, `/api/reports/attendance?${WEEK}`);
    expect(r.timeZone).toBe('Europe/Berlin');
    expect(r.users.map(({ userId, ...rest }) => rest)).toEqual([
      {
        name: 'Anna Adler',
        attendedSeconds: 15.5 * H,
        trackedSeconds: 10 * H,
        differenceSeconds: 5.5 * H,
        daysPresent: 3,
        lateArrivals: 1,
        missedClockOuts: 1,
        breakMinutes: 60,
      },
      {
        name: 'Ben Berg',
        attendedSeconds: 8.5 * H,
        trackedSeconds: 2.5 * H,
        differenceSeconds: 6 * H,
        daysPresent: 1,
        lateArrivals: 0,
        missedClockOuts: 1,
        breakMinutes: 30,
      },
    ]);
    expect(r.totals).toEqual({
      attendedSeconds: 24 * H,
      trackedSeconds: 12.5 * H,
      differenceSeconds: 11.5 * H,
      daysPresent: 4,
      lateArrivals: 1,
      missedClockOuts: 2,
      breakMinutes: 90,
    });
  });

  it('sets attended against tracked time per user and day, with the differences', async () => {
    const r = await get<AttendanceReport>(manager, `/api/reports/attendance?${WEEK}`);
    expect(
      r.days.map((d) => [d.name, d.day, d.attendedSeconds, d.trackedSeconds, d.differenceSeconds]),
    ).toEqual([
      ['Anna Adler', '2025-03-24', 8 * H, 2 * H, 6 * H],
      ['Anna Adler', '2025-03-25', 7.5 * H, 2 * H, 5.5 * H],
      ['Anna Adler', '2025-03-26', 0, 2 * H, -2 * H],
      ['Anna Adler', '2025-03-28', 0, 0, 0],
      ['Anna Adler', '2025-03-29', 0, 1 * H, -1 * H],
      ['Anna Adler', '2025-03-30', 0, 3 * H, -3 * H],
      ['Ben Berg', '2025-03-24', 0, 1 * H, -1 * H],
      ['Ben Berg', '2025-03-27', 8.5 * H, 0, 8.5 * H],
      ['Ben Berg', '2025-03-28', 0, 1.5 * H, -1.5 * H],
    ]);
  });

  it("counts today's open record up to now, breaks excluded", async () => {
    const cara = await t.userClient('employee', { firstName: 'Cara', lastName: 'Cole', ...joined });
    await t.db.insert(attendanceRecords).values({
      userId: cara.user.id,
      date: '2025-04-02',
      clockIn: new Date('2025-04-02T09:00:00Z'),
      breakMinutes: 15,
      status: 'present',
    });
    const r = await get<AttendanceReport>(cara, '/api/reports/attendance?from=2025-04-01&to=2025-04-02');
    expect(r.users).toMatchObject([{ name: 'Cara Cole', attendedSeconds: 2.75 * H, missedClockOuts: 0 }]);
  });

  it("shows employees their own attendance only, and refuses another user's", async () => {
    const r = await get<AttendanceReport>(ben, `/api/reports/attendance?${WEEK}`);
    expect(r.users.map((u) => u.name)).toEqual(['Ben Berg']);
    expect(new Set(r.days.map((d) => d.name))).toEqual(new Set(['Ben Berg']));
    const res = await ben.api.get(`/api/reports/attendance?${WEEK}&userId=${anna.user.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(english(OWN_DATA_ONLY));
  });
});

describe('overtime report', () => {
  it('sets the 8-hour weekdays up to today against tracked time, per user', async () => {
    // 24 Mar – 6 Apr, counted to Wednesday 2 April: 8 weekdays of 8 h = 64 h expected.
    const r = await get<OvertimeReport>(manager, '/api/reports/overtime?from=2025-03-24&to=2025-04-06');
    expect(r.countedTo).toBe('2025-04-02');
    const byName = Object.fromEntries(r.users.map((u) => [u.name, u]));
    expect(byName['Anna Adler']).toMatchObject({
      expectedSeconds: 64 * H,
      trackedSeconds: 10 * H,
      balanceSeconds: -54 * H,
    });
    expect(byName['Ben Berg']).toMatchObject({
      expectedSeconds: 64 * H,
      trackedSeconds: 3.5 * H,
      balanceSeconds: -60.5 * H,
    });
    expect(byName['Maria Meyer']).toMatchObject({ expectedSeconds: 64 * H, trackedSeconds: 0 });
    expect(r.totals.balanceSeconds).toBe(r.totals.trackedSeconds - r.totals.expectedSeconds);
    expect(r.totals.trackedSeconds).toBe(r.users.reduce((s, u) => s + u.trackedSeconds, 0));
  });

  it('expects nothing at the weekend, before a user joined, or after today', async () => {
    const weekend = await get<OvertimeReport>(anna, '/api/reports/overtime?from=2025-03-29&to=2025-03-30');
    expect(weekend.users).toEqual([
      expect.objectContaining({ expectedSeconds: 0, trackedSeconds: 4 * H, balanceSeconds: 4 * H }),
    ]);
    const dora = await t.userClient('employee', { createdAt: new Date('2025-03-31T10:00:00Z') });
    const r = await get<OvertimeReport>(dora, '/api/reports/overtime?from=2025-03-24&to=2025-04-30');
    expect(r.users).toEqual([expect.objectContaining({ expectedSeconds: 24 * H, balanceSeconds: -24 * H })]);
    const future = await get<OvertimeReport>(dora, '/api/reports/overtime?from=2025-05-01&to=2025-05-31');
    expect(future).toMatchObject({ users: [], totals: { expectedSeconds: 0 } });
  });

  it("refuses an employee another user's balance, and ranges over 366 days", async () => {
    expect((await anna.api.get(`/api/reports/overtime?${WEEK}&userId=${ben.user.id}`)).statusCode).toBe(403);
    const res = await manager.api.get('/api/reports/overtime?from=2024-01-01&to=2025-01-01');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(english(RANGE_TOO_LONG));
  });
});

describe('attendance and overtime exports', () => {
  const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;
  async function sheet(url: string) {
    const res = await manager.api.get(url);
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  it('the overtime CSV and .xlsx equal the JSON, with a totals row', async () => {
    const r = await get<OvertimeReport>(manager, `/api/reports/overtime?${WEEK}`);
    const expected = [
      ...r.users.map((u) => [
        u.name,
        hours(u.expectedSeconds),
        hours(u.trackedSeconds),
        hours(u.balanceSeconds),
      ]),
      [
        'Total',
        hours(r.totals.expectedSeconds),
        hours(r.totals.trackedSeconds),
        hours(r.totals.balanceSeconds),
      ],
    ];
    const rows = await sheet(`/api/reports/overtime.xlsx?${WEEK}`);
    expect(rows[0]).toEqual(['User', 'Expected (h)', 'Tracked (h)', 'Balance (h)']);
    expect(rows.slice(1)).toEqual(expected);
    const csv = (await manager.api.get(`/api/reports/overtime.csv?${WEEK}`)).body.trimEnd().split('\r\n');
    expect(csv.slice(1).map((line) => line.split(',').map((v, i) => (i ? Number(v) : v)))).toEqual(expected);
  });

  it('the attendance .xlsx holds the per-user rows, the per-day rows with date cells, and totals', async () => {
    const r = await get<AttendanceReport>(manager, `/api/reports/attendance?${WEEK}`);
    const rows = await sheet(`/api/reports/attendance.xlsx?${WEEK}`);
    expect(rows).toHaveLength(1 + r.users.length + r.days.length + 1);
    expect(rows[1]).toEqual(['Anna Adler', undefined, 15.5, 10, 5.5, 3, 1, 1, 60]);
    expect(rows[1 + r.users.length]).toEqual(['Anna Adler', new Date('2025-03-24T00:00:00Z'), 8, 2, 6]);
    expect(rows.at(-1)).toEqual(['Total', undefined, 24, 12.5, 11.5, 4, 1, 2, 90]);
    const csv = (await manager.api.get(`/api/reports/attendance.csv?${WEEK}`)).body.trimEnd().split('\r\n');
    expect(csv[0]).toBe(
      'User,Day,Attended (h),Tracked (h),Difference (h),Days present,Late arrivals,Missed clock-outs,Breaks (min)',
    );
    expect(csv[1 + r.users.length]).toBe('Anna Adler,2025-03-24,8,2,6,,,,');
    expect(csv.at(-1)).toBe('Total,,24,12.5,11.5,4,1,2,90');
  });
});
