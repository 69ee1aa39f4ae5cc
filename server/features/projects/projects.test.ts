import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { steppingClock } from '../../test/time-fixtures';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ clock: steppingClock() });
});
afterAll(() => t.close());

describe('projects', () => {
  it('refuses anonymous calls on every route', async () => {
    for (const res of [
      await t.anonymous.get('/api/projects'),
      await t.anonymous.post('/api/projects', { name: 'X' }),
      await t.anonymous.patch('/api/projects/00000000-0000-4000-8000-000000000000', { status: 'active' }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'not_authenticated', message: 'Not authenticated' });
    }
  });

  it('lets managers and admins create with the product defaults; employees get 403', async () => {
    const { api: manager } = await t.userClient('manager');
    const { api: admin } = await t.userClient('admin');
    const { api: employee } = await t.userClient('employee');
    const created = await manager.post('/api/projects', { name: '  Website  ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Website',
      description: '',
      status: 'active',
      priority: 'medium',
      teamMembers: 0,
    });
    expect(created.json().createdAt).toMatch(/Z$/);
    const byAdmin = await admin.post('/api/projects', {
      name: 'Ops',
      description: 'Runbooks',
      status: 'on_hold',
      priority: 'high',
    });
    expect(byAdmin.json()).toMatchObject({ status: 'on_hold', priority: 'high', description: 'Runbooks' });
    expect((await employee.post('/api/projects', { name: 'Nope' })).statusCode).toBe(403);
  });

  it('validates with the product message and refuses wrong types and oversized input with 400', async () => {
    const { api } = await t.userClient('manager');
    const blank = await api.post('/api/projects', { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Project name is required');
    expect(blank.json().fieldErrors.name).toEqual(['Project name is required']);
    expect((await api.post('/api/projects', {})).json().message).toBe('Project name is required');
    expect((await api.post('/api/projects', { name: 42 })).statusCode).toBe(400);
    expect((await api.post('/api/projects', { name: 'x'.repeat(121) })).statusCode).toBe(400);
    expect((await api.post('/api/projects', { name: 'A', status: 'cancelled' })).statusCode).toBe(400);
    expect((await api.post('/api/projects', { name: 'A', priority: 'urgent' })).statusCode).toBe(400);
  });

  it('changes status for managers only, to any of the four; unknown project 404, malformed id 400', async () => {
    const { api: manager } = await t.userClient('manager');
    const { api: employee } = await t.userClient('employee');
    const { id } = (await manager.post('/api/projects', { name: 'Lifecycle' })).json();
    for (const status of ['on_hold', 'active', 'completed', 'cancelled']) {
      const res = await manager.patch(`/api/projects/${id}`, { status });
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe(status);
    }
    expect((await employee.patch(`/api/projects/${id}`, { status: 'active' })).statusCode).toBe(403);
    expect((await manager.patch(`/api/projects/${id}`, { status: 'done' })).statusCode).toBe(400);
    expect((await manager.patch('/api/projects/not-a-uuid', { status: 'active' })).statusCode).toBe(404);
    const missing = await manager.patch('/api/projects/00000000-0000-4000-8000-000000000000', {
      status: 'active',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('lists for everyone, newest first, teamMembers = distinct assignees with tasks, paginated', async () => {
    const { api: manager } = await t.userClient('manager');
    const { user: worker, api: employee } = await t.userClient('employee');
    const other = await t.createUser('employee');
    const { id } = (await manager.post('/api/projects', { name: 'Team count' })).json();
    for (const assigneeId of [worker.id, worker.id, other.id]) {
      await manager.post('/api/tasks', { title: 'Work', projectId: id, assigneeId });
    }
    const list = await employee.get('/api/projects');
    expect(list.statusCode).toBe(200);
    const projects = list.json();
    expect(projects[0]).toMatchObject({ id, name: 'Team count', teamMembers: 2 });
    const first = await employee.get('/api/projects?limit=1');
    expect(first.json()).toHaveLength(1);
    const next = await employee.get(`/api/projects?limit=1&before=${first.json()[0].id}`);
    expect(next.json()[0].id).toBe(projects[1].id);
    expect((await employee.get('/api/projects?limit=0')).statusCode).toBe(400);
    expect((await employee.get('/api/projects?before=zzz')).statusCode).toBe(400);
  });
});
