import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { createTestApp, type TestContext, type TestApi } from '../../test/harness';

const clock = fixedClock('2025-03-01T09:00:00Z');
let t: TestContext;
let api: TestApi;
const ids: string[] = [];
let userId: string;

/** Ten days with one record each, 2025-03-01 … 2025-03-10, 09:00–17:00 UTC with a 30-minute break. */
beforeAll(async () => {
  t = await createTestApp({ clock, env: { TZ: 'UTC' } });
  const user = await t.createUser('employee');
  userId = user.id;
  for (let day = 1; day <= 10; day++) {
    const d = `2025-03-${String(day).padStart(2, '0')}`;
    clock.set(`${d}T09:00:00Z`);
    // A session a day: the clock jumps past the 12-hour idle limit overnight.
    api = await t.signIn(user);
    ids.push((await api.post('/api/attendance/clock-in')).json().id);
    clock.set(`${d}T12:00:00Z`);
    await api.post('/api/attendance/break/start');
    clock.set(`${d}T12:30:00Z`);
    await api.post('/api/attendance/break/end');
    clock.set(`${d}T17:00:00Z`);
    await api.post('/api/attendance/clock-out');
  }
});
afterAll(() => t.close());

describe('GET /api/attendance', () => {
  it('pages newest first with the id of the last record as the cursor', async () => {
    const first = (await api.get('/api/attendance?limit=4')).json();
    expect(first.map((r: { date: string }) => r.date)).toEqual([
      '2025-03-10',
      '2025-03-09',
      '2025-03-08',
      '2025-03-07',
    ]);
    const second = (await api.get(`/api/attendance?limit=4&before=${first[3].id}`)).json();
    expect(second.map((r: { date: string }) => r.date)).toEqual([
      '2025-03-06',
      '2025-03-05',
      '2025-03-04',
      '2025-03-03',
    ]);
    const last = (await api.get(`/api/attendance?limit=4&before=${second[3].id}`)).json();
    expect(last).toHaveLength(2);
    expect(first[0]).toMatchObject({ totalHours: 7.5, breakTime: 30, status: 'present' });
  });

  it('filters by an inclusive date range', async () => {
    const res = await api.get('/api/attendance?from=2025-03-03&to=2025-03-05');
    expect(res.json().map((r: { date: string }) => r.date)).toEqual([
      '2025-03-05',
      '2025-03-04',
      '2025-03-03',
    ]);
  });

  it("shows nobody else's records, and another user's cursor yields nothing", async () => {
    const other = await t.userClient('employee');
    expect((await other.api.post('/api/attendance/clock-in')).statusCode).toBe(201);
    expect((await other.api.get('/api/attendance')).json()).toHaveLength(1);
    expect((await other.api.get(`/api/attendance?before=${ids[5]}`)).json()).toEqual([]);
  });

  it('rejects bad queries with 400', async () => {
    for (const q of ['limit=0', 'limit=501', 'limit=abc', 'before=nope', 'from=2025-3-1', 'to=tomorrow']) {
      expect((await api.get(`/api/attendance?${q}`)).statusCode, q).toBe(400);
    }
    const reversed = await api.get('/api/attendance?from=2025-03-05&to=2025-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe('The start date must not be after the end date');
  });
});

describe('GET /api/attendance/export', () => {
  it('downloads the range as CSV in the organisation zone', async () => {
    const res = await api.get('/api/attendance/export?from=2025-03-02&to=2025-03-03');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="attendance-2025-03-02-to-2025-03-03.csv"',
    );
    expect(res.body).toBe(
      'Date,Clock In,Clock Out,Total Hours,Break (minutes),Status,Auto-closed\r\n' +
        '2025-03-02,2025-03-02 09:00,2025-03-02 17:00,7.50,30,present,no\r\n' +
        '2025-03-03,2025-03-03 09:00,2025-03-03 17:00,7.50,30,present,no\r\n',
    );
  });

  it('defaults to the last 30 days and refuses more than 366', async () => {
    const all = await api.get('/api/attendance/export');
    expect(all.body.trim().split('\r\n')).toHaveLength(11);
    const tooLong = await api.get('/api/attendance/export?from=2024-01-01&to=2025-03-01');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      code: 'export_range_too_long',
      message: 'Choose a range of at most 366 days',
    });
    expect((await api.get('/api/attendance/export?from=x')).statusCode).toBe(400);
  });

  it("writes a German reader's file with German headers and words, `;` and decimal commas", async () => {
    await t.db.update(users).set({ language: 'de' }).where(eq(users.id, userId));
    try {
      const res = await api.get('/api/attendance/export?from=2025-03-02&to=2025-03-02');
      expect(res.body).toBe(
        '\uFEFFDatum;Eingestempelt;Ausgestempelt;Stunden gesamt;Pause (Minuten);Status;Automatisch geschlossen\r\n' +
          '2025-03-02;2025-03-02 09:00;2025-03-02 17:00;7,50;30;anwesend;nein\r\n',
      );
    } finally {
      await t.db.update(users).set({ language: null }).where(eq(users.id, userId));
    }
  });
});
