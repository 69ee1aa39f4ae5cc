import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendanceRecords, projectMembers } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { createTestApp, type TestContext } from '../../test/harness';
import { timeFixtures } from '../../test/time-fixtures';

// The org zone comes from TZ here; Berlin falls back on 2025-10-26, a 25-hour day
// running from 2025-10-25T22:00Z to 2025-10-26T23:00Z.
const clock = fixedClock('2025-10-26T20:00:00Z');
let t: TestContext;
let fx: ReturnType<typeof timeFixtures>;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { TZ: 'Europe/Berlin' } });
  fx = timeFixtures(t.db);
});
afterAll(() => t.close());

describe('GET /api/dashboard/stats', () => {
  it('needs a session', async () => {
    const res = await t.anonymous.get('/api/dashboard/stats');
    expect(res.statusCode).toBe(401);
  });

  it('is all zeros for a new user with nothing going on', async () => {
    const { api } = await t.userClient('employee');
    const res = await api.get('/api/dashboard/stats');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      activeUsers: 0,
      totalHoursToday: 0,
      activeProjects: 0,
      productivityScore: 0,
      completedTasks: 0,
      totalTasks: 0,
      expectedHoursToday: 0, // a Sunday: the organisation's schedule expects nothing
    });
  });

  it('computes each figure from the data, for every role', async () => {
    const { user, api } = await t.userClient('manager');
    const colleague = await t.createUser('employee');
    const suspended = await t.createUser('employee', { isActive: false });
    const gone = await t.createUser('employee');
    await fx.attendance(user.id, '2025-10-26T07:00:00Z', null);
    await fx.attendance(colleague.id, '2025-10-26T08:00:00Z', null);
    await fx.attendance(suspended.id, '2025-10-26T08:00:00Z', null);
    await fx.attendance(gone.id, '2025-10-26T08:00:00Z', '2025-10-26T12:00:00Z');

    await fx.project({ status: 'active' });
    await fx.project({ status: 'active' });
    await fx.project({ status: 'on_hold' });
    await fx.project({ status: 'completed' });

    await fx.task(user.id, { status: 'completed' });
    await fx.task(user.id, { status: 'in_progress' });
    await fx.task(user.id, { status: 'todo' });
    await fx.task(user.id, { status: 'pending_review' });
    await fx.task(colleague.id, { status: 'completed' });

    // 1 h of this entry falls before Berlin's midnight, 1 h after; the extra DST hour is real time.
    await fx.entry(user.id, '2025-10-25T21:00:00Z', '2025-10-25T23:00:00Z');
    await fx.entry(user.id, '2025-10-26T00:30:00Z', '2025-10-26T02:00:00Z'); // 1.5 h around the fall-back
    await fx.entry(colleague.id, '2025-10-26T09:00:00Z', '2025-10-26T10:00:00Z');
    clock.set('2025-10-26T19:30:00Z');
    await api.post('/api/timer/start', { description: 'Now' });
    clock.set('2025-10-26T20:00:00Z');

    const stats = (await api.get('/api/dashboard/stats')).json();
    expect(stats).toEqual({
      activeUsers: 2,
      totalHoursToday: 3,
      activeProjects: 2,
      productivityScore: 25,
      completedTasks: 1,
      totalTasks: 4,
      expectedHoursToday: 0,
    });
    const { api: admin } = await t.userClient('admin');
    expect((await admin.get('/api/dashboard/stats')).json()).toMatchObject({
      activeUsers: 2,
      totalHoursToday: 0,
      activeProjects: 2,
    });
  });

  it("counts an employee's own active projects, those they are a member of; managers and admins every one", async () => {
    const { user, api } = await t.userClient('employee');
    const activeProjects = async () => (await api.get('/api/dashboard/stats')).json().activeProjects;
    const before = (await (await t.userClient('manager')).api.get('/api/dashboard/stats')).json()
      .activeProjects;
    const mine = await fx.project({ status: 'active' });
    const onHold = await fx.project({ status: 'on_hold' });
    await fx.project({ status: 'active' });
    // a new employee is in no project, whatever the organisation runs
    expect(await activeProjects()).toBe(0);
    await t.db.insert(projectMembers).values([
      { projectId: mine.id, userId: user.id },
      { projectId: onHold.id, userId: user.id },
    ]);
    expect(await activeProjects()).toBe(1);
    const { api: manager } = await t.userClient('manager');
    expect((await manager.get('/api/dashboard/stats')).json().activeProjects).toBe(before + 2);
  });

  it("expects the hours of the user's own schedule on the weekday of the user's own zone", async () => {
    const { api: admin } = await t.userClient('admin');
    // Joined long before the (fixed) today: days before joining owe nothing.
    const { user, api } = await t.userClient('employee', { createdAt: new Date('2025-01-01T00:00:00Z') });
    const expected = async () => (await api.get('/api/dashboard/stats')).json().expectedHoursToday as number;
    const put = (body: object) => admin.put(`/api/users/${user.id}/schedule`, body);
    // Sunday 21:00 in Berlin, Sunday 16:00 in New York, already Monday 05:00 in Tokyo.
    expect((await put({ minutes: [450, 480, 480, 480, 480, 0, 360] })).statusCode).toBe(200);
    expect(await expected()).toBe(6);
    await put({ minutes: [450, 480, 480, 480, 480, 0, 360], timeZone: 'America/New_York' });
    expect(await expected()).toBe(6);
    await put({ minutes: [450, 480, 480, 480, 480, 0, 360], timeZone: 'Asia/Tokyo' });
    expect(await expected()).toBe(7.5);
  });

  it("counts as active only users clocked in today (the org zone's day), not records forgotten earlier", async () => {
    const { api } = await t.userClient('employee');
    const activeUsers = async () => (await api.get('/api/dashboard/stats')).json().activeUsers as number;
    const before = await activeUsers();

    const forgetful = await t.createUser('employee');
    await fx.attendance(forgetful.id, '2025-10-23T07:00:00Z', null);
    const yesterday = await t.createUser('employee');
    await fx.attendance(yesterday.id, '2025-10-25T20:30:00Z', null); // 22:30 in Berlin on the 25th
    expect(await activeUsers()).toBe(before);

    // 00:30 in Berlin on the 26th, still the 25th in UTC: today's record by the org zone.
    const earlyBird = await t.createUser('employee');
    await t.db.insert(attendanceRecords).values({
      userId: earlyBird.id,
      date: '2025-10-26',
      clockIn: new Date('2025-10-25T22:30:00Z'),
      status: 'present',
    });
    expect(await activeUsers()).toBe(before + 1);
  });
});
