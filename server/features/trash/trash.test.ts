import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardApi } from '@contract/dashboard';
import { reportsApi } from '@contract/reports';
import { searchApi } from '@contract/search';
import { tasksApi } from '@contract/tasks';
import { timeEntriesApi } from '@contract/time-entries';
import { TRASH_DAYS, trashApi } from '@contract/trash';
import { taskComments, tasks, timesheets, trashedTimeEntries } from '../../db/schema';
import { refreshAllStale } from '../../core/time/ledger-rollup';
import { purgeExpired } from '../../jobs';
import { fixedClock } from '../../lib/clock';
import { createTestApp, MISSING_ID, type TestContext } from '../../test/harness';
import { timeFixtures } from '../../test/time-fixtures';

const DAY_MS = 24 * 60 * 60 * 1000;
// A Wednesday in UTC (the organisation's zone in these tests); the week's Monday is 2026-03-16.
const clock = fixedClock('2026-03-18T12:00:00Z');
let t: TestContext;
let fx: ReturnType<typeof timeFixtures>;
beforeAll(async () => {
  t = await createTestApp({ clock });
  fx = timeFixtures(t.db);
});
afterAll(() => t.close());

/** Lets the clock move a second, so deletions and creations have an order. */
const tick = () => clock.advance(1000);

async function taskWithTime(api: Awaited<ReturnType<TestContext['userClient']>>['api'], userId: string) {
  const project = await fx.project({ name: `P${Math.random().toString(36).slice(2, 7)}` });
  const created = await api.call(tasksApi.create, {
    body: { title: `Quarterly figures ${Math.random().toString(36).slice(2, 7)}`, projectId: project.id },
  });
  expect(created.statusCode).toBe(201);
  const task = created.json();
  await api.call(tasksApi.addComment, { params: { id: task.id }, body: { text: 'First draft attached' } });
  const entry = await fx.entry(userId, '2026-03-17T09:00:00Z', '2026-03-17T11:00:00Z', {
    taskId: task.id,
    projectId: project.id,
    description: 'Figures',
  });
  return { task, entry, project };
}

describe('deleting and restoring a task (the Trash)', () => {
  it('hides a deleted task from every list, search and count; Undo brings it back exactly', async () => {
    const { api, user } = await t.userClient('employee');
    const { task, entry } = await taskWithTime(api, user.id);
    const before = (await api.call(dashboardApi.stats)).json();
    tick();
    expect((await api.call(tasksApi.remove, { params: { id: task.id } })).statusCode).toBe(204);

    expect((await api.call(tasksApi.listMine, { query: {} })).json().map((x) => x.id)).not.toContain(task.id);
    expect((await api.call(tasksApi.list, { query: {} })).json().map((x) => x.id)).not.toContain(task.id);
    const found = (await api.call(searchApi.search, { query: { q: 'Quarterly' } })).json();
    expect(found.tasks.map((x) => x.id)).not.toContain(task.id);
    expect((await api.call(dashboardApi.stats)).json().totalTasks).toBe(before.totalTasks - 1);
    // every single-task action treats it as gone
    expect(
      (await api.call(tasksApi.update, { params: { id: task.id }, body: { status: 'in_progress' } }))
        .statusCode,
    ).toBe(404);
    expect((await api.call(tasksApi.remove, { params: { id: task.id } })).statusCode).toBe(404);
    // its entry keeps its hours but no longer names the task
    const entries = (await api.call(timeEntriesApi.list, { query: {} })).json();
    expect(entries.find((e) => e.id === entry.id)).toMatchObject({
      taskId: null,
      task: null,
      duration: 7200,
    });

    const trash = (await api.call(trashApi.list, { query: {} })).json();
    expect(trash[0]).toMatchObject({
      id: task.id,
      kind: 'task',
      title: task.title,
      ownerId: user.id,
      deletedAt: clock.now().toISOString(),
      purgeAt: new Date(clock.now().getTime() + TRASH_DAYS * DAY_MS).toISOString(),
    });

    const restored = await api.call(tasksApi.restore, { params: { id: task.id } });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id: task.id, title: task.title, timeSpent: 2, status: 'todo' });
    expect(restored.json().comments.map((c) => c.text)).toEqual(['First draft attached']);
    expect((await api.call(tasksApi.listMine, { query: {} })).json().map((x) => x.id)).toContain(task.id);
    const again = (await api.call(timeEntriesApi.list, { query: {} })).json();
    expect(again.find((e) => e.id === entry.id)).toMatchObject({ taskId: task.id, task: task.title });
    expect((await api.call(trashApi.list, { query: {} })).json().map((x) => x.id)).not.toContain(task.id);
    // a task not in the Trash: 409
    const twice = await api.call(tasksApi.restore, { params: { id: task.id } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('task_not_in_trash');
  });

  it('leaves deleted tasks out of the tasks report and a project’s figures', async () => {
    const { api: manager } = await t.userClient('admin');
    const { user } = await t.userClient('employee');
    const project = await fx.project({ name: 'Report check' });
    const done = await fx.task(user.id, {
      title: 'Counted once',
      projectId: project.id,
      status: 'completed',
      completedAt: new Date('2026-03-17T10:00:00Z'),
      assignedById: user.id,
    });
    const query = { from: '2026-03-16', to: '2026-03-22', userId: user.id };
    const counted = (await manager.call(reportsApi.tasks, { query })).json();
    await t.db.update(tasks).set({ deletedAt: clock.now() }).where(eq(tasks.id, done.id));
    const after = (await manager.call(reportsApi.tasks, { query })).json();
    const sum = (r: typeof counted) => r.completedPerWeek.reduce((n, w) => n + w.completed, 0);
    expect(sum(after)).toBe(sum(counted) - 1);
  });

  it('lets only the one who deleted it, its creator and admins see and restore it', async () => {
    const { api: creator, user: owner } = await t.userClient('employee');
    const { api: stranger } = await t.userClient('employee');
    const { api: manager } = await t.userClient('manager');
    const { api: otherManager } = await t.userClient('manager');
    const { api: admin } = await t.userClient('admin');
    const task = (await creator.call(tasksApi.create, { body: { title: 'Private plan' } })).json();
    tick();
    // a manager deletes the employee's task: both see it in their Trash
    expect((await manager.call(tasksApi.remove, { params: { id: task.id } })).statusCode).toBe(204);
    expect((await creator.call(trashApi.list, { query: {} })).json()[0]?.id).toBe(task.id);
    expect((await manager.call(trashApi.list, { query: {} })).json()[0]).toMatchObject({
      id: task.id,
      owner: `${owner.firstName} ${owner.lastName}`,
    });
    // someone else's Trash: not listed, and a restore is 404 as for a task one may not see
    expect((await stranger.call(trashApi.list, { query: {} })).json().map((x) => x.id)).not.toContain(
      task.id,
    );
    expect((await otherManager.call(trashApi.list, { query: {} })).json().map((x) => x.id)).not.toContain(
      task.id,
    );
    expect((await stranger.call(tasksApi.restore, { params: { id: task.id } })).statusCode).toBe(404);
    expect((await otherManager.call(tasksApi.restore, { params: { id: task.id } })).statusCode).toBe(404);
    expect((await stranger.call(tasksApi.restore, { params: { id: MISSING_ID } })).statusCode).toBe(404);
    expect((await t.anonymous.call(tasksApi.restore, { params: { id: task.id } })).statusCode).toBe(401);
    expect((await t.anonymous.call(trashApi.list, { query: {} })).statusCode).toBe(401);
    // admins see and restore anyone's
    expect((await admin.call(trashApi.list, { query: {} })).json().map((x) => x.id)).toContain(task.id);
    expect((await admin.call(tasksApi.restore, { params: { id: task.id } })).statusCode).toBe(200);
    // the assignee of a task someone else created (not the deleter): not theirs to restore
    const { api: boss, user: bossUser } = await t.userClient('manager');
    const { api: worker, user: workerUser } = await t.userClient('employee');
    const given = (
      await boss.call(tasksApi.create, { body: { title: 'Given', assigneeId: workerUser.id } })
    ).json();
    expect((await boss.call(tasksApi.remove, { params: { id: given.id } })).statusCode).toBe(204);
    expect((await worker.call(tasksApi.restore, { params: { id: given.id } })).statusCode).toBe(404);
    expect(bossUser.id).toBeTruthy();
  });

  it('pages through the Trash newest deletion first, tasks and entries together', async () => {
    const { api, user } = await t.userClient('employee');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const task = (await api.call(tasksApi.create, { body: { title: `Paged ${i}` } })).json();
      tick();
      await api.call(tasksApi.remove, { params: { id: task.id } });
      ids.push(task.id);
      const entry = await fx.entry(user.id, `2026-03-1${i}T09:00:00Z`, `2026-03-1${i}T10:00:00Z`);
      tick();
      expect((await api.call(timeEntriesApi.remove, { params: { id: entry.id } })).statusCode).toBe(204);
      ids.push(entry.id);
    }
    const first = (await api.call(trashApi.list, { query: { limit: 4 } })).json();
    const rest = (await api.call(trashApi.list, { query: { limit: 4, before: first[3].id } })).json();
    expect([...first, ...rest].map((x) => x.id)).toEqual([...ids].reverse());
    expect(first[0]).toMatchObject({ kind: 'time_entry', seconds: 3600 });
    const bad = await api.get('/api/trash?before=nope');
    expect(bad.statusCode).toBe(400);
  });
});

describe('deleting and restoring a time entry', () => {
  it('stops counting a deleted entry everywhere (time spent, totals, reports, the kept sums) and counts it again once restored', async () => {
    const { api, user } = await t.userClient('employee');
    const { task, entry } = await taskWithTime(api, user.id);
    const week = { from: '2026-03-16', to: '2026-03-22', userId: user.id };
    const { timeZone } = { timeZone: 'UTC' };
    await refreshAllStale(t.db, timeZone);
    const seconds = async () => ({
      report: (await api.call(reportsApi.time, { query: week })).json().totalSeconds,
      summary: (await api.call(timeEntriesApi.summary)).json().totalHours,
      task: (await api.call(tasksApi.listMine, { query: {} })).json().find((x) => x.id === task.id)
        ?.timeSpent,
    });
    expect(await seconds()).toEqual({ report: 7200, summary: 2, task: 2 });

    tick();
    expect((await api.call(timeEntriesApi.remove, { params: { id: entry.id } })).statusCode).toBe(204);
    expect(await seconds()).toEqual({ report: 0, summary: 0, task: 0 });
    await refreshAllStale(t.db, timeZone);
    expect(await seconds()).toEqual({ report: 0, summary: 0, task: 0 });
    expect((await api.call(timeEntriesApi.list, { query: {} })).json().map((e) => e.id)).not.toContain(
      entry.id,
    );
    const csv = await api.get('/api/time-entries/export?from=2026-03-16&to=2026-03-22');
    expect(csv.body).not.toContain('Figures');

    const restored = await api.call(timeEntriesApi.restore, { params: { id: entry.id } });
    expect(restored.statusCode).toBe(200);
    expect(await seconds()).toEqual({ report: 7200, summary: 2, task: 2 });
    await refreshAllStale(t.db, timeZone);
    expect(await seconds()).toEqual({ report: 7200, summary: 2, task: 2 });
    const back = (await api.call(timeEntriesApi.list, { query: {} })).json().find((e) => e.id === entry.id);
    expect(back).toMatchObject({ description: 'Figures', taskId: task.id, duration: 7200 });
    // restored once: a second restore is a 409, and the Trash no longer holds it
    expect((await api.call(timeEntriesApi.restore, { params: { id: entry.id } })).json().code).toBe(
      'entry_not_in_trash',
    );
    expect(await t.db.select().from(trashedTimeEntries).where(eq(trashedTimeEntries.id, entry.id))).toEqual(
      [],
    );
  });

  it('refuses to restore into a week that was submitted meanwhile, as any write into a locked week', async () => {
    const { api, user } = await t.userClient('employee');
    const entry = await fx.entry(user.id, '2026-03-17T13:00:00Z', '2026-03-17T14:00:00Z');
    tick();
    await api.call(timeEntriesApi.remove, { params: { id: entry.id } });
    await t.db.insert(timesheets).values({ userId: user.id, weekStart: '2026-03-16', status: 'approved' });
    const refused = await api.call(timeEntriesApi.restore, { params: { id: entry.id } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'week_locked', message: 'This week is locked' });
    expect((await api.call(trashApi.list, { query: {} })).json().map((x) => x.id)).toContain(entry.id);
  });

  it("lets its owner and admins restore it; someone else's is 404", async () => {
    const { api, user } = await t.userClient('employee');
    const { api: other } = await t.userClient('manager');
    const { api: admin } = await t.userClient('admin');
    const entry = await fx.entry(user.id, '2026-03-18T08:00:00Z', '2026-03-18T09:00:00Z');
    tick();
    await api.call(timeEntriesApi.remove, { params: { id: entry.id } });
    expect((await other.call(timeEntriesApi.restore, { params: { id: entry.id } })).statusCode).toBe(404);
    expect((await other.call(trashApi.list, { query: {} })).json().map((x) => x.id)).not.toContain(entry.id);
    expect((await admin.call(trashApi.list, { query: {} })).json().map((x) => x.id)).toContain(entry.id);
    expect((await admin.call(timeEntriesApi.restore, { params: { id: entry.id } })).statusCode).toBe(200);
    expect((await api.call(timeEntriesApi.list, { query: {} })).json().map((e) => e.id)).toContain(entry.id);
    expect((await api.call(timeEntriesApi.restore, { params: { id: MISSING_ID } })).statusCode).toBe(404);
  });
});

describe('the purge after 30 days', () => {
  it('deletes for good what has been in the Trash for 30 days, and nothing younger', async () => {
    const local = fixedClock('2026-04-01T10:00:00Z');
    const p = await createTestApp({ clock: local });
    try {
      const pfx = timeFixtures(p.db);
      const { api, user } = await p.userClient('employee');
      const old = (await api.call(tasksApi.create, { body: { title: 'Old' } })).json();
      await api.call(tasksApi.addComment, { params: { id: old.id }, body: { text: 'gone with it' } });
      const oldEntry = await pfx.entry(user.id, '2026-03-31T09:00:00Z', '2026-03-31T10:00:00Z', {
        taskId: old.id,
      });
      const oldLoose = await pfx.entry(user.id, '2026-03-30T09:00:00Z', '2026-03-30T10:00:00Z');
      await api.call(tasksApi.remove, { params: { id: old.id } });
      await api.call(timeEntriesApi.remove, { params: { id: oldLoose.id } });
      local.advance(DAY_MS);
      // a day on, the session has gone idle: sign in again
      let again = await p.signIn(user);
      const young = (await again.call(tasksApi.create, { body: { title: 'Young' } })).json();
      await again.call(tasksApi.remove, { params: { id: young.id } });

      local.advance(TRASH_DAYS * DAY_MS - DAY_MS - 1000);
      expect((await purgeExpired(p.db, local)).trash).toEqual({ tasks: 0, timeEntries: 0 });
      local.advance(1000);
      expect((await purgeExpired(p.db, local)).trash).toEqual({ tasks: 1, timeEntries: 1 });
      again = await p.signIn(user);
      expect((await again.call(trashApi.list, { query: {} })).json().map((x) => x.title)).toEqual(['Young']);
      expect((await again.call(tasksApi.restore, { params: { id: old.id } })).statusCode).toBe(404);
      expect((await again.call(timeEntriesApi.restore, { params: { id: oldLoose.id } })).statusCode).toBe(
        404,
      );
      expect(await p.db.select().from(taskComments).where(eq(taskComments.taskId, old.id))).toEqual([]);
      // the purged task's entry keeps its hours, without the link
      const kept = (await again.call(timeEntriesApi.list, { query: {} }))
        .json()
        .find((e) => e.id === oldEntry.id);
      expect(kept).toMatchObject({ taskId: null, duration: 3600 });
      local.advance(DAY_MS);
      expect((await purgeExpired(p.db, local)).trash).toEqual({ tasks: 1, timeEntries: 0 });
    } finally {
      await p.close();
    }
  });
});
