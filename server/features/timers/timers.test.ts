import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { createTestApp, type TestContext } from '../../test/harness';
import { timeFixtures } from '../../test/time-fixtures';

const clock = fixedClock('2025-06-02T08:00:00Z');
let t: TestContext;
let fx: ReturnType<typeof timeFixtures>;
beforeAll(async () => {
  t = await createTestApp({ clock });
  fx = timeFixtures(t.db);
});
afterAll(() => t.close());

describe('timer routes', () => {
  it('need a session', async () => {
    for (const [method, url] of [
      ['get', '/api/timer/active'],
      ['post', '/api/timer/start'],
      ['patch', '/api/timer/active'],
      ['post', '/api/timer/stop'],
    ] as const) {
      const res = await t.anonymous[method](url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ code: 'not_authenticated', message: 'Not authenticated' });
    }
  });

  it('run a tracker timer: start, active, a second start is 409, stop writes the entry', async () => {
    const { api } = await t.userClient('employee');
    const project = await fx.project({ name: 'Zephyr' });
    expect((await api.get('/api/timer/active')).json()).toEqual({ isActive: false, timer: null });

    const started = await api.post('/api/timer/start', { projectId: project.id, description: '  ' });
    expect(started.statusCode).toBe(201);
    expect(started.json()).toMatchObject({
      projectId: project.id,
      project: 'Zephyr',
      taskId: null,
      description: 'General work',
      startTime: '2025-06-02T08:00:00.000Z',
    });
    const active = (await api.get('/api/timer/active')).json();
    expect(active).toEqual({ isActive: true, timer: started.json() });

    const again = await api.post('/api/timer/start', { description: 'Other' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'timer_running', message: 'A timer is already running' });

    clock.advance(90 * 60_000 + 30_000);
    const stopped = await api.post('/api/timer/stop');
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({
      projectId: project.id,
      project: 'Zephyr',
      description: 'General work',
      date: '2025-06-02',
      startTime: '2025-06-02T08:00:00.000Z',
      endTime: '2025-06-02T09:30:30.000Z',
      duration: 5430,
    });
    expect((await api.get('/api/timer/active')).json()).toEqual({ isActive: false, timer: null });
    const list = (await api.get('/api/time-entries')).json();
    expect(list).toHaveLength(1);

    const none = await api.post('/api/timer/stop');
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ code: 'no_timer_running', message: 'No timer is running' });
  });

  it('lets exactly one of two concurrent starts win', async () => {
    const { user, api } = await t.userClient('manager');
    const results = await Promise.all([
      api.post('/api/timer/start', { description: 'one' }),
      api.post('/api/timer/start', { description: 'two' }),
      api.post('/api/timer/start', { description: 'three' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const stops = await Promise.all([api.post('/api/timer/stop'), api.post('/api/timer/stop')]);
    expect(stops.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const entries = (await api.get('/api/time-entries')).json();
    expect(entries).toHaveLength(1);
    expect(user.id).toBeTruthy();
  });

  it('runs a quick timer with a description only, and stops it by its id', async () => {
    const { api } = await t.userClient('admin');
    const started = (await api.post('/api/timer/start', { description: 'Inbox zero' })).json();
    expect(started).toMatchObject({ description: 'Inbox zero', projectId: null, project: null });
    const wrongId = await api.post('/api/timer/stop', { timerId: '00000000-0000-4000-8000-000000000000' });
    expect(wrongId.statusCode).toBe(404);
    const stopped = await api.post('/api/timer/stop', { timerId: started.id });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({ description: 'Inbox zero', project: null, duration: 0 });
  });

  it('times only the user’s own open tasks and adds the seconds to the task', async () => {
    const { user, api } = await t.userClient('employee');
    const other = await t.createUser('employee');
    const project = await fx.project({ name: 'Hermes' });
    const mine = await fx.task(user.id, { title: 'Draft plan', projectId: project.id });
    await fx.entry(user.id, '2025-03-27T08:00:00Z', '2025-03-27T08:01:00Z', { taskId: mine.id });
    const theirs = await fx.task(other.id);
    const done = await fx.task(user.id, { status: 'completed' });
    const paused = await fx.task(user.id, { isPaused: true });

    expect((await api.post('/api/timer/start', { taskId: theirs.id })).statusCode).toBe(404);
    const completed = await api.post('/api/timer/start', { taskId: done.id });
    expect(completed.statusCode).toBe(409);
    expect(completed.json().message).toMatch(/completed/);
    const onPause = await api.post('/api/timer/start', { taskId: paused.id });
    expect(onPause.statusCode).toBe(409);
    expect(onPause.json().message).toMatch(/paused/);

    const started = await api.post('/api/timer/start', { taskId: mine.id });
    expect(started.json()).toMatchObject({
      taskId: mine.id,
      task: 'Draft plan',
      projectId: project.id,
      project: 'Hermes',
      description: 'Draft plan',
    });
    clock.advance(45 * 60_000);
    const entry = (await api.post('/api/timer/stop')).json();
    expect(entry).toMatchObject({ taskId: mine.id, task: 'Draft plan', duration: 2700 });
    // The task's time spent is the sum of its entries: the minute before, and these 45.
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, mine.id));
    expect(row.timeSpentSeconds).toBe(2760);
  });

  it('refuses bad input with 400', async () => {
    const { api } = await t.userClient('employee');
    const cases: unknown[] = [
      { projectId: 'abc' },
      { projectId: 42 },
      { taskId: 'nope' },
      { description: 'x'.repeat(501) },
      { description: 12 },
      { projectId: '00000000-0000-4000-8000-000000000000' },
    ];
    for (const body of cases) {
      const res = await api.post('/api/timer/start', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect((await api.post('/api/timer/stop', { timerId: 7 })).statusCode).toBe(400);
    expect((await api.get('/api/timer/active')).json().isActive).toBe(false);
  });

  it('switch the running timer billable or not, for every role, only their own; the entry keeps it', async () => {
    const billable = await fx.project({ name: 'Billable Co', billable: true });
    for (const role of ['employee', 'manager', 'admin'] as const) {
      const { api } = await t.userClient(role);
      const other = await t.userClient('employee');
      await other.api.post('/api/timer/start', { projectId: billable.id });

      const started = (await api.post('/api/timer/start', { projectId: billable.id })).json();
      expect(started.billable, role).toBe(true);
      const off = await api.patch('/api/timer/active', { billable: false });
      expect(off.statusCode, role).toBe(200);
      expect(off.json(), role).toEqual({ ...started, billable: false });
      expect((await api.get('/api/timer/active')).json().timer.billable, role).toBe(false);
      // Someone else's timer is not theirs to switch.
      expect((await other.api.get('/api/timer/active')).json().timer.billable, role).toBe(true);

      expect((await api.patch('/api/timer/active', { billable: true })).json().billable, role).toBe(true);
      expect((await api.patch('/api/timer/active', { billable: false })).json().billable, role).toBe(false);
      clock.advance(60_000);
      const entry = (await api.post('/api/timer/stop')).json();
      expect(entry.billable, role).toBe(false);
      await other.api.post('/api/timer/stop');
    }
  });

  it('switch a timer without a project: billable only when switched on', async () => {
    const { api } = await t.userClient('employee');
    const started = (await api.post('/api/timer/start', { description: 'Quick' })).json();
    expect(started.billable).toBe(false);
    expect((await api.patch('/api/timer/active', { billable: true })).json().billable).toBe(true);
    clock.advance(60_000);
    expect((await api.post('/api/timer/stop')).json().billable).toBe(true);
  });

  it('refuse a switch with no timer running (409) or bad input (400)', async () => {
    const { api } = await t.userClient('employee');
    const none = await api.patch('/api/timer/active', { billable: true });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ code: 'no_timer_running', message: 'No timer is running' });
    await api.post('/api/timer/start', { description: 'x' });
    for (const body of [{}, { billable: 'yes' }, { billable: null }, undefined]) {
      const res = await api.patch('/api/timer/active', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect((await api.get('/api/timer/active')).json().timer.billable).toBe(false);
    await api.post('/api/timer/stop');
  });
});
