import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestOf } from '@contract/endpoint';
import { type ReviewTaskRequest, tasksApi } from '@contract/tasks';
import { type MarkReadRequest, notificationsApi } from '@contract/notifications';
import { adminApi } from '@contract/admin';
import WebSocket from 'ws';
import { notifications } from '../../db/schema';
import { createTestApp, type TestContext, type TestApi } from '../../test/harness';
import { steppingClock } from '../../test/time-fixtures';

type NotificationsQueryInput = RequestOf<typeof notificationsApi.list>['query'];
type SubmitInput = RequestOf<typeof tasksApi.submit>['body'];
let t: TestContext;
beforeAll(async () => {
  // Every reading of the clock is a second later, so "newest first" never depends on ties.
  t = await createTestApp({ clock: steppingClock(), listen: true });
});
afterAll(() => t.close());

const list = async (api: TestApi, query: NotificationsQueryInput = {}) => {
  const res = await api.call(notificationsApi.list, { query });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const unread = async (api: TestApi) => (await api.call(notificationsApi.unreadCount)).json().count;
const markRead = (api: TestApi, body: MarkReadRequest) => api.call(notificationsApi.markRead, { body });
const submit = (api: TestApi, id: string, body: SubmitInput = {}) =>
  api.call(tasksApi.submit, { params: { id }, body });
const review = (api: TestApi, id: string, body: ReviewTaskRequest) =>
  api.call(tasksApi.review, { params: { id }, body });
const comment = (api: TestApi, id: string, text: string) =>
  api.call(tasksApi.addComment, { params: { id }, body: { text } });

/** A manager, the employee they assign to, and a task between them (which notifies the employee). */
async function assigned(title = 'Write the report') {
  const manager = await t.userClient('manager');
  const employee = await t.userClient('employee');
  const res = await manager.api.call(tasksApi.create, { body: { title, assigneeId: employee.user.id } });
  expect(res.statusCode).toBe(201);
  return { manager, employee, taskId: res.json().id };
}

describe('notifications: who hears of what', () => {
  it('tells the assignee of a task assigned to them, never the manager who assigned it', async () => {
    const { manager, employee, taskId } = await assigned('Quarterly figures');
    const [n] = await list(employee.api);
    expect(n).toMatchObject({
      kind: 'task_assigned',
      title: `${manager.user.firstName} ${manager.user.lastName} assigned you “Quarterly figures”`,
      link: `/tasks/${taskId}`,
      actorName: `${manager.user.firstName} ${manager.user.lastName}`,
      readAt: null,
    });
    expect(await unread(employee.api)).toBe(1);
    expect(await list(manager.api)).toEqual([]);
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, employee.user.id));
    expect(rows[0].data).toEqual({ taskId });
  });

  it('notifies nobody of a task someone creates for themselves', async () => {
    const { api } = await t.userClient('employee');
    expect((await api.call(tasksApi.create, { body: { title: 'Mine' } })).statusCode).toBe(201);
    expect(await list(api)).toEqual([]);
    const { api: manager } = await t.userClient('manager');
    expect((await manager.call(tasksApi.create, { body: { title: 'Also mine' } })).statusCode).toBe(201);
    expect(await list(manager)).toEqual([]);
  });

  it('tells the one who assigned a task that it waits for review, with the notes; not the submitter', async () => {
    const { manager, employee, taskId } = await assigned('Draft');
    const { api: otherManager } = await t.userClient('manager');
    const res = await submit(employee.api, taskId, { submissionNotes: 'Done, see PR 12' });
    expect(res.statusCode).toBe(200);
    const [n] = await list(manager.api);
    expect(n).toMatchObject({ kind: 'task_submitted', body: 'Done, see PR 12', link: `/tasks/${taskId}` });
    expect(n.title).toContain('submitted “Draft” for review');
    expect((await list(employee.api)).map((x) => x.kind)).toEqual(['task_assigned']);
    expect(await list(otherManager)).toEqual([]);
  });

  it('tells the assignee of an approval, and of a rework with the comments; never the reviewer', async () => {
    const { manager, employee, taskId } = await assigned('Slides');
    await submit(employee.api, taskId);
    const rework = await review(manager.api, taskId, {
      action: 'rework',
      reviewComments: 'Add the Q3 numbers',
    });
    expect(rework.statusCode).toBe(200);
    expect((await list(employee.api))[0]).toMatchObject({ kind: 'task_rework', body: 'Add the Q3 numbers' });
    await submit(employee.api, taskId);
    await review(manager.api, taskId, { action: 'approve' });
    const mine = await list(employee.api);
    expect(mine.map((x) => x.kind)).toEqual(['task_approved', 'task_rework', 'task_assigned']);
    expect(mine[0].title).toContain('approved “Slides”');
    expect((await list(manager.api)).map((x) => x.kind)).toEqual(['task_submitted', 'task_submitted']);
  });

  it('tells the assignee and the assigner of a comment, never its author', async () => {
    const { manager, employee, taskId } = await assigned('Budget');
    await comment(manager.api, taskId, 'Use the new template');
    expect((await list(employee.api))[0]).toMatchObject({
      kind: 'task_comment',
      body: 'Use the new template',
      link: `/tasks/${taskId}`,
    });
    expect(await list(manager.api)).toEqual([]);
    await comment(employee.api, taskId, 'Will do');
    expect((await list(manager.api))[0]).toMatchObject({
      kind: 'task_comment',
      body: 'Will do',
      link: `/tasks/${taskId}`,
    });
    expect((await list(employee.api)).map((x) => x.kind)).toEqual(['task_comment', 'task_assigned']);
    // Another manager commenting tells both of them.
    const { api: other } = await t.userClient('manager');
    await comment(other, taskId, 'FYI');
    expect((await list(employee.api))[0].body).toBe('FYI');
    expect((await list(manager.api))[0].body).toBe('FYI');
    expect(await list(other)).toEqual([]);
  });

  it('welcomes an approved account in the bell; the approving admin gets nothing', async () => {
    const { api: admin } = await t.userClient('admin');
    const pending = await t.createUser('employee', { approvalStatus: 'pending' });
    expect(
      (await admin.call(adminApi.approveUser, { params: { id: pending.id }, body: {} })).statusCode,
    ).toBe(200);
    const api = await t.signIn(pending);
    expect(await list(api)).toMatchObject([{ kind: 'account_approved', link: '/' }]);
    expect(await list(admin)).toEqual([]);
  });

  it('writes nothing when the change that would cause it fails', async () => {
    const { manager, employee, taskId } = await assigned('Twice');
    await submit(employee.api, taskId);
    expect((await submit(employee.api, taskId)).statusCode).toBe(409);
    expect(await list(manager.api)).toHaveLength(1);
    await review(manager.api, taskId, { action: 'approve' });
    expect((await review(manager.api, taskId, { action: 'approve' })).statusCode).toBe(409);
    expect((await list(employee.api)).filter((n) => n.kind === 'task_approved')).toHaveLength(1);
    // An unknown assignee is refused before anything is written.
    expect(
      (
        await manager.api.call(tasksApi.create, {
          body: {
            title: 'x',
            assigneeId: '00000000-0000-4000-8000-000000000000',
          },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('notifications: reading and marking', () => {
  it('refuses anonymous callers on every route', async () => {
    for (const res of [
      await t.anonymous.call(notificationsApi.list),
      await t.anonymous.call(notificationsApi.unreadCount),
      await markRead(t.anonymous, { all: true }),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });

  it('lists newest first in pages through the before cursor; another person’s cursor gives nothing', async () => {
    const manager = await t.userClient('manager');
    const employee = await t.userClient('employee');
    for (let i = 1; i <= 5; i += 1) {
      await manager.api.call(tasksApi.create, { body: { title: `Task ${i}`, assigneeId: employee.user.id } });
    }
    const first = await list(employee.api, { limit: 2 });
    expect(first.map((n) => n.title.match(/Task \d/)?.[0])).toEqual(['Task 5', 'Task 4']);
    const second = await list(employee.api, { limit: 2, before: first[1].id });
    expect(second.map((n) => n.title.match(/Task \d/)?.[0])).toEqual(['Task 3', 'Task 2']);
    const last = await list(employee.api, { limit: 2, before: second[1].id });
    expect(last).toHaveLength(1);
    expect(await list(employee.api, { before: last[0].id })).toEqual([]);
    // Each sees only their own: the manager cannot page through the employee's.
    expect(await list(manager.api, { before: first[0].id })).toEqual([]);
    expect(await list(manager.api)).toEqual([]);
  });

  it('answers bad list input with 400', async () => {
    const { api } = await t.userClient('employee');
    for (const limit of [0, 101]) {
      expect((await api.call(notificationsApi.list, { query: { limit } })).statusCode).toBe(400);
    }
    // Raw: a limit that is no number, a cursor that is no id.
    for (const q of ['?limit=abc', '?before=nope']) {
      expect((await api.get(`/api/notifications${q}`)).statusCode).toBe(400);
    }
  });

  it('marks named ones read (only the caller’s), then all; the count follows', async () => {
    const manager = await t.userClient('manager');
    const employee = await t.userClient('employee');
    for (let i = 1; i <= 3; i += 1) {
      await manager.api.call(tasksApi.create, { body: { title: `Mark ${i}`, assigneeId: employee.user.id } });
    }
    const mine = await list(employee.api);
    expect(await unread(employee.api)).toBe(3);
    // The manager naming the employee's notification changes nothing.
    const foreign = await markRead(manager.api, { ids: [mine[0].id] });
    expect(foreign.json()).toEqual({ count: 0 });
    expect(await unread(employee.api)).toBe(3);
    const one = await markRead(employee.api, { ids: [mine[0].id] });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ count: 1 });
    expect(await unread(employee.api)).toBe(2);
    expect((await list(employee.api))[0].readAt).not.toBeNull();
    // Marking it again changes nothing.
    expect((await markRead(employee.api, { ids: [mine[0].id] })).json()).toEqual({
      count: 0,
    });
    expect((await markRead(employee.api, { all: true })).json()).toEqual({ count: 2 });
    expect(await unread(employee.api)).toBe(0);
    expect((await list(employee.api)).every((n) => n.readAt !== null)).toBe(true);
  });

  it('answers a malformed mark-read body with 400 and a clear message', async () => {
    const { api } = await t.userClient('employee');
    for (const body of [
      {},
      { ids: [] },
      { ids: ['x'] },
      { all: false },
      { ids: 'a' },
      { all: true, ids: [] },
    ]) {
      const res = await api.post('/api/notifications/read', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    const tooMany = Array.from({ length: 501 }, () => '00000000-0000-4000-8000-000000000000');
    expect((await markRead(api, { ids: tooMany })).statusCode).toBe(400);
  });
});

describe('notifications: live', () => {
  async function socket(cookie: string | undefined) {
    const types: string[] = [];
    const ws = new WebSocket(`${t.base.replace('http', 'ws')}/api/ws`, { headers: { cookie: cookie ?? '' } });
    ws.on('message', (raw) => types.push(JSON.parse(raw.toString()).type));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const count = () => types.filter((x) => x === 'notifications.changed').length;
    return { ws, count };
  }
  const until = async (check: () => boolean) => {
    const deadline = Date.now() + 3000;
    while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    return check();
  };

  it('pushes notifications.changed to the recipient’s sockets only, and again when read elsewhere', async () => {
    const manager = await t.userClient('manager');
    const employee = await t.userClient('employee');
    const employeeSocket = await socket(employee.api.cookie);
    const managerSocket = await socket(manager.api.cookie);
    await manager.api.call(tasksApi.create, { body: { title: 'Live', assigneeId: employee.user.id } });
    expect(await until(() => employeeSocket.count() === 1)).toBe(true);
    await markRead(employee.api, { all: true });
    expect(await until(() => employeeSocket.count() === 2)).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(managerSocket.count()).toBe(0);
    employeeSocket.ws.close();
    managerSocket.ws.close();
  });
});
