import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBMISSION_NOTES } from '@contract/tasks';
import { createTestApp, type TestContext, MISSING_ID } from '../../test/harness';
import { createTask } from '../../test/tasks';
import { steppingClock } from '../../test/time-fixtures';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ clock: steppingClock() });
});
afterAll(() => t.close());

describe('task routes need a session', () => {
  it('answers 401 on every route without one', async () => {
    const calls = [
      t.anonymous.get('/api/my-tasks'),
      t.anonymous.get('/api/tasks'),
      t.anonymous.post('/api/tasks', { title: 'x' }),
      t.anonymous.patch(`/api/tasks/${MISSING_ID}`, { status: 'in_progress' }),
      t.anonymous.patch(`/api/tasks/${MISSING_ID}/pause`),
      t.anonymous.patch(`/api/tasks/${MISSING_ID}/submit`, { submissionNotes: 'x' }),
      t.anonymous.patch(`/api/tasks/${MISSING_ID}/review`, { action: 'approve' }),
      t.anonymous.post(`/api/tasks/${MISSING_ID}/comments`, { text: 'x' }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(401);
  });
});

describe('creating tasks', () => {
  it('My Tasks: own task with defaults, names from the session, assignedBy from the session', async () => {
    const { user, api } = await t.userClient('employee', { firstName: 'Evan', lastName: 'Stone' });
    const { api: manager } = await t.userClient('manager');
    const project = (await manager.post('/api/projects', { name: 'Apollo' })).json();
    const task = await createTask(api, {
      title: '  Write docs ',
      projectId: project.id,
      assignedBy: 'Current Manager',
    });
    expect(task).toMatchObject({
      title: 'Write docs',
      description: '',
      priority: 'medium',
      status: 'todo',
      projectId: project.id,
      project: 'Apollo',
      assigneeId: user.id,
      assignee: 'Evan Stone',
      assigneeImageUrl: null,
      assignedById: user.id,
      assignedBy: 'Evan Stone',
      estimatedHours: 0,
      timeSpent: 0,
      dueDate: null,
      isPaused: false,
      reviewStatus: null,
      comments: [],
    });
    const mine = await api.get('/api/my-tasks');
    expect(mine.json().map((x: { id: string }) => x.id)).toEqual([task.id]);
  });

  it("carries the assignee's picture for the task card (docs/decisions/013)", async () => {
    const { api: manager } = await t.userClient('manager');
    const url = '/api/users/x/avatar?v=0123456789abcdef';
    const worker = await t.createUser('employee', { profileImageUrl: url });
    const task = await createTask(manager, { title: 'With a face', assigneeId: worker.id });
    expect(task.assigneeImageUrl).toBe(url);
    const listed = (await manager.get('/api/tasks')).json() as {
      id: string;
      assigneeImageUrl: string | null;
    }[];
    expect(listed.find((x) => x.id === task.id)?.assigneeImageUrl).toBe(url);
  });

  it('Advanced: a manager assigns with estimate and due date; the assignee sees it', async () => {
    const { api: manager } = await t.userClient('manager', { firstName: 'Mona', lastName: 'Lee' });
    const { user: worker, api: employee } = await t.userClient('employee');
    const task = await createTask(manager, {
      title: 'Ship it',
      description: 'Release 1.0',
      priority: 'high',
      assigneeId: worker.id,
      estimatedHours: 2.5,
      dueDate: '2030-01-02T15:30:00.000Z',
    });
    expect(task).toMatchObject({
      assigneeId: worker.id,
      assignedBy: 'Mona Lee',
      estimatedHours: 2.5,
      priority: 'high',
      dueDate: '2030-01-02T15:30:00.000Z',
    });
    expect((await employee.get('/api/my-tasks')).json()[0].id).toBe(task.id);
  });

  it('reads a due date without offset (what a date-time input gives) in the time zone of the organisation', async () => {
    const { api: admin } = await t.userClient('admin');
    const { api } = await t.userClient('employee');
    const setZone = async (timeZone: string) => {
      const settings = (await admin.get('/api/settings')).json();
      expect((await admin.put('/api/settings', { ...settings, timeZone })).statusCode).toBe(200);
    };
    await setZone('Europe/Berlin');
    try {
      const due = async (dueDate: unknown) => (await createTask(api, { title: 'Due', dueDate })).dueDate;
      expect(await due('2030-01-02T15:30')).toBe('2030-01-02T14:30:00.000Z');
      expect(await due('2030-07-02T15:30:45')).toBe('2030-07-02T13:30:45.000Z');
      // the night clocks go forward (02:00 → 03:00): the missing 02:30 is read as 03:30 CEST
      expect(await due('2026-03-29T02:30')).toBe('2026-03-29T01:30:00.000Z');
      expect(await due('2026-03-29T01:59')).toBe('2026-03-29T00:59:00.000Z');
      // the night clocks go back: 02:30 happens twice, the first (CEST) is meant
      expect(await due('2026-10-25T02:30')).toBe('2026-10-25T00:30:00.000Z');
      // values with an offset are instants already, whatever the zone
      expect(await due('2030-01-02T15:30:00.000Z')).toBe('2030-01-02T15:30:00.000Z');
      expect(await due('2030-01-02T15:30:00+05:30')).toBe('2030-01-02T10:00:00.000Z');
      expect(await due(null)).toBeNull();
      for (const garbage of [
        '2030-02-30T10:00',
        '2030-01-02T24:00',
        '2030-01-02 15:30',
        '2030-01-02',
        '15:30',
        '0099-01-02T10:00',
        '2030-01-02T15:30+01',
        20300102,
      ]) {
        const res = await api.post('/api/tasks', { title: 'x', dueDate: garbage });
        expect(res.statusCode, String(garbage)).toBe(400);
        expect(res.json().fieldErrors.dueDate, String(garbage)).toEqual(['Choose a valid due date']);
      }
    } finally {
      await setZone('UTC');
    }
  });

  it('refuses employees assigning to others (403), unknown assignee or project (400)', async () => {
    const { api: employee } = await t.userClient('employee');
    const { api: manager } = await t.userClient('manager');
    const other = await t.createUser('employee');
    const pending = await t.createUser('employee', { approvalStatus: 'pending' });
    const res = await employee.post('/api/tasks', { title: 'x', assigneeId: other.id });
    expect(res.statusCode).toBe(403);
    const unknown = await manager.post('/api/tasks', { title: 'x', assigneeId: MISSING_ID });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Assignee not found');
    expect((await manager.post('/api/tasks', { title: 'x', assigneeId: pending.id })).statusCode).toBe(400);
    const noProject = await manager.post('/api/tasks', { title: 'x', projectId: MISSING_ID });
    expect(noProject.json()).toMatchObject({ message: 'Project not found' });
  });

  it('validates: the product title message, wrong types, oversized fields → 400', async () => {
    const { api } = await t.userClient('employee');
    for (const body of [{}, { title: '' }, { title: '   ' }]) {
      const res = await api.post('/api/tasks', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Task title is required');
    }
    const bad = [
      { title: 7 },
      { title: 'x'.repeat(201) },
      { title: 'x', priority: 'urgent' },
      { title: 'x', estimatedHours: '3' },
      { title: 'x', estimatedHours: -1 },
      { title: 'x', dueDate: 'tomorrow' },
      { title: 'x', projectId: 'abc' },
      { title: 'x', description: 'x'.repeat(5001) },
    ];
    for (const body of bad) expect((await api.post('/api/tasks', body)).statusCode).toBe(400);
    const huge = await api.post('/api/tasks', { title: 'x', description: 'x'.repeat(70_000) });
    expect(huge.statusCode).toBe(413);
  });
});

describe('My Tasks transitions', () => {
  it('Start then Complete; everything else is 409 with a message', async () => {
    const { api } = await t.userClient('employee');
    const task = await createTask(api, { title: 'Flow' });
    const early = await api.patch(`/api/tasks/${task.id}`, { status: 'completed' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('A task that is to do cannot be moved to completed');
    const started = await api.patch(`/api/tasks/${task.id}`, { status: 'in_progress' });
    expect(started.json().status).toBe('in_progress');
    const again = await api.patch(`/api/tasks/${task.id}`, { status: 'in_progress' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Task is already in progress');
    const back = await api.patch(`/api/tasks/${task.id}`, { status: 'todo' });
    expect(back.statusCode).toBe(409);
    const review = await api.patch(`/api/tasks/${task.id}`, { status: 'pending_review' });
    expect(review.statusCode).toBe(409);
    const done = await api.patch(`/api/tasks/${task.id}`, { status: 'completed' });
    expect(done.json()).toMatchObject({ status: 'completed' });
    expect(done.json().completedAt).not.toBeNull();
    expect((await api.patch(`/api/tasks/${task.id}`, { status: 'in_progress' })).statusCode).toBe(409);
    expect((await api.patch(`/api/tasks/${task.id}`, { status: 'done' })).statusCode).toBe(400);
    expect((await api.patch(`/api/tasks/${task.id}`, {})).statusCode).toBe(400);
  });

  it("another person's task is 404 to an employee on every action; a manager may act on it", async () => {
    const { api: owner } = await t.userClient('employee');
    const { api: stranger } = await t.userClient('employee');
    const { api: manager } = await t.userClient('manager');
    const task = await createTask(owner, { title: 'Private' });
    const attempts = [
      stranger.patch(`/api/tasks/${task.id}`, { status: 'in_progress' }),
      stranger.patch(`/api/tasks/${task.id}/pause`),
      stranger.patch(`/api/tasks/${task.id}/submit`, { submissionNotes: SUBMISSION_NOTES }),
      stranger.post(`/api/tasks/${task.id}/comments`, { text: 'hi' }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'task_not_found', message: 'Task not found' });
    }
    expect((await stranger.get('/api/tasks')).json()).toEqual([]);
    const started = await manager.patch(`/api/tasks/${task.id}`, { status: 'in_progress' });
    expect(started.statusCode).toBe(200);
  });

  it('reports timeSpent as tracked seconds / 3600, unrounded', async () => {
    const { api } = await t.userClient('employee');
    const task = await createTask(api, { title: 'Timed' });
    const { tasks } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    await t.db.update(tasks).set({ timeSpentSeconds: 1000 }).where(eq(tasks.id, task.id));
    const [listed] = (await api.get('/api/my-tasks')).json();
    expect(listed.timeSpent).toBe(1000 / 3600);
  });
});

describe('review workflow', () => {
  async function assigned() {
    const { api: manager, user: managerUser } = await t.userClient('manager', {
      firstName: 'Mia',
      lastName: 'Boss',
    });
    const { api: employee, user } = await t.userClient('employee', { firstName: 'Eli', lastName: 'Worker' });
    const task = await createTask(manager, { title: 'Review me', assigneeId: user.id });
    return { manager, managerUser, employee, user, task };
  }

  it('pause toggles, blocks submit (409) and is refused on closed tasks', async () => {
    const { employee, task } = await assigned();
    const paused = await employee.patch(`/api/tasks/${task.id}/pause`);
    expect(paused.json().isPaused).toBe(true);
    const refused = await employee.patch(`/api/tasks/${task.id}/submit`, {
      submissionNotes: SUBMISSION_NOTES,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A paused task cannot be submitted for review; resume it first');
    expect((await employee.patch(`/api/tasks/${task.id}/pause`)).json().isPaused).toBe(false);
    await employee.patch(`/api/tasks/${task.id}/submit`, { submissionNotes: SUBMISSION_NOTES });
    const closed = await employee.patch(`/api/tasks/${task.id}/pause`);
    expect(closed.statusCode).toBe(409);
  });

  it('submit → pending review; rework → in progress; resubmit; approve → completed', async () => {
    const { manager, employee, task } = await assigned();
    const early = await manager.patch(`/api/tasks/${task.id}/review`, { action: 'approve' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Only tasks pending review can be reviewed');

    const submitted = await employee.patch(`/api/tasks/${task.id}/submit`, {
      submissionNotes: SUBMISSION_NOTES,
    });
    expect(submitted.json()).toMatchObject({
      status: 'pending_review',
      reviewStatus: 'pending',
      submissionNotes: SUBMISSION_NOTES,
    });
    const twice = await employee.patch(`/api/tasks/${task.id}/submit`, { submissionNotes: 'x' });
    expect(twice.statusCode).toBe(409);
    expect((await employee.patch(`/api/tasks/${task.id}/review`, { action: 'approve' })).statusCode).toBe(
      403,
    );

    const rework = await manager.patch(`/api/tasks/${task.id}/review`, {
      action: 'rework',
      reviewComments: 'Add tests',
      reviewedBy: 'Current Manager',
    });
    expect(rework.json()).toMatchObject({
      status: 'in_progress',
      reviewStatus: 'rework',
      reviewComments: 'Add tests',
      reviewedBy: 'Mia Boss',
    });
    const shortcut = await employee.patch(`/api/tasks/${task.id}`, { status: 'completed' });
    expect(shortcut.statusCode).toBe(409);

    await employee.patch(`/api/tasks/${task.id}/submit`, {});
    const approved = await manager.patch(`/api/tasks/${task.id}/review`, { action: 'approve' });
    expect(approved.json()).toMatchObject({
      status: 'completed',
      reviewStatus: 'approved',
      reviewComments: null,
    });
    expect(approved.json().reviewedAt).toMatch(/Z$/);
    const again = await manager.patch(`/api/tasks/${task.id}/review`, {
      action: 'rework',
      reviewComments: 'Late',
    });
    expect(again.statusCode).toBe(409);
    expect((await manager.patch(`/api/tasks/${task.id}/review`, { action: 'maybe' })).statusCode).toBe(400);
    expect((await manager.patch(`/api/tasks/${MISSING_ID}/review`, { action: 'approve' })).statusCode).toBe(
      404,
    );
  });

  it('comments carry the session author, come back with the task, and validate', async () => {
    const { manager, employee, task } = await assigned();
    const res = await manager.post(`/api/tasks/${task.id}/comments`, {
      text: ' Looks good ',
      author: 'Current User',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ text: 'Looks good', author: 'Mia Boss' });
    await employee.post(`/api/tasks/${task.id}/comments`, { text: 'Thanks' });
    const [listed] = (await employee.get('/api/my-tasks')).json();
    expect(listed.comments.map((c: { author: string; text: string }) => [c.author, c.text])).toEqual([
      ['Mia Boss', 'Looks good'],
      ['Eli Worker', 'Thanks'],
    ]);
    expect((await employee.post(`/api/tasks/${task.id}/comments`, { text: '  ' })).json().message).toBe(
      'Comment is required',
    );
    expect((await employee.post(`/api/tasks/${task.id}/comments`, { text: 5 })).statusCode).toBe(400);
    expect(
      (await employee.post(`/api/tasks/${task.id}/comments`, { text: 'x'.repeat(2001) })).statusCode,
    ).toBe(400);
  });
});

describe('GET /api/tasks', () => {
  it('managers see all; filters by status, assignee, project and title; cursor pages', async () => {
    const { api: manager } = await t.userClient('manager');
    const a = await t.createUser('employee');
    const b = await t.createUser('employee');
    const project = (await manager.post('/api/projects', { name: 'Filters' })).json();
    const t1 = await createTask(manager, { title: 'Alpha report', assigneeId: a.id, projectId: project.id });
    const t2 = await createTask(manager, { title: 'Beta 100%_done', assigneeId: b.id });
    const t3 = await createTask(manager, { title: 'alpha review', assigneeId: b.id, projectId: project.id });
    await manager.patch(`/api/tasks/${t3.id}`, { status: 'in_progress' });
    const ids = async (q: string) =>
      (await manager.get(`/api/tasks?${q}`)).json().map((x: { id: string }) => x.id) as string[];
    expect((await ids('')).slice(0, 3)).toEqual([t3.id, t2.id, t1.id]);
    expect(await ids(`assigneeId=${b.id}`)).toEqual([t3.id, t2.id]);
    expect(await ids(`projectId=${project.id}`)).toEqual([t3.id, t1.id]);
    expect(await ids(`projectId=${project.id}&status=todo`)).toEqual([t1.id]);
    expect(await ids('search=ALPHA')).toEqual([t3.id, t1.id]);
    expect(await ids('search=100%25_')).toEqual([t2.id]);
    expect(await ids('search=%25')).toEqual([t2.id]);
    expect(await ids(`assigneeId=${b.id}&limit=1`)).toEqual([t3.id]);
    expect(await ids(`assigneeId=${b.id}&limit=1&before=${t3.id}`)).toEqual([t2.id]);
    expect(await ids(`assigneeId=${b.id}&before=${t2.id}`)).toEqual([]);
    for (const q of ['status=done', 'assigneeId=1', 'limit=501', 'limit=x', `search=${'x'.repeat(101)}`]) {
      expect((await manager.get(`/api/tasks?${q}`)).statusCode).toBe(400);
    }
  });

  it('employees see only their own tasks, whatever they filter by', async () => {
    const { api: manager } = await t.userClient('manager');
    const { user, api: employee } = await t.userClient('employee');
    const other = await t.createUser('employee');
    const mine = await createTask(manager, { title: 'Mine', assigneeId: user.id });
    await createTask(manager, { title: 'Theirs', assigneeId: other.id });
    expect((await employee.get('/api/tasks')).json().map((x: { id: string }) => x.id)).toEqual([mine.id]);
    expect((await employee.get(`/api/tasks?assigneeId=${other.id}`)).json()).toEqual([]);
  });
});

describe("a task's running timer (docs/product/tasks.md#pause: paused and finished tasks are not timed)", () => {
  /** The assignee times an in-progress task; returns what the checks below need. */
  async function timed() {
    const { api: manager } = await t.userClient('manager');
    const { api: employee, user } = await t.userClient('employee');
    const task = await createTask(manager, { title: 'Timed work', assigneeId: user.id });
    await employee.patch(`/api/tasks/${task.id}`, { status: 'in_progress' });
    const started = await employee.post('/api/timer/start', { taskId: task.id });
    expect(started.statusCode).toBe(201);
    /** The timer is gone, its entry written and its seconds added to the task. */
    const expectStopped = async () => {
      expect((await employee.get('/api/timer/active')).json()).toEqual({ isActive: false, timer: null });
      const entries = (await employee.get('/api/time-entries')).json() as {
        taskId: string;
        duration: number;
      }[];
      expect(entries.map((e) => e.taskId)).toEqual([task.id]);
      expect(entries[0].duration).toBeGreaterThan(0);
      const [mine] = (await employee.get('/api/my-tasks')).json();
      expect(mine.timeSpent * 3600).toBeCloseTo(entries[0].duration, 6);
    };
    return { manager, employee, task, expectStopped };
  }

  it('stops when the task is paused, and resuming does not restart it', async () => {
    const { employee, task, expectStopped } = await timed();
    expect((await employee.patch(`/api/tasks/${task.id}/pause`)).json().isPaused).toBe(true);
    await expectStopped();
    expect((await employee.patch(`/api/tasks/${task.id}/pause`)).json().isPaused).toBe(false);
    expect((await employee.get('/api/timer/active')).json().isActive).toBe(false);
  });

  it('stops when the task is completed', async () => {
    const { employee, task, expectStopped } = await timed();
    const done = await employee.patch(`/api/tasks/${task.id}`, { status: 'completed' });
    expect(done.json().status).toBe('completed');
    await expectStopped();
  });

  it('stops when the task is submitted for review', async () => {
    const { employee, task, expectStopped } = await timed();
    const submitted = await employee.patch(`/api/tasks/${task.id}/submit`, {
      submissionNotes: SUBMISSION_NOTES,
    });
    expect(submitted.json().status).toBe('pending_review');
    await expectStopped();
  });

  it("stops the assignee's timer when a reviewer approves the task", async () => {
    const { manager, employee, task } = await timed();
    const { activeTimers, tasks } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    // Submitting stops the timer; one still running at review time is put there directly.
    const [timer] = await t.db.select().from(activeTimers).where(eq(activeTimers.taskId, task.id));
    await t.db.delete(activeTimers).where(eq(activeTimers.id, timer.id));
    await employee.patch(`/api/tasks/${task.id}/submit`, { submissionNotes: SUBMISSION_NOTES });
    await t.db.insert(activeTimers).values({ ...timer, startTime: new Date(Date.now() - 3_600_000) });
    const [before] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));

    const approved = await manager.patch(`/api/tasks/${task.id}/review`, { action: 'approve' });
    expect(approved.json().status).toBe('completed');
    expect((await employee.get('/api/timer/active')).json().isActive).toBe(false);
    const entries = (await employee.get('/api/time-entries')).json() as {
      taskId: string;
      duration: number;
    }[];
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ taskId: task.id });
    const [after] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(after.timeSpentSeconds - before.timeSpentSeconds).toBe(entries[0].duration);
  });

  it('keeps running when the change is refused', async () => {
    const { manager, employee, task } = await timed();
    const early = await manager.patch(`/api/tasks/${task.id}/review`, { action: 'approve' });
    expect(early.statusCode).toBe(409);
    expect((await employee.get('/api/timer/active')).json().isActive).toBe(true);
    expect((await employee.get('/api/time-entries')).json()).toEqual([]);
  });
});
