import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  notifications,
  projectMembers,
  taskComments,
  timeEntries,
  timesheets,
} from '../../db/schema';
import { createTestApp, type TestContext, MISSING_ID } from '../../test/harness';
import { createTask } from '../../test/tasks';
import { steppingClock, timeFixtures } from '../../test/time-fixtures';

let t: TestContext;
beforeAll(async () => {
  // A Wednesday: the week's Monday is 2026-03-16.
  t = await createTestApp({ clock: steppingClock('2026-03-18T12:00:00Z') });
});
afterAll(() => t.close());

describe('editing a task (PATCH /api/tasks/{id} with fields)', () => {
  it('lets the creator change every editable field; the answer is the changed task', async () => {
    const { api: manager, user: creator } = await t.userClient('manager');
    const other = await t.createUser('employee', { firstName: 'Nora', lastName: 'Field' });
    const project = (await manager.post('/api/projects', { name: 'Zephyr' })).json();
    const task = await createTask(manager, { title: 'Draft', assigneeId: creator.id });
    const res = await manager.patch(`/api/tasks/${task.id}`, {
      title: '  Final plan  ',
      description: 'Now with numbers',
      priority: 'high',
      projectId: project.id,
      assigneeId: other.id,
      estimatedHours: 6.5,
      dueDate: '2026-03-20T15:00:00Z',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: task.id,
      title: 'Final plan',
      description: 'Now with numbers',
      priority: 'high',
      projectId: project.id,
      project: 'Zephyr',
      assigneeId: other.id,
      assignee: 'Nora Field',
      estimatedHours: 6.5,
      dueDate: '2026-03-20T15:00:00.000Z',
      status: 'todo',
    });
    // Omitted fields stay; null clears the project and the due date.
    const cleared = await manager.patch(`/api/tasks/${task.id}`, { projectId: null, dueDate: null });
    expect(cleared.json()).toMatchObject({
      title: 'Final plan',
      projectId: null,
      dueDate: null,
      priority: 'high',
    });
    // The new assignee heard about it and joined the project's team.
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, other.id));
    expect(told.map((n) => n.kind)).toEqual(['task_assigned']);
    const team = await t.db.select().from(projectMembers).where(eq(projectMembers.projectId, project.id));
    expect(team.map((m) => m.userId)).toEqual([other.id]);
  });

  it('lets managers and admins edit anyone’s task; the employee creator edits their own', async () => {
    const { api: employee, user: emp } = await t.userClient('employee');
    const { api: manager } = await t.userClient('manager');
    const { api: admin } = await t.userClient('admin');
    const own = await createTask(employee, { title: 'Mine' });
    expect((await employee.patch(`/api/tasks/${own.id}`, { title: 'Still mine' })).json().title).toBe(
      'Still mine',
    );
    expect((await manager.patch(`/api/tasks/${own.id}`, { priority: 'low' })).json().priority).toBe('low');
    expect((await admin.patch(`/api/tasks/${own.id}`, { estimatedHours: 3 })).json().estimatedHours).toBe(3);
    // An employee keeps tasks for themselves.
    const other = await t.createUser('employee');
    const moved = await employee.patch(`/api/tasks/${own.id}`, { assigneeId: other.id });
    expect(moved.statusCode).toBe(403);
    expect(moved.json().message).toBe('Employees can only assign tasks to themselves');
    expect((await employee.patch(`/api/tasks/${own.id}`, { assigneeId: emp.id })).statusCode).toBe(200);
  });

  it('refuses the assignee who did not create it (403) and hides others’ tasks from employees (404)', async () => {
    const { api: manager } = await t.userClient('manager');
    const { api: assignee, user } = await t.userClient('employee');
    const { api: stranger } = await t.userClient('employee');
    const task = await createTask(manager, { title: 'Assigned', assigneeId: user.id });
    const res = await assignee.patch(`/api/tasks/${task.id}`, { title: 'Renamed' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Only the task's creator, managers and admins can change it");
    // ...but the assignee still moves the status as before.
    expect((await assignee.patch(`/api/tasks/${task.id}`, { status: 'in_progress' })).statusCode).toBe(200);
    expect((await stranger.patch(`/api/tasks/${task.id}`, { title: 'Mine now' })).statusCode).toBe(404);
    expect((await manager.patch(`/api/tasks/${MISSING_ID}`, { title: 'Ghost' })).statusCode).toBe(404);
  });

  it('validates like creation, with the same messages', async () => {
    const { api: manager } = await t.userClient('manager');
    const task = await createTask(manager, { title: 'Valid' });
    const bad = async (body: unknown) => {
      const res = await manager.patch(`/api/tasks/${task.id}`, body);
      expect(res.statusCode).toBe(400);
      return res.json();
    };
    expect((await bad({ title: '   ' })).fieldErrors.title).toEqual(['Task title is required']);
    expect((await bad({ title: 'x'.repeat(201) })).fieldErrors.title).toEqual(['Task title is too long']);
    expect((await bad({ estimatedHours: -1 })).fieldErrors.estimatedHours).toEqual([
      'Estimated hours cannot be negative',
    ]);
    expect((await bad({ priority: 'urgent' })).fieldErrors.priority).toEqual(['Choose a valid priority']);
    expect((await bad({ dueDate: 'soon' })).fieldErrors.dueDate).toEqual(['Choose a valid due date']);
    expect((await bad({ projectId: 'nope' })).fieldErrors.projectId).toEqual(['Choose a valid project']);
    expect((await bad({ assigneeId: null })).fieldErrors.assigneeId).toBeDefined();
    expect((await bad({})).fieldErrors._).toEqual(['Nothing to change']);
    expect((await bad({ status: 'in_progress', title: 'Both' })).fieldErrors.status).toEqual([
      'Change the status on its own, not with an edit',
    ]);
    const noProject = await bad({ projectId: MISSING_ID });
    expect(noProject.fieldErrors.projectId).toEqual(['Project not found']);
    const noPerson = await bad({ assigneeId: MISSING_ID });
    expect(noPerson.fieldErrors.assigneeId).toEqual(['Assignee not found']);
    // Nothing changed by the refused requests.
    expect((await manager.get('/api/tasks?search=Valid')).json()[0]).toMatchObject({
      title: 'Valid',
      priority: 'medium',
    });
  });
});

describe('deleting a task (DELETE /api/tasks/{id})', () => {
  it('lets the creator, managers and admins delete; the assignee who did not create it gets 403', async () => {
    const { api: manager } = await t.userClient('manager');
    const { api: admin } = await t.userClient('admin');
    const { api: employee, user: emp } = await t.userClient('employee');
    const { api: stranger } = await t.userClient('employee');
    const assigned = await createTask(manager, { title: 'Assigned', assigneeId: emp.id });
    const refused = await employee.delete(`/api/tasks/${assigned.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Only the task's creator, managers and admins can delete it");
    expect((await stranger.delete(`/api/tasks/${assigned.id}`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/tasks/${assigned.id}`)).statusCode).toBe(204);
    expect((await admin.delete(`/api/tasks/${assigned.id}`)).statusCode).toBe(404);
    const own = await createTask(employee, { title: 'Own' });
    await employee.post(`/api/tasks/${own.id}/comments`, { text: 'note' });
    expect((await employee.delete(`/api/tasks/${own.id}`)).statusCode).toBe(204);
    expect((await employee.get('/api/my-tasks')).json()).toEqual([]);
    // In the Trash, its comments wait with it (docs/product/tasks.md#trash).
    expect(await t.db.select().from(taskComments).where(eq(taskComments.taskId, own.id))).toHaveLength(1);
    expect((await manager.delete(`/api/tasks/${MISSING_ID}`)).statusCode).toBe(404);
    expect((await t.anonymous.delete(`/api/tasks/${MISSING_ID}`)).statusCode).toBe(401);
    // Each deletion is in the audit log, naming the task and whose it was.
    const logged = await t.db.select().from(auditLog).where(eq(auditLog.action, 'task_deleted'));
    expect(logged.map((e) => (e.details as { title: string }).title).sort()).toEqual(['Assigned', 'Own']);
    expect(logged.find((e) => (e.details as { title: string }).title === 'Assigned')?.targetUserId).toBe(
      emp.id,
    );
  });

  it('keeps the tracked hours, in approved weeks too: entries no longer show the task', async () => {
    const { api: manager, user: boss } = await t.userClient('manager');
    const { api: employee, user: emp } = await t.userClient('employee');
    const fx = timeFixtures(t.db);
    // The project page counts the time of the people the viewer may see in reports: her team.
    await fx.team(`Ledger team ${Math.random()}`, [boss.id], [emp.id]);
    const project = await fx.project({ name: 'Ledger' });
    const task = await createTask(manager, { title: 'Timed', assigneeId: emp.id, projectId: project.id });
    const entry = await fx.entry(emp.id, '2026-03-09T09:00:00Z', '2026-03-09T11:30:00Z', {
      taskId: task.id,
      projectId: project.id,
    });
    await fx.entry(emp.id, '2026-03-17T09:00:00Z', '2026-03-17T10:00:00Z', {
      taskId: task.id,
      projectId: project.id,
    });
    await t.db
      .insert(timesheets)
      .values({ userId: emp.id, weekStart: '2026-03-09', status: 'approved', trackedSeconds: 9000 });
    const before = {
      summary: (await employee.get('/api/time-entries/summary')).json(),
      week: (await employee.get('/api/timesheets?week=2026-03-09')).json(),
      project: (await manager.get(`/api/projects/${project.id}`)).json(),
    };
    expect(before.summary.totalHours).toBe(3.5);
    expect((await manager.delete(`/api/tasks/${task.id}`)).statusCode).toBe(204);
    // The link waits in the database for a restore; every answer shows the entry without the task.
    const [kept] = await t.db.select().from(timeEntries).where(eq(timeEntries.id, entry.id));
    expect(kept).toMatchObject({ taskId: task.id, duration: 9000, projectId: project.id });
    const listed = (await employee.get('/api/time-entries')).json();
    expect(listed.find((e: { id: string }) => e.id === entry.id)).toMatchObject({ taskId: null, task: null });
    expect((await employee.get('/api/time-entries/summary')).json()).toEqual(before.summary);
    const week = (await employee.get('/api/timesheets?week=2026-03-09')).json();
    expect(week.trackedSeconds).toBe(before.week.trackedSeconds);
    expect(week.status).toBe('approved');
    const project2 = (await manager.get(`/api/projects/${project.id}`)).json();
    expect(project2.hoursThisMonth).toBe(before.project.hoursThisMonth);
    expect(project2.hoursThisMonth).toBe(3.5);
  });

  it('stops a timer running on the task and books its time before deleting', async () => {
    const { api: employee, user } = await t.userClient('employee');
    const task = await createTask(employee, { title: 'Running' });
    expect((await employee.post('/api/timer/start', { taskId: task.id })).statusCode).toBe(201);
    expect((await employee.delete(`/api/tasks/${task.id}`)).statusCode).toBe(204);
    expect((await employee.get('/api/timer/active')).json()).toMatchObject({ isActive: false, timer: null });
    const entries = await t.db.select().from(timeEntries).where(eq(timeEntries.userId, user.id));
    expect(entries).toHaveLength(1);
    expect(entries[0].taskId).toBe(task.id);
    expect(entries[0].duration).toBeGreaterThan(0);
  });
});

describe('sorting Advanced Tasks (GET /api/tasks?sort=…&order=…)', () => {
  it('orders by due date, priority, status and assignee, and pages through the order', async () => {
    const { api: manager } = await t.userClient('manager');
    const amy = await t.createUser('employee', { firstName: 'Amy', lastName: 'Zed' });
    const bob = await t.createUser('employee', { firstName: 'Bob', lastName: 'Young' });
    const project = (await manager.post('/api/projects', { name: 'Sorting' })).json();
    const make = (title: string, fields: Record<string, unknown>) =>
      createTask(manager, { title, projectId: project.id, ...fields });
    await make('late', { priority: 'low', dueDate: '2026-04-10T10:00:00Z', assigneeId: bob.id });
    await make('soon', { priority: 'high', dueDate: '2026-03-19T10:00:00Z', assigneeId: amy.id });
    await make('none', { priority: 'medium', assigneeId: bob.id });
    const middle = await make('middle', {
      priority: 'high',
      dueDate: '2026-03-25T10:00:00Z',
      assigneeId: amy.id,
    });
    await manager.patch(`/api/tasks/${middle.id}`, { status: 'in_progress' });
    const titles = async (query: string) =>
      (await manager.get(`/api/tasks?projectId=${project.id}&${query}`))
        .json()
        .map((x: { title: string }) => x.title);
    expect(await titles('sort=dueDate')).toEqual(['soon', 'middle', 'late', 'none']);
    expect(await titles('sort=dueDate&order=desc')).toEqual(['none', 'late', 'middle', 'soon']);
    expect((await titles('sort=priority')).slice(2)).toEqual(['none', 'late']);
    expect((await titles('sort=status')).at(-1)).toBe('middle');
    expect((await titles('sort=assignee')).slice(0, 2).sort()).toEqual(['middle', 'soon']);
    // The cursor keeps the order: two pages of two.
    const first = (await manager.get(`/api/tasks?projectId=${project.id}&sort=dueDate&limit=2`)).json();
    const second = await titles(`sort=dueDate&limit=2&before=${first[1].id}`);
    expect([...first.map((x: { title: string }) => x.title), ...second]).toEqual([
      'soon',
      'middle',
      'late',
      'none',
    ]);
    expect((await manager.get('/api/tasks?sort=title')).statusCode).toBe(400);
    expect((await manager.get('/api/tasks?sort=dueDate&order=up')).statusCode).toBe(400);
  });
});
