import { ENTRY_TOO_LONG, type TimeEntry } from '@contract/time-entries';
import type { Timesheet } from '@contract/timesheets';
import { WEEK_LOCKED } from '@contract/timesheets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timesheets } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import type { TestContext } from '../../test/harness';
import { berlinTimeApp, type timeFixtures } from '../../test/time-fixtures';
import { english } from '../../test/messages';

/**
 * The ledger's rules as people meet them (docs/product/time-tracking.md#ledger): night shifts, the
 * 24-hour limit, overlaps shown and counted once, the lock on every record of a week, and the
 * zone a person's times are shown in.
 */
// Thursday 6 November 2025, 12:00 in Berlin (the organisation's zone).
const clock = fixedClock('2025-11-06T11:00:00Z');
let t: TestContext;
let fx: ReturnType<typeof timeFixtures>;
let projectId: string;
beforeAll(async () => {
  ({ t, fx, projectId } = await berlinTimeApp(clock));
});
afterAll(() => t.close());

const H = 3600;
const joined = { createdAt: new Date('2025-01-01T00:00:00Z') };
const entry = (fields: Record<string, unknown>) => ({ projectId, description: 'Shift', ...fields });

describe('night shifts', () => {
  it('an end before the start is the next day: 22:00 – 01:00 is 3 hours, shown as ending the next day', async () => {
    const { api } = await t.userClient('employee', joined);
    const res = await api.post(
      '/api/time-entries',
      entry({ date: '2025-11-03', startTime: '22:00', endTime: '01:00' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      date: '2025-11-03',
      startTime: '2025-11-03T21:00:00.000Z',
      endTime: '2025-11-04T00:00:00.000Z',
      duration: 3 * H,
      endsNextDay: true,
    });
    // The timesheet counts 2 h on Monday and 1 h on Tuesday, and lists the entry on both days.
    const sheet = (await api.get('/api/timesheets?week=2025-11-03')).json() as Timesheet;
    expect(sheet.days[0]).toMatchObject({ trackedSeconds: 2 * H });
    expect(sheet.days[1]).toMatchObject({ trackedSeconds: 1 * H });
    expect(sheet.days[0].entries[0]).toMatchObject({
      countedSeconds: 2 * H,
      intoNextDay: true,
      fromPreviousDay: false,
    });
    expect(sheet.days[1].entries[0]).toMatchObject({
      countedSeconds: 1 * H,
      intoNextDay: false,
      fromPreviousDay: true,
    });
  });

  it('an entry ending exactly at midnight ends on its own day', async () => {
    const { api } = await t.userClient('employee', joined);
    const res = await api.post(
      '/api/time-entries',
      entry({ date: '2025-11-03', startTime: '20:00', endTime: '00:00' }),
    );
    expect(res.json()).toMatchObject({ duration: 4 * H, endsNextDay: false });
  });

  it('refuses an entry longer than 24 hours with a clear message', async () => {
    const { api } = await t.userClient('employee', joined);
    const created = (
      await api.post('/api/time-entries', entry({ date: '2025-11-03', startTime: '22:00', endTime: '06:00' }))
    ).json() as TimeEntry;
    // Moving the start to 05:00 on the same day makes it 25 hours.
    const longer = await api.patch(`/api/time-entries/${created.id}`, { startTime: '05:00' });
    expect(longer.statusCode).toBe(400);
    expect(longer.json()).toMatchObject({
      message: english(ENTRY_TOO_LONG),
      fieldErrors: { endTime: [english(ENTRY_TOO_LONG)] },
    });
    // Exactly 24 hours is taken.
    const day = await api.patch(`/api/time-entries/${created.id}`, { startTime: '06:00' });
    expect(day.statusCode).toBe(200);
    expect(day.json().duration).toBe(24 * H);
  });
});

describe('overlaps', () => {
  it('are named on each entry and flagged on the timesheet day, and counted once', async () => {
    clock.set('2025-11-07T11:00:00Z'); // Friday: the week may be submitted
    const { user, api } = await t.userClient('employee', joined);
    const long = (
      await api.post(
        '/api/time-entries',
        entry({ date: '2025-11-03', startTime: '09:00', endTime: '17:00', description: 'Build' }),
      )
    ).json() as TimeEntry;
    expect(long.overlaps).toEqual([]);
    const call = await api.post(
      '/api/time-entries',
      entry({ date: '2025-11-03', startTime: '10:00', endTime: '11:00', description: 'Call' }),
    );
    expect(call.statusCode).toBe(201);
    // The warning names the other entry.
    expect(call.json().overlaps).toEqual([
      expect.objectContaining({ id: long.id, description: 'Build', startTime: '2025-11-03T08:00:00.000Z' }),
    ]);
    const list = (await api.get('/api/time-entries')).json() as TimeEntry[];
    expect(list.find((e) => e.id === long.id)?.overlaps.map((o) => o.description)).toEqual(['Call']);
    const sheet = (await api.get('/api/timesheets?week=2025-11-03')).json() as Timesheet;
    // 9–17 plus 10–11 is 8 hours, not 9: the earlier entry keeps the shared hour.
    expect(sheet.days[0]).toMatchObject({ trackedSeconds: 8 * H, overlap: true });
    expect(sheet.days[0].entries.map((e) => [e.description, e.countedSeconds, e.overlaps])).toEqual([
      ['Build', 8 * H, true],
      ['Call', 0, true],
    ]);
    // The reviewer sees it in the queue; the reports count it once too.
    const { api: admin } = await t.userClient('admin', joined);
    expect((await api.post('/api/timesheets/submit', { week: '2025-11-03' })).statusCode).toBe(200);
    const queue = (await admin.get('/api/timesheets/review?limit=200')).json() as {
      userId: string;
      overlappingEntries: number;
      trackedSeconds: number;
      timeZone: string;
    }[];
    expect(queue.find((q) => q.userId === user.id)).toMatchObject({
      overlappingEntries: 2,
      trackedSeconds: 8 * H,
      timeZone: 'Europe/Berlin',
    });
    const report = (
      await admin.get(`/api/reports/time?from=2025-11-03&to=2025-11-03&userId=${user.id}`)
    ).json();
    expect(report.totalSeconds).toBe(8 * H);
    clock.set('2025-11-06T11:00:00Z');
  });
});

describe('the lock covers every record of a week', () => {
  it('clocking in, clocking out and breaks are refused in a locked week, with the same message', async () => {
    const { user, api } = await t.userClient('employee', joined);
    expect((await api.post('/api/attendance/clock-in')).statusCode).toBe(201);
    await t.db.insert(timesheets).values({ userId: user.id, weekStart: '2025-11-03', status: 'submitted' });
    for (const path of ['/api/attendance/clock-out', '/api/attendance/break/start']) {
      const res = await api.post(path);
      expect(res.statusCode, path).toBe(409);
      expect(res.json().message).toBe(english(WEEK_LOCKED));
    }
    const other = await t.userClient('employee', joined);
    await t.db
      .insert(timesheets)
      .values({ userId: other.user.id, weekStart: '2025-11-03', status: 'approved' });
    const clockIn = await other.api.post('/api/attendance/clock-in');
    expect(clockIn.statusCode).toBe(409);
    expect(clockIn.json().message).toBe(english(WEEK_LOCKED));
    const timer = await other.api.post('/api/timer/start', { description: 'x' });
    expect(timer.json().message).toBe(english(WEEK_LOCKED));
  });

  it('marks each entry of a locked week as locked, so screens can disable Edit and Delete', async () => {
    const { user, api } = await t.userClient('employee', joined);
    const early = await fx.entry(user.id, '2025-10-28T08:00:00Z', '2025-10-28T09:00:00Z', { projectId });
    const late = await fx.entry(user.id, '2025-11-04T08:00:00Z', '2025-11-04T09:00:00Z', { projectId });
    await t.db.insert(timesheets).values({ userId: user.id, weekStart: '2025-10-27', status: 'approved' });
    const list = (await api.get('/api/time-entries')).json() as TimeEntry[];
    expect(list.map((e) => [e.id, e.locked])).toEqual([
      [late.id, false],
      [early.id, true],
    ]);
    expect((await api.delete(`/api/time-entries/${early.id}`)).json().message).toBe(english(WEEK_LOCKED));
  });
});

describe("a person's times in their own zone", () => {
  it('counts and dates a New York person’s entries in New York, whoever reads them', async () => {
    const { user, api } = await t.userClient('employee', { ...joined, timeZone: 'America/New_York' });
    // 20:00–23:00 in New York on Monday is 01:00–04:00 on Tuesday in Berlin.
    const created = (
      await api.post('/api/time-entries', entry({ date: '2025-11-03', startTime: '20:00', endTime: '23:00' }))
    ).json() as TimeEntry;
    expect(created).toMatchObject({
      date: '2025-11-03',
      startTime: '2025-11-04T01:00:00.000Z',
      endsNextDay: false,
    });
    const { api: admin } = await t.userClient('admin', joined);
    const sheet = (await admin.get(`/api/timesheets?week=2025-11-03&userId=${user.id}`)).json() as Timesheet;
    expect(sheet).toMatchObject({ timeZone: 'America/New_York' });
    expect(sheet.days[0].trackedSeconds).toBe(3 * H);
  });
});
