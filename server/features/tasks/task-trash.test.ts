import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskDetailsApi } from '@contract/task-details';
import { type CreateTaskRequest, tasksApi } from '@contract/tasks';
import { trashApi } from '@contract/trash';
import { createTestApp, type TestApi, type TestContext } from '../../test/harness';
import { steppingClock } from '../../test/time-fixtures';

// The Trash and the task page together (docs/product/tasks.md#deleting).
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ clock: steppingClock('2026-03-18T12:00:00Z') });
});
afterAll(() => t.close());

const create = async (api: TestApi, body: CreateTaskRequest) => {
  const res = await api.call(tasksApi.create, { body });
  expect(res.statusCode).toBe(201);
  return res.json();
};
const detail = (api: TestApi, id: string) => api.call(taskDetailsApi.get, { params: { id } });
const remove = (api: TestApi, id: string) => api.call(tasksApi.remove, { params: { id } });
const restore = (api: TestApi, id: string) => api.call(tasksApi.restore, { params: { id } });
const kinds = async (api: TestApi, id: string) =>
  (await api.call(taskDetailsApi.activity, { params: { id }, query: {} })).json().map((a) => a.kind);
const trashIds = async (api: TestApi) =>
  (await api.call(trashApi.list, { query: {} })).json().map((i) => i.id);

describe('a deleted task on the task page', () => {
  it('is a 404 on its page, its activity and its checklist; a sub-task in the Trash leaves the parent', async () => {
    const { api } = await t.userClient('employee');
    const parent = await create(api, { title: 'Release' });
    const first = await create(api, { title: 'Notes', parentId: parent.id });
    const second = await create(api, { title: 'Tag', parentId: parent.id });
    await api.call(tasksApi.update, { params: { id: second.id }, body: { status: 'in_progress' } });
    const item = (
      await api.call(taskDetailsApi.addChecklistItem, { params: { id: first.id }, body: { text: 'Draft' } })
    ).json();

    expect((await remove(api, first.id)).statusCode).toBe(204);
    for (const res of [
      await detail(api, first.id),
      await api.call(taskDetailsApi.activity, { params: { id: first.id }, query: {} }),
      await api.call(taskDetailsApi.addChecklistItem, { params: { id: first.id }, body: { text: 'More' } }),
      await api.call(taskDetailsApi.updateChecklistItem, {
        params: { id: first.id, itemId: item.id },
        body: { done: true },
      }),
      await api.call(taskDetailsApi.removeChecklistItem, { params: { id: first.id, itemId: item.id } }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('task_not_found');
    }
    // the parent shows only the sub-task still there, and counts only it
    const page = (await detail(api, parent.id)).json();
    expect(page.subtasks.map((s) => s.id)).toEqual([second.id]);
    expect(page.progress).toEqual({ done: 0, total: 1 });
    const listed = (await api.call(tasksApi.listMine, { query: {} })).json().find((x) => x.id === parent.id);
    expect(listed?.progress).toEqual({ done: 0, total: 1 });
    // an open sub-task in the Trash does not hold the parent back
    await api.call(tasksApi.update, { params: { id: second.id }, body: { status: 'completed' } });
    await api.call(tasksApi.update, { params: { id: parent.id }, body: { status: 'in_progress' } });
    expect(
      (await api.call(tasksApi.update, { params: { id: parent.id }, body: { status: 'completed' } }))
        .statusCode,
    ).toBe(200);

    // restored alone, it is back on the parent's page with its checklist and its history says so
    expect((await restore(api, first.id)).statusCode).toBe(200);
    const back = (await detail(api, first.id)).json();
    expect(back.parent).toEqual({ id: parent.id, title: 'Release' });
    expect(back.checklist.map((c) => c.text)).toEqual(['Draft']);
    expect((await kinds(api, first.id)).slice(0, 2)).toEqual(['restored', 'deleted']);
    expect((await detail(api, parent.id)).json().subtasks).toHaveLength(2);
  });

  it('refuses a deleted task as the parent of a new sub-task', async () => {
    const { api } = await t.userClient('employee');
    const parent = await create(api, { title: 'Gone' });
    await remove(api, parent.id);
    const res = await api.call(tasksApi.create, { body: { title: 'Child', parentId: parent.id } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('parent_not_found');
  });
});

describe('deleting a parent', () => {
  it('takes its sub-tasks to the Trash and brings them back with it; one deleted alone stays alone', async () => {
    const { api: manager, user: managerUser } = await t.userClient('manager');
    const { api: worker, user: workerUser } = await t.userClient('employee');
    const parent = await create(manager, { title: 'Launch', assigneeId: workerUser.id });
    const a = await create(manager, { title: 'Press', parentId: parent.id, assigneeId: workerUser.id });
    const b = await create(manager, { title: 'Mail', parentId: parent.id, assigneeId: workerUser.id });
    const alone = await create(manager, { title: 'Photos', parentId: parent.id, assigneeId: workerUser.id });
    expect((await remove(manager, alone.id)).statusCode).toBe(204);

    expect((await remove(manager, parent.id)).statusCode).toBe(204);
    for (const id of [parent.id, a.id, b.id, alone.id]) {
      expect((await detail(worker, id)).statusCode).toBe(404);
      expect((await detail(manager, id)).statusCode).toBe(404);
    }
    const mine = (await worker.call(tasksApi.listMine, { query: {} })).json().map((x) => x.id);
    expect(mine).not.toEqual(expect.arrayContaining([a.id]));
    expect(mine).not.toContain(b.id);
    // the Trash lists the parent (its sub-tasks go with it) and the one deleted alone
    const trash = await trashIds(manager);
    expect(trash).toContain(parent.id);
    expect(trash).toContain(alone.id);
    expect(trash).not.toContain(a.id);
    expect(trash).not.toContain(b.id);

    // a sub-task that went with its parent does not come back alone; one deleted alone waits for it
    const withIt = await restore(manager, a.id);
    expect(withIt.statusCode).toBe(409);
    expect(withIt.json().code).toBe('task_deleted_with_parent');
    const waiting = await restore(manager, alone.id);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().code).toBe('parent_in_trash');

    expect((await restore(manager, parent.id)).statusCode).toBe(200);
    const page = (await detail(worker, parent.id)).json();
    expect(page.subtasks.map((s) => s.id).sort()).toEqual([a.id, b.id].sort());
    expect(page.progress).toEqual({ done: 0, total: 2 });
    expect((await detail(worker, a.id)).statusCode).toBe(200);
    const activity = (await worker.call(taskDetailsApi.activity, { params: { id: a.id }, query: {} })).json();
    expect(activity.slice(0, 2)).toMatchObject([
      { kind: 'restored', actorId: managerUser.id },
      { kind: 'deleted', actorId: managerUser.id },
    ]);
    expect((await kinds(worker, parent.id)).slice(0, 2)).toEqual(['restored', 'deleted']);
    // the one deleted alone is still in the Trash, and can now come back on its own
    expect(await trashIds(manager)).toContain(alone.id);
    expect((await restore(manager, alone.id)).statusCode).toBe(200);
    expect((await detail(worker, parent.id)).json().subtasks).toHaveLength(3);
  });

  it('bulk delete of a parent with some of its sub-tasks takes them all with the parent', async () => {
    const { api } = await t.userClient('employee');
    const parent = await create(api, { title: 'Move office' });
    const picked = await create(api, { title: 'Boxes', parentId: parent.id });
    const other = await create(api, { title: 'Keys', parentId: parent.id });
    const res = await api.call(tasksApi.bulk, { body: { ids: [picked.id, parent.id], delete: true } });
    expect(res.statusCode).toBe(200);
    const trash = await trashIds(api);
    expect(trash).toContain(parent.id);
    expect(trash).not.toContain(picked.id);
    expect(trash).not.toContain(other.id);
    expect((await restore(api, parent.id)).statusCode).toBe(200);
    expect(
      (await detail(api, parent.id))
        .json()
        .subtasks.map((s) => s.id)
        .sort(),
    ).toEqual([picked.id, other.id].sort());
  });

  it('lets only those who may restore the parent do so; the worker sees it only when it is back', async () => {
    const { api: manager } = await t.userClient('manager');
    const { api: worker, user: workerUser } = await t.userClient('employee');
    const parent = await create(manager, { title: 'Audit', assigneeId: workerUser.id });
    await create(manager, { title: 'Receipts', parentId: parent.id, assigneeId: workerUser.id });
    await remove(manager, parent.id);
    // the assignee neither created nor deleted it: as for a task they may not see
    expect((await restore(worker, parent.id)).statusCode).toBe(404);
    expect(await trashIds(worker)).not.toContain(parent.id);
    expect((await restore(manager, parent.id)).statusCode).toBe(200);
    expect((await detail(worker, parent.id)).json().progress).toEqual({ done: 0, total: 1 });
  });
});
