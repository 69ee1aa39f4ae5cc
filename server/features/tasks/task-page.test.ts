import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelsApi } from '@contract/labels';
import { taskDetailsApi } from '@contract/task-details';
import { type CreateTaskRequest, tasksApi } from '@contract/tasks';
import { timersApi } from '@contract/timers';
import { createTestApp, MISSING_ID, type TestApi, type TestContext } from '../../test/harness';
import { steppingClock } from '../../test/time-fixtures';

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
const kinds = async (api: TestApi, id: string) =>
  (await api.call(taskDetailsApi.activity, { params: { id }, query: {} })).json().map((a) => a.kind);

describe('a task page (GET /api/tasks/{id})', () => {
  it('shows the task with sub-tasks, checklist, labels and reviews; 404 to whoever may not see it', async () => {
    const { api: manager } = await t.userClient('manager');
    const { api: worker, user: workerUser } = await t.userClient('employee');
    const { api: stranger } = await t.userClient('employee');
    const task = await create(manager, { title: 'Launch', assigneeId: workerUser.id });
    const res = await detail(worker, task.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: task.id,
      parent: null,
      subtasks: [],
      checklist: [],
      reviews: [],
      labels: [],
      progress: { done: 0, total: 0 },
    });
    expect((await detail(manager, task.id)).statusCode).toBe(200);
    const hidden = await detail(stranger, task.id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('task_not_found');
    expect(
      (await stranger.call(taskDetailsApi.activity, { params: { id: task.id }, query: {} })).statusCode,
    ).toBe(404);
    expect((await detail(manager, MISSING_ID)).statusCode).toBe(404);
    expect((await manager.get('/api/tasks/not-a-uuid')).statusCode).toBe(404);
    expect((await t.anonymous.call(taskDetailsApi.get, { params: { id: task.id } })).statusCode).toBe(401);
  });
});

describe('the activity history', () => {
  it('records every change, newest first, with who made it', async () => {
    const { api: manager, user: managerUser } = await t.userClient('manager');
    const { api: worker, user: workerUser } = await t.userClient('employee');
    const label = (
      await manager.call(labelsApi.create, { body: { name: `Urgent ${Date.now()}`, color: '#b91c1c' } })
    ).json();
    const task = await create(manager, { title: 'History', assigneeId: workerUser.id });
    const id = task.id;
    await manager.call(tasksApi.update, {
      params: { id },
      body: { title: 'History, renamed', priority: 'high' },
    });
    await manager.call(tasksApi.update, { params: { id }, body: { labelIds: [label.id] } });
    await worker.call(tasksApi.update, { params: { id }, body: { status: 'in_progress' } });
    expect((await worker.call(timersApi.start, { body: { taskId: id } })).statusCode).toBe(201);
    await worker.call(timersApi.stop, { body: {} });
    await worker.call(tasksApi.addComment, { params: { id }, body: { text: 'On it' } });
    const item = (
      await worker.call(taskDetailsApi.addChecklistItem, { params: { id }, body: { text: 'Step' } })
    ).json();
    await worker.call(taskDetailsApi.updateChecklistItem, {
      params: { id, itemId: item.id },
      body: { done: true },
    });
    await create(manager, { title: 'Part', assigneeId: workerUser.id, parentId: id });
    await worker.call(tasksApi.togglePause, { params: { id } });
    await worker.call(tasksApi.togglePause, { params: { id } });
    await worker.call(tasksApi.submit, { params: { id }, body: { force: true } });
    await manager.call(tasksApi.review, {
      params: { id },
      body: { action: 'rework', reviewComments: 'More' },
    });
    await worker.call(tasksApi.submit, { params: { id }, body: { force: true } });
    await manager.call(tasksApi.review, { params: { id }, body: { action: 'approve' } });

    expect((await kinds(worker, id)).reverse()).toEqual([
      'created',
      'edited',
      'labels_changed',
      'status_changed',
      'timer_started',
      'timer_stopped',
      'commented',
      'checklist_added',
      'checklist_done',
      'subtask_added',
      'paused',
      'resumed',
      'submitted',
      'rework',
      'submitted',
      'approved',
    ]);
    const entries = (await worker.call(taskDetailsApi.activity, { params: { id }, query: {} })).json();
    const edited = entries.find((e) => e.kind === 'edited');
    expect(edited).toMatchObject({
      actorId: managerUser.id,
      details: {
        changes: {
          title: { from: 'History', to: 'History, renamed' },
          priority: { from: 'medium', to: 'high' },
        },
      },
    });
    expect(entries.find((e) => e.kind === 'labels_changed')?.details).toEqual({
      added: [label.name],
      removed: [],
    });
    expect(entries.find((e) => e.kind === 'timer_started')?.actorId).toBe(workerUser.id);
    // Pages: `before` the last entry of a page.
    const first = (
      await worker.call(taskDetailsApi.activity, { params: { id }, query: { limit: 5 } })
    ).json();
    const next = (
      await worker.call(taskDetailsApi.activity, { params: { id }, query: { limit: 5, before: first[4].id } })
    ).json();
    expect(next.map((e) => e.id)).toEqual(entries.slice(5, 10).map((e) => e.id));
    // The review history is on the page.
    const page = (await detail(worker, id)).json();
    expect(page.reviews.map((r) => r.decision)).toEqual(['rework', 'approved']);
    expect(page.labels).toEqual([label]);
  });
});

describe('sub-tasks', () => {
  it('one level, in the parent project; a parent completes with open sub-tasks only when confirmed', async () => {
    const { api: manager } = await t.userClient('manager');
    const { api: worker, user: workerUser } = await t.userClient('employee');
    const project = (await manager.post('/api/projects', { name: `Sub ${Date.now()}` })).json();
    const parent = await create(worker, { title: 'Parent', projectId: project.id });
    const child = await create(worker, { title: 'Child', parentId: parent.id });
    expect(child).toMatchObject({ parentId: parent.id, projectId: project.id });
    // No grandchildren, no other project.
    const nested = await worker.call(tasksApi.create, { body: { title: 'Grandchild', parentId: child.id } });
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toMatchObject({
      code: 'subtask_nesting',
      fieldErrors: { parentId: [expect.any(String)] },
    });
    const other = (await manager.post('/api/projects', { name: `Other ${Date.now()}` })).json();
    const elsewhere = await worker.call(tasksApi.create, {
      body: { title: 'Elsewhere', parentId: parent.id, projectId: other.id },
    });
    expect(elsewhere.json().code).toBe('subtask_project');
    const moved = await worker.call(tasksApi.update, {
      params: { id: child.id },
      body: { projectId: other.id },
    });
    expect(moved.json().code).toBe('subtask_project');
    // A parent someone may not see is no parent for them.
    const hiddenParent = await create(manager, { title: 'Not yours' });
    const sneaky = await worker.call(tasksApi.create, { body: { title: 'x', parentId: hiddenParent.id } });
    expect(sneaky.json().code).toBe('parent_not_found');
    // Moving the parent takes the sub-task along.
    await worker.call(tasksApi.update, { params: { id: parent.id }, body: { projectId: other.id } });
    expect((await detail(worker, child.id)).json()).toMatchObject({
      projectId: other.id,
      parent: { id: parent.id },
    });

    // Progress: sub-tasks completed + checklist items done.
    await worker.call(taskDetailsApi.addChecklistItem, {
      params: { id: parent.id },
      body: { text: 'Check' },
    });
    const page = (await detail(worker, parent.id)).json();
    expect(page.progress).toEqual({ done: 0, total: 2 });
    expect(page.subtasks).toEqual([
      {
        id: child.id,
        title: 'Child',
        status: 'todo',
        assigneeId: workerUser.id,
        assignee: expect.any(String),
      },
    ]);

    await worker.call(tasksApi.update, { params: { id: parent.id }, body: { status: 'in_progress' } });
    const refused = await worker.call(tasksApi.update, {
      params: { id: parent.id },
      body: { status: 'completed' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'open_subtasks',
      message: expect.stringContaining('1 sub-task is'),
    });
    const notSubmitted = await worker.call(tasksApi.submit, { params: { id: parent.id }, body: {} });
    expect(notSubmitted.json().code).toBe('open_subtasks');
    // With the sub-task done it goes through; so it does when confirmed.
    await worker.call(tasksApi.update, { params: { id: child.id }, body: { status: 'in_progress' } });
    await worker.call(tasksApi.update, { params: { id: child.id }, body: { status: 'completed' } });
    expect((await detail(worker, parent.id)).json().progress).toEqual({ done: 1, total: 2 });
    const done = await worker.call(tasksApi.update, {
      params: { id: parent.id },
      body: { status: 'completed' },
    });
    expect(done.statusCode).toBe(200);

    const second = await create(worker, { title: 'Second parent' });
    await create(worker, { title: 'Open child', parentId: second.id });
    await worker.call(tasksApi.update, { params: { id: second.id }, body: { status: 'in_progress' } });
    const forced = await worker.call(tasksApi.update, {
      params: { id: second.id },
      body: { status: 'completed', force: true },
    });
    expect(forced.json().status).toBe('completed');
  });
});

describe('the checklist', () => {
  it('is kept by whoever may see the task, in order', async () => {
    const { api: manager } = await t.userClient('manager');
    const { api: worker, user: workerUser } = await t.userClient('employee');
    const { api: stranger } = await t.userClient('employee');
    const task = await create(manager, { title: 'List', assigneeId: workerUser.id });
    const id = task.id;
    const a = (
      await worker.call(taskDetailsApi.addChecklistItem, { params: { id }, body: { text: 'A' } })
    ).json();
    const b = (
      await manager.call(taskDetailsApi.addChecklistItem, { params: { id }, body: { text: 'B' } })
    ).json();
    expect([a.position, b.position]).toEqual([1, 2]);
    const blank = await worker.call(taskDetailsApi.addChecklistItem, {
      params: { id },
      body: { text: '  ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(
      (await stranger.call(taskDetailsApi.addChecklistItem, { params: { id }, body: { text: 'x' } }))
        .statusCode,
    ).toBe(404);
    const ticked = await worker.call(taskDetailsApi.updateChecklistItem, {
      params: { id, itemId: a.id },
      body: { done: true },
    });
    expect(ticked.json()).toMatchObject({ done: true, text: 'A' });
    expect(
      (await worker.call(taskDetailsApi.removeChecklistItem, { params: { id, itemId: b.id } })).statusCode,
    ).toBe(204);
    expect(
      (await worker.call(taskDetailsApi.removeChecklistItem, { params: { id, itemId: b.id } })).statusCode,
    ).toBe(404);
    expect((await detail(worker, id)).json().checklist).toEqual([{ ...a, done: true }]);
    expect(await kinds(worker, id)).toEqual([
      'checklist_removed',
      'checklist_done',
      'checklist_added',
      'checklist_added',
      'created',
    ]);
  });
});

describe('labels', () => {
  it('are kept by managers and admins, read by everyone; names unique whatever the case', async () => {
    const { api: admin } = await t.userClient('admin');
    const { api: manager } = await t.userClient('manager');
    const { api: employee } = await t.userClient('employee');
    const name = `Bug ${Date.now()}`;
    const created = await manager.call(labelsApi.create, { body: { name, color: '#1D4ED8' } });
    expect(created.statusCode).toBe(201);
    const label = created.json();
    expect(label).toMatchObject({ name, color: '#1d4ed8' });
    expect((await employee.call(labelsApi.list)).json()).toContainEqual(label);
    expect(
      (await employee.call(labelsApi.create, { body: { name: 'Mine', color: '#000000' } })).statusCode,
    ).toBe(403);
    expect((await employee.call(labelsApi.remove, { params: { id: label.id } })).statusCode).toBe(403);
    expect((await t.anonymous.call(labelsApi.list)).statusCode).toBe(401);

    const duplicate = await admin.call(labelsApi.create, {
      body: { name: name.toUpperCase(), color: '#000000' },
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toMatchObject({
      code: 'label_name_taken',
      message: 'A label with this name already exists',
      fieldErrors: { name: ['A label with this name already exists'] },
    });
    const badColour = await admin.call(labelsApi.create, { body: { name: 'Colourful', color: 'red' } });
    expect(badColour.statusCode).toBe(400);
    expect(badColour.json()).toMatchObject({
      code: 'label_color_invalid',
      fieldErrors: { color: ['Choose a colour as #rrggbb, for example #1d4ed8'] },
    });
    expect((await admin.call(labelsApi.create, { body: { name: ' ', color: '#000000' } })).json().code).toBe(
      'label_name_required',
    );

    const renamed = await admin.call(labelsApi.update, {
      params: { id: label.id },
      body: { name: `${name} 2` },
    });
    expect(renamed.json()).toMatchObject({ name: `${name} 2`, color: '#1d4ed8' });
    expect(
      (await admin.call(labelsApi.update, { params: { id: MISSING_ID }, body: { name: 'x' } })).statusCode,
    ).toBe(404);

    // On a task, filterable; unknown labels are refused; a deleted label leaves its tasks.
    const task = await create(employee, { title: 'Labelled', labelIds: [label.id] });
    expect(task.labels).toEqual([{ ...label, name: `${name} 2` }]);
    const plain = await create(employee, { title: 'Plain' });
    const filtered = (await employee.call(tasksApi.list, { query: { labelId: label.id } })).json();
    expect(filtered.map((x) => x.id)).toEqual([task.id]);
    expect(filtered.map((x) => x.id)).not.toContain(plain.id);
    const unknown = await employee.call(tasksApi.create, { body: { title: 'x', labelIds: [MISSING_ID] } });
    expect(unknown.json()).toMatchObject({
      code: 'label_not_found',
      fieldErrors: { labelIds: [expect.any(String)] },
    });
    expect((await manager.call(labelsApi.remove, { params: { id: label.id } })).statusCode).toBe(204);
    expect((await detail(employee, task.id)).json().labels).toEqual([]);
  });
});
