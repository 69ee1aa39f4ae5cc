import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { attendanceRecords } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { createTestApp, type TestContext, type TestApi } from '../../test/harness';
import { NINE_TO_FIVE_UTC } from '../../test/time-fixtures';

const clock = fixedClock('2025-03-10T08:00:00Z');
let t: TestContext;
let admin: TestApi;
const settings = NINE_TO_FIVE_UTC;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = (await t.userClient('admin')).api;
});
afterAll(() => t.close());
beforeEach(async () => {
  clock.set('2025-03-10T08:00:00Z');
  expect((await admin.put('/api/settings', settings)).statusCode).toBe(200);
});

const at = (iso: string) => clock.set(iso);

describe('attendance: authentication', () => {
  it('refuses anonymous calls on every route with 401', async () => {
    for (const path of ['', '/today', '/export']) {
      expect((await t.anonymous.get(`/api/attendance${path}`)).statusCode).toBe(401);
    }
    for (const path of ['clock-in', 'clock-out', 'break/start', 'break/end', 'fix']) {
      const res = await t.anonymous.post(`/api/attendance/${path}`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'not_authenticated', message: 'Not authenticated' });
    }
  });
});

describe('clock in and out', () => {
  it('opens a record, refuses a second clock-in with the current record, and closes it', async () => {
    const { api } = await t.userClient('employee');
    at('2025-03-10T08:55:00Z');
    const opened = await api.post('/api/attendance/clock-in');
    expect(opened.statusCode).toBe(201);
    const record = opened.json();
    expect(record).toMatchObject({
      date: '2025-03-10',
      clockIn: '2025-03-10T08:55:00.000Z',
      clockOut: null,
      totalHours: null,
      breakTime: 0,
      status: 'present',
      autoClosed: false,
    });

    const again = await api.post('/api/attendance/clock-in');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'already_clocked_in',
      message: 'Already clocked in',
      currentRecord: record,
    });

    at('2025-03-10T17:25:00Z');
    const closed = await api.post('/api/attendance/clock-out');
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({
      id: record.id,
      clockOut: '2025-03-10T17:25:00.000Z',
      totalHours: 8.5,
    });

    const none = await api.post('/api/attendance/clock-out');
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ code: 'not_clocked_in', message: 'Not clocked in' });
  });

  it('lets only one of two concurrent clock-ins through (database rule)', async () => {
    const { user, api } = await t.userClient('manager');
    const results = await Promise.all([
      api.post('/api/attendance/clock-in'),
      api.post('/api/attendance/clock-in'),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409]);
    const refused = results.find((r) => r.statusCode === 409)?.json();
    const created = results.find((r) => r.statusCode === 201)?.json();
    expect(refused).toEqual({
      code: 'already_clocked_in',
      message: 'Already clocked in',
      currentRecord: created,
    });
    const rows = await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('marks a clock-in late only when strictly past expected clock-in + threshold', async () => {
    const onTime = await t.userClient('employee');
    const late = await t.userClient('employee');
    at('2025-03-10T09:15:00Z');
    expect((await onTime.api.post('/api/attendance/clock-in')).json().status).toBe('present');
    at('2025-03-10T09:15:01Z');
    expect((await late.api.post('/api/attendance/clock-in')).json().status).toBe('late');
  });

  it('follows a changed threshold for later clock-ins', async () => {
    await admin.put('/api/settings', { ...settings, lateThresholdMinutes: 30 });
    const { api } = await t.userClient('employee');
    at('2025-03-10T09:25:00Z');
    expect((await api.post('/api/attendance/clock-in')).json().status).toBe('present');
  });
});

describe('breaks', () => {
  it('adds break minutes while clocked in and leaves them out of the hours', async () => {
    const { api } = await t.userClient('employee');
    expect((await api.post('/api/attendance/break/start')).json()).toEqual({
      code: 'not_clocked_in',
      message: 'Not clocked in',
    });
    at('2025-03-10T09:00:00Z');
    await api.post('/api/attendance/clock-in');
    at('2025-03-10T12:00:00Z');
    const started = await api.post('/api/attendance/break/start');
    expect(started.statusCode).toBe(200);
    expect(started.json().breakStartedAt).toBe('2025-03-10T12:00:00.000Z');
    const twice = await api.post('/api/attendance/break/start');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ code: 'already_on_break', message: 'Already on a break' });
    at('2025-03-10T12:30:00Z');
    const ended = await api.post('/api/attendance/break/end');
    expect(ended.json()).toMatchObject({ breakTime: 30, breakStartedAt: null });
    const notOnBreak = await api.post('/api/attendance/break/end');
    expect(notOnBreak.statusCode).toBe(409);
    expect(notOnBreak.json()).toEqual({ code: 'not_on_break', message: 'Not on a break' });
    // A second break still running at clock-out ends with it.
    at('2025-03-10T15:00:00Z');
    await api.post('/api/attendance/break/start');
    at('2025-03-10T15:15:00Z');
    const out = await api.post('/api/attendance/clock-out');
    expect(out.json()).toMatchObject({ breakTime: 45, breakStartedAt: null, totalHours: 5.5 });
  });
});

describe('today summary', () => {
  it('adds up split shifts, counting an open record and a running break up to now', async () => {
    const { api } = await t.userClient('employee');
    const empty = await api.get('/api/attendance/today');
    expect(empty.json()).toEqual({
      date: '2025-03-10',
      firstIn: null,
      lastOut: null,
      hoursSoFar: 0,
      breakMinutes: 0,
      records: 0,
      expectedHours: 8,
      current: null,
    });
    at('2025-03-10T08:00:00Z');
    await api.post('/api/attendance/clock-in');
    at('2025-03-10T12:00:00Z');
    await api.post('/api/attendance/clock-out');
    at('2025-03-10T13:00:00Z');
    const second = (await api.post('/api/attendance/clock-in')).json();
    expect(second.status).toBe('present'); // a second shift is not a late arrival
    at('2025-03-10T14:00:00Z');
    await api.post('/api/attendance/break/start');
    at('2025-03-10T14:30:00Z');
    const summary = (await api.get('/api/attendance/today')).json();
    expect(summary).toMatchObject({
      firstIn: '2025-03-10T08:00:00.000Z',
      lastOut: null,
      breakMinutes: 30,
      records: 2,
      current: { id: second.id, breakStartedAt: '2025-03-10T14:00:00.000Z' },
    });
    expect(summary.hoursSoFar).toBeCloseTo(5, 5);
    await api.post('/api/attendance/break/end');
    at('2025-03-10T15:00:00Z');
    await api.post('/api/attendance/clock-out');
    const closed = (await api.get('/api/attendance/today')).json();
    expect(closed).toMatchObject({ lastOut: '2025-03-10T15:00:00.000Z', current: null, breakMinutes: 30 });
    expect(closed.hoursSoFar).toBeCloseTo(5.5, 5);
  });
});

describe('POST /api/attendance/fix', () => {
  it("closes yesterday's open record at that day's expected clock-out and marks it", async () => {
    const { api } = await t.userClient('employee');
    at('2025-03-09T09:00:00Z');
    const open = (await api.post('/api/attendance/clock-in')).json();
    at('2025-03-10T10:00:00Z');
    const out = await api.post('/api/attendance/clock-out');
    expect(out.statusCode).toBe(409);
    expect(out.json().message).toContain('Not clocked in');
    const fixed = await api.post('/api/attendance/fix');
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toEqual({
      message: 'Closed the record left open on 2025-03-09 at the expected clock-out 17:00',
    });
    const [record] = (await api.get('/api/attendance')).json();
    expect(record).toMatchObject({
      id: open.id,
      clockOut: '2025-03-09T17:00:00.000Z',
      totalHours: 8,
      autoClosed: true,
    });
    expect((await api.post('/api/attendance/fix')).json()).toEqual({
      message: 'No attendance records needed fixing',
    });
  });

  it('lets a clock-in proceed past a record left open on an earlier day, closing it first', async () => {
    const { api } = await t.userClient('employee');
    at('2025-03-07T08:30:00Z');
    await api.post('/api/attendance/clock-in');
    at('2025-03-10T08:45:00Z');
    const res = await api.post('/api/attendance/clock-in');
    expect(res.statusCode).toBe(201);
    const [today, earlier] = (await api.get('/api/attendance')).json();
    expect(today.id).toBe(res.json().id);
    expect(earlier).toMatchObject({
      date: '2025-03-07',
      autoClosed: true,
      clockOut: '2025-03-07T17:00:00.000Z',
    });
  });
});

describe('time-zone days', () => {
  it('dates records in the organisation zone across midnight and a DST change', async () => {
    await admin.put('/api/settings', { ...settings, timeZone: 'America/New_York' });
    const { api } = await t.userClient('employee');
    at('2025-03-09T04:30:00Z'); // 23:30 EST on the 8th
    expect((await api.post('/api/attendance/clock-in')).json().date).toBe('2025-03-08');
    at('2025-03-09T05:30:00Z'); // 00:30 on the 9th, the day clocks spring forward
    await api.post('/api/attendance/clock-out');
    const second = (await api.post('/api/attendance/clock-in')).json();
    expect(second.date).toBe('2025-03-09');
    expect((await api.get('/api/attendance/today')).json().date).toBe('2025-03-09');
  });

  it('measures lateness against the local expected time after the DST change', async () => {
    await admin.put('/api/settings', { ...settings, timeZone: 'America/New_York' });
    const a = await t.userClient('employee');
    const b = await t.userClient('employee');
    at('2025-03-10T13:15:00Z'); // 09:15 EDT: on the threshold
    expect((await a.api.post('/api/attendance/clock-in')).json()).toMatchObject({ status: 'present' });
    at('2025-03-10T13:16:00Z'); // 09:16 EDT (08:16 in standard time would have been on time)
    expect((await b.api.post('/api/attendance/clock-in')).json()).toMatchObject({ status: 'late' });
  });
});
