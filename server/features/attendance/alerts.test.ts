import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AttendanceAlert } from '@contract/alerts';
import { fixedClock } from '../../lib/clock';
import { createTestApp, type TestContext, type TestApi } from '../../test/harness';
import { NINE_TO_FIVE_UTC } from '../../test/time-fixtures';

const clock = fixedClock('2025-03-10T07:00:00Z');
let t: TestContext;
let admin: TestApi;
const settings = NINE_TO_FIVE_UTC;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = (await t.userClient('admin', { firstName: 'Ada', lastName: 'Admin' })).api;
});
afterAll(() => t.close());
beforeEach(async () => {
  clock.set('2025-03-10T07:00:00Z');
  admin = await t.signIn((await t.createUser('admin')) as { id: string });
  await admin.put('/api/settings', settings);
});

/** A user who works one shift from `inAt` to `outAt` (or leaves it open). */
async function shift(inAt: string, outAt?: string, name = { firstName: 'Lena', lastName: 'Late' }) {
  const user = await t.createUser('employee', name);
  clock.set(inAt);
  const api = await t.signIn(user);
  await api.post('/api/attendance/clock-in');
  if (outAt) {
    clock.set(outAt);
    await api.post('/api/attendance/clock-out');
  }
  return { user, api };
}

const mine = async (api: TestApi) => (await api.get('/api/alerts/attendance')).json() as AttendanceAlert[];

describe('attendance alerts', () => {
  it('needs a session; the admin list needs an admin', async () => {
    expect((await t.anonymous.get('/api/alerts/attendance')).statusCode).toBe(401);
    expect((await t.anonymous.get('/api/admin/alerts')).statusCode).toBe(401);
    const { api } = await t.userClient('manager');
    expect((await api.get('/api/admin/alerts')).statusCode).toBe(403);
    expect(await mine(api)).toEqual([]);
  });

  it('raises a late arrival from the current threshold, so changing it changes the alert', async () => {
    const { api } = await shift('2025-03-10T09:20:00Z', '2025-03-10T16:00:00Z');
    const [late] = await mine(api);
    expect(late).toMatchObject({
      kind: 'late_arrival',
      severity: 'warning',
      timestamp: '2025-03-10T09:20:00.000Z',
      date: '2025-03-10',
      userName: 'Lena Late',
      message: 'Late arrival: clocked in at 09:20, 20 min after 09:00',
    });
    await admin.put('/api/settings', { ...settings, lateThresholdMinutes: 20 });
    expect(await mine(api)).toEqual([]);
    await admin.put('/api/settings', { ...settings, lateThresholdMinutes: 5 });
    expect(await mine(api)).toHaveLength(1);
  });

  it('calls an hour or more late critical', async () => {
    const { api } = await shift('2025-03-10T10:00:00Z', '2025-03-10T16:00:00Z');
    expect((await mine(api))[0]).toMatchObject({
      kind: 'late_arrival',
      severity: 'critical',
      message: 'Late arrival: clocked in at 10:00, 1 h 0 min after 09:00',
    });
  });

  it('raises a missing clock-out once an open record passes expected clock-out, and for auto-closed ones', async () => {
    const { user, api } = await shift('2025-03-10T09:10:00Z');
    clock.set('2025-03-10T16:59:00Z');
    expect(await mine(api)).toEqual([]);
    clock.set('2025-03-10T17:01:00Z');
    expect(await mine(api)).toEqual([
      expect.objectContaining({
        kind: 'missing_clock_out',
        severity: 'critical',
        timestamp: '2025-03-10T17:00:00.000Z',
        message: 'Missing clock-out: still clocked in after 17:00',
      }),
    ]);
    clock.set('2025-03-11T08:00:00Z');
    const nextDay = await t.signIn(user);
    await nextDay.post('/api/attendance/fix');
    const alerts = await mine(nextDay);
    expect(alerts.map((a) => a.kind)).toEqual(['missing_clock_out']);
    expect(alerts[0].message).toBe('Missing clock-out: closed automatically at 17:00');
  });

  it('raises a long day when the day adds up to more than 8 hours, breaks excluded', async () => {
    const { api } = await shift('2025-03-10T08:00:00Z', '2025-03-10T16:00:00Z');
    expect(await mine(api)).toEqual([]);
    clock.set('2025-03-10T18:00:00Z');
    await api.post('/api/attendance/clock-in');
    clock.set('2025-03-10T18:30:00Z');
    const alerts = await mine(api);
    expect(alerts).toContainEqual(
      expect.objectContaining({
        kind: 'long_day',
        severity: 'info',
        message: 'Long day: 8.5 h worked, over the 8-hour day',
      }),
    );
    // A second shift neither arrives late nor, starting after expected clock-out, misses one yet.
    expect(alerts.map((a) => a.kind)).toEqual(['long_day']);
  });

  it("shows admins everyone's alerts with names; users only their own; only the last 14 days", async () => {
    const old = await shift('2025-02-20T10:00:00Z', '2025-02-20T12:00:00Z', {
      firstName: 'Olga',
      lastName: 'Old',
    });
    const a = await shift('2025-03-10T09:30:00Z', '2025-03-10T12:00:00Z', {
      firstName: 'Anna',
      lastName: 'One',
    });
    const b = await shift('2025-03-10T09:40:00Z', '2025-03-10T12:00:00Z', {
      firstName: 'Ben',
      lastName: 'Two',
    });
    clock.set('2025-03-10T12:00:00Z');
    admin = await t.signIn(await t.createUser('admin'));
    const all = (await admin.get('/api/admin/alerts')).json() as AttendanceAlert[];
    const names = all.map((x) => x.userName);
    expect(names).toEqual(expect.arrayContaining(['Anna One', 'Ben Two']));
    expect(names).not.toContain('Olga Old');
    // newest first
    expect(all.findIndex((x) => x.userName === 'Ben Two')).toBeLessThan(
      all.findIndex((x) => x.userName === 'Anna One'),
    );
    const own = await mine(a.api);
    expect(own.every((x) => x.userId === a.user.id)).toBe(true);
    expect((await mine(b.api)).map((x) => x.userName)).toEqual(['Ben Two']);
    expect(await mine(await t.signIn(old.user))).toEqual([]);
  });
});
