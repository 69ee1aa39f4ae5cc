import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usersApi } from '@contract/users';
import { createTestApp, type TestContext } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/users', () => {
  it('needs a session', async () => {
    const res = await t.anonymous.call(usersApi.assignable);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'not_authenticated', message: 'Not authenticated' });
  });

  it('lists approved, active users as {id, name, role}, searchable, for every role', async () => {
    const { user: me, api } = await t.userClient('employee', { firstName: 'Zoe', lastName: 'Quinn' });
    const manager = await t.createUser('manager', { firstName: 'Mona', lastName: 'Park' });
    await t.createUser('employee', { firstName: 'Pat', lastName: 'Pending', approvalStatus: 'pending' });
    await t.createUser('employee', { firstName: 'Sam', lastName: 'Suspended', isActive: false });
    const res = await api.call(usersApi.assignable);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toEqual([
      { id: manager.id, name: 'Mona Park', role: 'manager' },
      { id: me.id, name: 'Zoe Quinn', role: 'employee' },
    ]);
    expect(JSON.stringify(list)).not.toMatch(/password|hash|email/i);
    const searched = await api.call(usersApi.assignable, { query: { search: 'mon' } });
    expect(searched.json()).toEqual([{ id: manager.id, name: 'Mona Park', role: 'manager' }]);
    const bad = await api.call(usersApi.assignable, { query: { limit: 0 } });
    expect(bad.statusCode).toBe(400);
  });
});
