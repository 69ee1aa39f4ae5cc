import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext, MISSING_ID } from '../../test/harness';
import { steppingClock, timeFixtures } from '../../test/time-fixtures';

let t: TestContext;
beforeAll(async () => {
  // Wednesday 18 March 2026; the organisation works in UTC (the default).
  t = await createTestApp({ clock: steppingClock('2026-03-18T12:00:00Z') });
});
afterAll(() => t.close());

describe('GET /api/projects/{id}', () => {
  it('computes members, task counts and this week’s and month’s hours from the data', async () => {
    const fx = timeFixtures(t.db);
    const { api: employee, user: emp } = await t.userClient('employee', {
      firstName: 'Ann',
      lastName: 'Bell',
    });
    const { api: manager } = await t.userClient('manager');
    const project = (await manager.post('/api/projects', { name: 'Orion', description: 'Stars' })).json();
    const other = await fx.project({ name: 'Elsewhere' });
    await manager.post('/api/tasks', { title: 'A', assigneeId: emp.id, projectId: project.id });
    const b = (
      await manager.post('/api/tasks', { title: 'B', assigneeId: emp.id, projectId: project.id })
    ).json();
    await employee.patch(`/api/tasks/${b.id}`, { status: 'in_progress' });
    await fx.task(emp.id, { projectId: project.id, status: 'completed' });
    await fx.task(emp.id, { projectId: other.id });
    // Monday of this week (2 h), earlier this month (1 h), last month (3 h), another project (5 h).
    await fx.entry(emp.id, '2026-03-16T08:00:00Z', '2026-03-16T10:00:00Z', { projectId: project.id });
    await fx.entry(emp.id, '2026-03-02T08:00:00Z', '2026-03-02T09:00:00Z', { projectId: project.id });
    await fx.entry(emp.id, '2026-02-27T08:00:00Z', '2026-02-27T11:00:00Z', { projectId: project.id });
    await fx.entry(emp.id, '2026-03-17T08:00:00Z', '2026-03-17T13:00:00Z', { projectId: other.id });
    const res = await employee.get(`/api/projects/${project.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: project.id,
      name: 'Orion',
      description: 'Stars',
      teamMembers: 1,
      members: [{ userId: emp.id, name: 'Ann Bell', email: emp.email }],
      taskCounts: { todo: 1, in_progress: 1, pending_review: 0, completed: 1 },
      hoursThisWeek: 2,
      hoursThisMonth: 3,
    });
    // The card in the list counts the same members.
    const listed = (await employee.get('/api/projects'))
      .json()
      .find((p: { id: string }) => p.id === project.id);
    expect(listed.teamMembers).toBe(1);
  });

  it('answers 404 for an unknown project and 401 without a session', async () => {
    const { api } = await t.userClient('employee');
    expect((await api.get(`/api/projects/${MISSING_ID}`)).statusCode).toBe(404);
    expect((await api.get('/api/projects/not-a-uuid')).statusCode).toBe(404);
    expect((await t.anonymous.get(`/api/projects/${MISSING_ID}`)).statusCode).toBe(401);
  });
});

describe('PATCH /api/projects/{id}', () => {
  it('lets managers and admins change name, description, status and priority; employees get 403', async () => {
    const { api: manager } = await t.userClient('manager');
    const { api: admin } = await t.userClient('admin');
    const { api: employee } = await t.userClient('employee');
    const project = (await manager.post('/api/projects', { name: 'Vega' })).json();
    const res = await manager.patch(`/api/projects/${project.id}`, {
      name: '  Vega 2  ',
      description: 'Second take',
      priority: 'high',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Vega 2',
      description: 'Second take',
      priority: 'high',
      status: 'active',
    });
    expect((await admin.patch(`/api/projects/${project.id}`, { status: 'cancelled' })).json().status).toBe(
      'cancelled',
    );
    expect((await employee.patch(`/api/projects/${project.id}`, { name: 'Mine' })).statusCode).toBe(403);
    expect((await manager.patch(`/api/projects/${MISSING_ID}`, { name: 'Ghost' })).statusCode).toBe(404);
  });

  it('validates with the creation messages', async () => {
    const { api } = await t.userClient('manager');
    const project = (await api.post('/api/projects', { name: 'Lyra' })).json();
    const blank = await api.patch(`/api/projects/${project.id}`, { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors.name).toEqual(['Project name is required']);
    expect((await api.patch(`/api/projects/${project.id}`, { priority: 'urgent' })).statusCode).toBe(400);
    expect(
      (await api.patch(`/api/projects/${project.id}`, { description: 'x'.repeat(2001) })).statusCode,
    ).toBe(400);
    const empty = await api.patch(`/api/projects/${project.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors._).toEqual(['Nothing to change']);
    expect((await api.get(`/api/projects/${project.id}`)).json().name).toBe('Lyra');
  });
});

describe('project members', () => {
  it('adds and removes people; duplicates 409, unknown people 400, unknown projects 404', async () => {
    const { api: manager, user: boss } = await t.userClient('manager');
    const { api: admin } = await t.userClient('admin');
    const { api: employee } = await t.userClient('employee');
    const person = await t.createUser('employee', { firstName: 'Cleo', lastName: 'Dunn' });
    const pending = await t.createUser('employee', { approvalStatus: 'pending' });
    const project = (await manager.post('/api/projects', { name: 'Hydra' })).json();
    const url = `/api/projects/${project.id}/members`;

    const added = await manager.post(url, { userId: person.id });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ userId: person.id, name: 'Cleo Dunn', email: person.email });
    expect((await admin.post(url, { userId: boss.id })).statusCode).toBe(201);
    const duplicate = await manager.post(url, { userId: person.id });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('Already a member of this project');
    const unknown = await manager.post(url, { userId: MISSING_ID });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors.userId).toEqual(['Person not found']);
    expect((await manager.post(url, { userId: pending.id })).statusCode).toBe(400);
    expect((await manager.post(url, { userId: 'nope' })).json().fieldErrors.userId).toEqual([
      'Choose a valid person',
    ]);
    expect(
      (await manager.post(`/api/projects/${MISSING_ID}/members`, { userId: person.id })).statusCode,
    ).toBe(404);
    expect((await employee.post(url, { userId: person.id })).statusCode).toBe(403);
    expect((await manager.get(`/api/projects/${project.id}`)).json().teamMembers).toBe(2);

    expect((await employee.delete(`${url}/${person.id}`)).statusCode).toBe(403);
    expect((await manager.delete(`${url}/${person.id}`)).statusCode).toBe(204);
    const gone = await manager.delete(`${url}/${person.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Not a member of this project');
    expect((await manager.delete(`/api/projects/${MISSING_ID}/members/${person.id}`)).statusCode).toBe(404);
    const after = (await manager.get(`/api/projects/${project.id}`)).json();
    expect(after.members.map((m: { userId: string }) => m.userId)).toEqual([boss.id]);
    expect(after.teamMembers).toBe(1);
  });

  it('puts the assignee of a task created in the project on its team', async () => {
    const { api: manager } = await t.userClient('manager');
    const person = await t.createUser('employee');
    const project = (await manager.post('/api/projects', { name: 'Draco' })).json();
    await manager.post('/api/tasks', { title: 'Map', assigneeId: person.id, projectId: project.id });
    await manager.post('/api/tasks', { title: 'Map again', assigneeId: person.id, projectId: project.id });
    const detail = (await manager.get(`/api/projects/${project.id}`)).json();
    expect(detail.members.map((m: { userId: string }) => m.userId)).toEqual([person.id]);
  });
});
