import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_MAX_TASKS, type BulkRefusedBody, type Task, tasksApi } from '@contract/tasks';
import { profileApi } from '@contract/profile';
import { createTestApp, MISSING_ID, type TestApi, type TestContext } from '../../test/harness';
import { english } from '../../test/messages';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp(
    process.env.DEBUG_LOG
      ? { logger: { level: 'error', stream: { write: (l: string) => process.stderr.write(l) } } }
      : undefined,
  );
});
afterAll(() => t.close());

async function create(api: TestApi, title: string, assigneeId?: string): Promise<Task> {
  const res = await api.call(tasksApi.create, { body: { title, assigneeId } });
  expect(res.statusCode).toBe(201);
  return res.json();
}

/** The titles of one board column, in the board's order, as `api` sees them. */
async function column(api: TestApi, status: Task['status'], only?: Set<string>) {
  const res = await api.call(tasksApi.list, { query: { sort: 'rank', status, limit: 500 } });
  expect(res.statusCode).toBe(200);
  return res
    .json()
    .filter((task) => !only || only.has(task.id))
    .map((task) => task.title);
}

const move = (
  api: TestApi,
  id: string,
  status: Task['status'],
  afterId: string | null = null,
  beforeId: string | null = null,
) => api.call(tasksApi.update, { params: { id }, body: { status, position: { afterId, beforeId } } });

describe('the board: moves with a place (PATCH /api/tasks/{id} with status and position)', () => {
  it('puts a new task at the top of To Do, keeps a drop between two cards there for everyone, and moves across columns', async () => {
    const { api: manager, user } = await t.userClient('manager');
    const other = await t.userClient('manager');
    const a = await create(manager, 'A', user.id);
    const b = await create(manager, 'B', user.id);
    const c = await create(manager, 'C', user.id);
    const mine = new Set([a.id, b.id, c.id]);
    expect(await column(manager, 'todo', mine)).toEqual(['C', 'B', 'A']);

    // A between C and B: the place holds, for the mover and for another viewer.
    const dropped = await move(manager, a.id, 'todo', c.id, b.id);
    expect(dropped.statusCode).toBe(200);
    expect(await column(manager, 'todo', mine)).toEqual(['C', 'A', 'B']);
    expect(await column(other.api, 'todo', mine)).toEqual(['C', 'A', 'B']);
    // To the top (no card above).
    expect((await move(manager, b.id, 'todo', null, c.id)).statusCode).toBe(200);
    expect(await column(manager, 'todo', mine)).toEqual(['B', 'C', 'A']);

    // Across: B started by dropping it at the end of In Progress, then C above it.
    expect((await move(manager, b.id, 'in_progress')).json()).toMatchObject({ status: 'in_progress' });
    const started = await move(manager, c.id, 'in_progress', null, b.id);
    expect(started.statusCode).toBe(200);
    expect(await column(manager, 'in_progress', mine)).toEqual(['C', 'B']);
    expect(await column(manager, 'todo', mine)).toEqual(['A']);
  });

  it('keeps the order through many drops into the same gap (the column is renumbered when no room is left)', async () => {
    const { api } = await t.userClient('employee');
    const first = await create(api, 'first');
    const last = await create(api, 'last');
    const moving = [];
    for (let i = 0; i < 60; i++) moving.push(await create(api, `m${i}`));
    // Each new card goes right under `last` (the top), so the gap below it halves every time.
    let above = last.id;
    for (const task of moving) {
      expect((await move(api, task.id, 'todo', above, first.id)).statusCode).toBe(200);
      above = task.id;
    }
    expect(await column(api, 'todo')).toEqual(['last', ...moving.map((m) => m.title), 'first']);
  });

  it('refuses a move the workflow forbids with its reason, and the card keeps its place', async () => {
    const { api: manager, user } = await t.userClient('manager');
    const employee = await t.userClient('employee');
    const x = await create(manager, 'X', employee.user.id);
    const y = await create(manager, 'Y', employee.user.id);
    const both = new Set([x.id, y.id]);
    // To do → completed skips the work.
    const skip = await move(employee.api, x.id, 'completed');
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toEqual({
      code: 'task_move_refused',
      message: english('task_move_refused', { from: 'todo', to: 'completed' }),
    });
    // Sent back for rework: completing it directly is refused; it has to be reviewed again.
    expect((await move(employee.api, y.id, 'in_progress')).statusCode).toBe(200);
    await employee.api.call(tasksApi.submit, { params: { id: y.id }, body: {} });
    const rework = await manager.call(tasksApi.review, {
      params: { id: y.id },
      body: { action: 'rework', reviewComments: 'Add the numbers' },
    });
    expect(rework.json()).toMatchObject({ status: 'in_progress', reviewStatus: 'rework' });
    const shortcut = await move(employee.api, y.id, 'completed');
    expect(shortcut.statusCode).toBe(409);
    expect(shortcut.json()).toEqual({ code: 'task_needs_rework', message: english('task_needs_rework') });
    // Pending review → completed is the reviewer's Approve, not a drop.
    const z = await create(manager, 'Z', employee.user.id);
    await employee.api.call(tasksApi.submit, { params: { id: z.id }, body: {} });
    const approveByDrop = await move(manager, z.id, 'completed');
    expect(approveByDrop.json().code).toBe('task_move_refused');
    // Nothing moved: X still heads To Do above nothing of these, Y stays in progress.
    expect(await column(manager, 'todo', both)).toEqual(['X']);
    expect(await column(manager, 'in_progress', both)).toEqual(['Y']);
    expect(user.id).toBeTruthy();
  });

  it('refuses bad places: a neighbour one may not see, the task itself, a position without status, a moved neighbour', async () => {
    const { api: employee, user } = await t.userClient('employee');
    const stranger = await t.userClient('employee');
    const mine = await create(employee, 'mine');
    const other = await create(employee, 'other');
    const theirs = await create(stranger.api, 'theirs');
    for (const [afterId, beforeId] of [
      [theirs.id, null],
      [mine.id, null],
      [MISSING_ID, null],
    ] as const) {
      const res = await move(employee, mine.id, 'todo', afterId, beforeId);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'position_invalid', message: english('position_invalid') });
    }
    const noStatus = await employee.call(tasksApi.update, {
      params: { id: mine.id },
      body: { position: { afterId: other.id, beforeId: null } },
    });
    expect(noStatus.statusCode).toBe(400);
    expect(noStatus.json().code).toBe('position_needs_status');
    const notAnId = await employee.patch(`/api/tasks/${mine.id}`, {
      status: 'todo',
      position: { afterId: 'x', beforeId: null },
    });
    expect(notAnId.statusCode).toBe(400);
    // The neighbour has left the column: the mover's board is out of date.
    await move(employee, other.id, 'in_progress');
    const stale = await move(employee, mine.id, 'todo', other.id, null);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('task_changed');
    // Someone else's task is not there for an employee.
    expect((await move(stranger.api, mine.id, 'todo', theirs.id, null)).statusCode).toBe(404);
    // Without a place, a move to the same column is still refused as before.
    expect(
      (await employee.call(tasksApi.update, { params: { id: mine.id }, body: { status: 'todo' } })).json()
        .code,
    ).toBe('task_already_in_status');
    expect(user.id).toBeTruthy();
  });
});

/** The refused tasks of a 409 `bulk_refused`. */
const refusals = (res: { json(): unknown }) => (res.json() as BulkRefusedBody).items;

const bulk = (api: TestApi, body: Parameters<typeof tasksApi.bulk.body.parse>[0]) =>
  api.call(tasksApi.bulk, { body: body as never });

describe('bulk edit (POST /api/tasks/bulk)', () => {
  it('assigns five tasks to someone in one request, and tells the new assignee once per task', async () => {
    const { api: manager, user } = await t.userClient('manager');
    const nora = await t.userClient('employee');
    const tasks = [];
    for (let i = 0; i < 5; i++) tasks.push(await create(manager, `T${i}`, user.id));
    const res = await bulk(manager, { ids: tasks.map((x) => x.id), set: { assigneeId: nora.user.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(5);
    expect(res.json().tasks.map((x) => x.assigneeId)).toEqual(Array(5).fill(nora.user.id));
    const theirs = (await nora.api.call(tasksApi.listMine)).json();
    expect(theirs.map((x) => x.title).sort()).toEqual(['T0', 'T1', 'T2', 'T3', 'T4']);
  });

  it('changes status, priority and project, and deletes (admin)', async () => {
    const { api: admin, user } = await t.userClient('admin');
    const project = (await admin.post('/api/projects', { name: 'Bulk' })).json();
    const a = await create(admin, 'a', user.id);
    const b = await create(admin, 'b', user.id);
    const ids = [a.id, b.id];
    expect((await bulk(admin, { ids, set: { status: 'in_progress' } })).json().tasks).toMatchObject([
      { status: 'in_progress' },
      { status: 'in_progress' },
    ]);
    expect((await bulk(admin, { ids, set: { priority: 'high' } })).json().tasks).toMatchObject([
      { priority: 'high' },
      { priority: 'high' },
    ]);
    expect((await bulk(admin, { ids, set: { projectId: project.id } })).json().tasks).toMatchObject([
      { project: 'Bulk' },
      { project: 'Bulk' },
    ]);
    expect((await bulk(admin, { ids, set: { projectId: null } })).json().tasks[0].projectId).toBeNull();
    const deleted = await bulk(admin, { ids: [...ids, a.id], delete: true });
    expect(deleted.json()).toEqual({ tasks: [], count: 2 });
    const left = (await admin.call(tasksApi.list, { query: { limit: 500 } })).json();
    expect(left.filter((x) => ids.includes(x.id))).toEqual([]);
  });

  it('applies all or nothing: one refused task leaves every task as it was, and each refusal says why', async () => {
    const { api: manager, user } = await t.userClient('manager');
    const todo = await create(manager, 'todo', user.id);
    const started = await create(manager, 'started', user.id);
    await move(manager, started.id, 'in_progress');
    const res = await bulk(manager, { ids: [started.id, todo.id, MISSING_ID], set: { status: 'completed' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'bulk_refused',
      message: english('bulk_refused', { count: 2 }),
      items: [
        {
          id: todo.id,
          code: 'task_move_refused',
          message: english('task_move_refused', { from: 'todo', to: 'completed' }),
        },
        { id: MISSING_ID, code: 'task_not_found', message: 'Task not found' },
      ],
    });
    // The task that could have been completed was not.
    const list = (await manager.call(tasksApi.list, { query: { limit: 500 } })).json();
    expect(list.find((x) => x.id === started.id)?.status).toBe('in_progress');
    // The reasons come in the reader's language.
    const german = await manager.call(tasksApi.bulk, {
      body: { ids: [todo.id], set: { status: 'completed' } },
      headers: { 'accept-language': 'de' },
    });
    expect(german.statusCode).toBe(409);
  });

  it('holds employees to the single edits’ rules: only their own tasks, only to themselves', async () => {
    const { api: manager } = await t.userClient('manager');
    const { api: employee, user } = await t.userClient('employee');
    const other = await t.userClient('employee');
    const own = await create(employee, 'own');
    const given = await create(manager, 'given', user.id);
    const foreign = await create(manager, 'foreign', other.user.id);
    // Their own task: fine.
    expect((await bulk(employee, { ids: [own.id], set: { priority: 'low' } })).statusCode).toBe(200);
    // A task someone else created for them: the creator's, managers' and admins' to edit; another's: unseen.
    const res = await bulk(employee, { ids: [own.id, given.id, foreign.id], set: { priority: 'high' } });
    expect(res.statusCode).toBe(409);
    expect(refusals(res)).toEqual([
      { id: given.id, code: 'edit_only_creator', message: english('edit_only_creator') },
      { id: foreign.id, code: 'task_not_found', message: 'Task not found' },
    ]);
    const handOver = await bulk(employee, { ids: [own.id], set: { assigneeId: other.user.id } });
    expect(refusals(handOver)).toEqual([
      { id: own.id, code: 'assign_only_self', message: english('assign_only_self') },
    ]);
    const del = await bulk(employee, { ids: [given.id], delete: true });
    expect(refusals(del)[0].code).toBe('delete_only_creator');
    // But the assignee may start the task given to them.
    expect((await bulk(employee, { ids: [given.id], set: { status: 'in_progress' } })).statusCode).toBe(200);
    // Their own task is still low: nothing of the refused request was applied.
    const mine = (await employee.call(tasksApi.list, { query: { limit: 500 } })).json();
    expect(mine.find((x) => x.id === own.id)?.priority).toBe('low');
  });

  it('works with a write API token, not with a read-only one, and not anonymously', async () => {
    const { api, user } = await t.userClient('employee');
    const task = await create(api, 'scripted');
    const token = async (scope: 'read' | 'write') =>
      (
        await api.call(profileApi.createToken, { body: { name: `bulk ${scope}`, expiresInDays: 30, scope } })
      ).json().token;
    const write = await token('write');
    const read = await token('read');
    const body = { ids: [task.id], set: { priority: 'high' as const } };
    const ok = await t.anonymous.call(tasksApi.bulk, { body, headers: { authorization: `Bearer ${write}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().tasks[0]).toMatchObject({ priority: 'high', assigneeId: user.id });
    const readOnly = await t.anonymous.call(tasksApi.bulk, {
      body,
      headers: { authorization: `Bearer ${read}` },
    });
    expect(readOnly.statusCode).toBe(403);
    expect((await t.anonymous.call(tasksApi.bulk, { body })).statusCode).toBe(401);
  });

  it('refuses bad input with 400: no ids, too many, ids that are not ids, an invalid status, no change or two', async () => {
    const { api } = await t.userClient('manager');
    const task = await create(api, 'x');
    const cases: [unknown, string][] = [
      [{ ids: [], set: { priority: 'low' } }, 'bulk_ids_required'],
      [{ set: { priority: 'low' } }, 'bulk_ids_required'],
      [
        {
          ids: Array.from({ length: BULK_MAX_TASKS + 1 }, () => task.id),
          set: { priority: 'low' },
        },
        'bulk_too_many',
      ],
      [{ ids: ['not-an-id'], set: { priority: 'low' } }, 'bulk_id_invalid'],
      [{ ids: [task.id], set: { status: 'done' } }, 'status_invalid'],
      [{ ids: [task.id] }, 'bulk_action_required'],
      [{ ids: [task.id], set: {} }, 'bulk_action_required'],
      [{ ids: [task.id], set: { priority: 'low', status: 'todo' } }, 'bulk_action_required'],
      [{ ids: [task.id], set: { priority: 'low' }, delete: true }, 'bulk_action_required'],
    ];
    for (const [body, code] of cases) {
      const res = await api.post('/api/tasks/bulk', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().code).toBe(code);
      expect(res.json().message).toBe(english(code));
    }
    // An unknown assignee is the single edit's refusal, for each task.
    const res = await bulk(api, { ids: [task.id], set: { assigneeId: MISSING_ID } });
    expect(res.statusCode).toBe(409);
    expect(refusals(res)).toEqual([
      { id: task.id, code: 'assignee_not_found', message: english('assignee_not_found') },
    ]);
  });
});
