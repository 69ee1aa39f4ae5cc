import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { attendanceRecords, notifications } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { contextFor } from '../../lib/context';
import { createTestApp, type TestContext } from '../../test/harness';
import { NINE_TO_FIVE_UTC } from '../../test/time-fixtures';
import { notifyMissedClockOuts } from './alerts.notify';

const clock = fixedClock('2025-03-10T07:00:00Z');
let t: TestContext;
let adminId: string;
beforeAll(async () => {
  t = await createTestApp({ clock });
  const admin = await t.userClient('admin', { firstName: 'Ada', lastName: 'Admin' });
  adminId = admin.user.id;
  expect((await admin.api.put('/api/settings', NINE_TO_FIVE_UTC)).statusCode).toBe(200);
});
afterAll(() => t.close());
beforeEach(() => clock.set('2025-03-10T07:00:00Z'));

const of = (userId: string, kind: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

/** A manager, a member of their team, an outsider manager (of no team of the member). */
async function team() {
  const admin = await t.signIn({ id: adminId });
  const boss = await t.userClient('manager', { firstName: 'Mia', lastName: 'Boss' });
  const worker = await t.userClient('employee', { firstName: 'Lee', lastName: 'Late' });
  const otherManager = await t.userClient('manager');
  const created = await admin.post('/api/teams', {
    name: `Team ${Math.random()}`,
    members: [
      { userId: boss.user.id, role: 'manager' },
      { userId: worker.user.id, role: 'member' },
    ],
  });
  expect(created.statusCode).toBe(201);
  return { boss, worker, otherManager };
}

const sweep = () => notifyMissedClockOuts(contextFor(t.app.deps, null, t.app.log));

describe('attendance alerts as notifications', () => {
  it("a late first clock-in notifies the person's managers and the admins, in the clock-in", async () => {
    const { boss, worker, otherManager } = await team();
    clock.set('2025-03-10T09:20:00Z');
    expect((await worker.api.post('/api/attendance/clock-in')).statusCode).toBe(201);
    const [toBoss] = await of(boss.user.id, 'attendance_late');
    expect(toBoss).toMatchObject({
      title: 'Lee Late clocked in late',
      body: 'Late arrival: clocked in at 09:20, 20 min after 09:00',
      link: '/team/manage',
      actorId: worker.user.id,
    });
    const [toAdmin] = await of(adminId, 'attendance_late');
    expect(toAdmin).toMatchObject({ title: 'Lee Late clocked in late', link: '/admin' });
    expect(await of(worker.user.id, 'attendance_late')).toHaveLength(0);
    expect(await of(otherManager.user.id, 'attendance_late')).toHaveLength(0);
    // A second shift of the same day is never late, and on time is never late.
    clock.set('2025-03-10T12:00:00Z');
    await worker.api.post('/api/attendance/clock-out');
    clock.set('2025-03-10T13:00:00Z');
    await worker.api.post('/api/attendance/clock-in');
    expect(await of(boss.user.id, 'attendance_late')).toHaveLength(1);
  });

  it('within the threshold, or refused, a clock-in notifies nobody', async () => {
    const { boss, worker } = await team();
    clock.set('2025-03-10T09:10:00Z'); // threshold 15 min
    expect((await worker.api.post('/api/attendance/clock-in')).statusCode).toBe(201);
    clock.set('2025-03-10T09:30:00Z');
    expect((await worker.api.post('/api/attendance/clock-in')).statusCode).toBe(409);
    expect(await of(boss.user.id, 'attendance_late')).toHaveLength(0);
    expect((await t.anonymous.post('/api/attendance/clock-in')).statusCode).toBe(401);
  });

  it('the sweep notifies a missed clock-out once per record, also when two sweeps race', async () => {
    clock.set('2025-03-11T08:55:00Z');
    const { boss, worker } = await team();
    expect((await worker.api.post('/api/attendance/clock-in')).statusCode).toBe(201);
    clock.set('2025-03-11T16:00:00Z');
    await sweep();
    expect(await of(boss.user.id, 'attendance_missed_clock_out')).toHaveLength(0); // still before 17:00
    clock.set('2025-03-11T17:30:00Z');
    const counts = await Promise.all([sweep(), sweep()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    await sweep();
    const rows = await of(boss.user.id, 'attendance_missed_clock_out');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      title: 'Lee Late did not clock out on 2025-03-11',
      body: 'Missing clock-out: still clocked in after 17:00',
      actorId: null,
      link: '/team/manage',
    });
    expect(await of(adminId, 'attendance_missed_clock_out')).not.toHaveLength(0);
    expect(await of(worker.user.id, 'attendance_missed_clock_out')).toHaveLength(0);
    const [record] = await t.db
      .select()
      .from(attendanceRecords)
      .where(eq(attendanceRecords.userId, worker.user.id));
    expect(record.missedClockOutNotifiedAt).not.toBeNull();
  });

  it('the sweep also notifies a record the system closed, and not one its owner closed', async () => {
    clock.set('2025-03-12T08:30:00Z');
    const { boss, worker } = await team();
    const closer = await t.userClient('employee', { firstName: 'Cal', lastName: 'Closed' });
    await t.signIn({ id: adminId }).then((admin) =>
      admin.post('/api/teams', {
        name: `Team ${Math.random()}`,
        members: [
          { userId: boss.user.id, role: 'manager' },
          { userId: closer.user.id, role: 'member' },
        ],
      }),
    );
    expect((await worker.api.post('/api/attendance/clock-in')).statusCode).toBe(201);
    expect((await closer.api.post('/api/attendance/clock-in')).statusCode).toBe(201);
    clock.set('2025-03-12T16:30:00Z');
    expect((await closer.api.post('/api/attendance/clock-out')).statusCode).toBe(200);
    // The next morning the worker clocks in: the record left open is closed at 17:00 by the system.
    clock.set('2025-03-13T08:30:00Z');
    const morning = await t.signIn({ id: worker.user.id }); // the evening's session has lapsed
    expect((await morning.post('/api/attendance/clock-in')).statusCode).toBe(201);
    const [closed] = await t.db
      .select()
      .from(attendanceRecords)
      .where(and(eq(attendanceRecords.userId, worker.user.id), eq(attendanceRecords.date, '2025-03-12')));
    expect(closed).toMatchObject({ autoClosed: true });
    expect(closed.clockOut).not.toBeNull();
    // Nothing of either is open any more: only the system's closing tells of the missed clock-out.
    clock.set('2025-03-13T09:00:00Z');
    expect((await morning.post('/api/attendance/clock-out')).statusCode).toBe(200);
    await sweep();
    const rows = await of(boss.user.id, 'attendance_missed_clock_out');
    expect(rows.map((r) => r.title)).toContain('Lee Late did not clock out on 2025-03-12');
    expect(rows.map((r) => r.title).filter((title) => title.startsWith('Cal Closed'))).toEqual([]);
  });
});
