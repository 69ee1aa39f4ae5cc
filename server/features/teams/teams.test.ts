import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestOf } from '@contract/endpoint';
import { type CreateTeamRequest, teamsApi, type UpdateTeamRequest } from '@contract/teams';
import { createTestApp, type TestContext, MISSING_ID, type TestApi } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = (api: TestApi, query: RequestOf<typeof teamsApi.list>['query']) =>
  api.call(teamsApi.list, { query });
const create = (api: TestApi, body: CreateTeamRequest) => api.call(teamsApi.create, { body });
const update = (api: TestApi, id: string, body: UpdateTeamRequest) =>
  api.call(teamsApi.update, { params: { id }, body });
const remove = (api: TestApi, id: string) => api.call(teamsApi.remove, { params: { id } });

describe('teams', () => {
  it('refuses anonymous calls on every route', async () => {
    for (const res of [
      await t.anonymous.call(teamsApi.list),
      await create(t.anonymous, { name: 'X' }),
      await update(t.anonymous, MISSING_ID, { name: 'X' }),
      await remove(t.anonymous, MISSING_ID),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });

  it('lets admins create, rename, restaff and delete; managers and employees get 403 on every write', async () => {
    const { api: admin } = await t.userClient('admin');
    const { user: boss, api: manager } = await t.userClient('manager');
    const { user: worker, api: employee } = await t.userClient('employee');
    const created = await create(admin, {
      name: '  Platform  ',
      members: [
        { userId: worker.id, role: 'member' },
        { userId: boss.id, role: 'manager' },
      ],
    });
    expect(created.statusCode).toBe(201);
    const team = created.json();
    expect(team).toMatchObject({ name: 'Platform' });
    expect(team.members.map((m) => [m.userId, m.role])).toEqual([
      [boss.id, 'manager'],
      [worker.id, 'member'],
    ]);
    expect(team.members[0].name).toBe(`${boss.firstName} ${boss.lastName}`);

    for (const api of [manager, employee]) {
      expect((await create(api, { name: 'Mine' })).statusCode).toBe(403);
      expect((await update(api, team.id, { name: 'Mine' })).statusCode).toBe(403);
      expect((await remove(api, team.id)).statusCode).toBe(403);
    }

    const renamed = await update(admin, team.id, { name: 'Platform Core' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Platform Core');
    expect(renamed.json().members).toHaveLength(2);
    const restaffed = await update(admin, team.id, {
      members: [{ userId: worker.id, role: 'member' }],
    });
    expect(restaffed.json().members.map((m) => m.userId)).toEqual([worker.id]);
    expect(restaffed.json().name).toBe('Platform Core');

    expect((await remove(admin, team.id)).statusCode).toBe(204);
    expect((await remove(admin, team.id)).statusCode).toBe(404);
    expect((await update(admin, team.id, { name: 'Gone' })).statusCode).toBe(404);
    expect((await admin.patch('/api/teams/not-a-uuid', { name: 'Gone' })).statusCode).toBe(404);
    // The people stay.
    expect((await employee.call(teamsApi.list)).json()).toEqual([]);
  });

  it('scopes the list: admins every team, managers and employees the teams they are in', async () => {
    const { api: admin } = await t.userClient('admin');
    const { user: boss, api: manager } = await t.userClient('manager');
    const { user: worker, api: employee } = await t.userClient('employee');
    const { api: outsider } = await t.userClient('employee');
    const a = (
      await create(admin, {
        name: 'Scope A',
        members: [
          { userId: boss.id, role: 'manager' },
          { userId: worker.id, role: 'member' },
        ],
      })
    ).json();
    const b = (
      await create(admin, { name: 'Scope B', members: [{ userId: boss.id, role: 'manager' }] })
    ).json();
    const c = (await create(admin, { name: 'Scope C' })).json();
    const ids = (res: { json(): { id: string }[] }) => res.json().map((x) => x.id);
    const all = ids(await admin.call(teamsApi.list));
    expect(all).toEqual(expect.arrayContaining([a.id, b.id, c.id]));
    expect(ids(await manager.call(teamsApi.list))).toEqual([a.id, b.id]);
    expect(ids(await employee.call(teamsApi.list))).toEqual([a.id]);
    expect(ids(await outsider.call(teamsApi.list))).toEqual([]);
  });

  it('pages by name with limit and before', async () => {
    const { api: admin } = await t.userClient('admin');
    for (const name of ['zz Paging 2', 'ZZ paging 1', 'zz paging 3']) await create(admin, { name });
    const all = (await list(admin, { limit: 500 })).json();
    const paging = all.filter((x) => /paging/i.test(x.name)).map((x) => x.name);
    expect(paging).toEqual(['ZZ paging 1', 'zz Paging 2', 'zz paging 3']);
    const first = (await list(admin, { limit: 1 })).json();
    const next = (await list(admin, { limit: 1, before: first[0].id })).json();
    expect(next[0].id).toBe(all[1].id);
    expect((await list(admin, { limit: 0 })).statusCode).toBe(400);
    expect((await admin.get('/api/teams?before=zzz')).statusCode).toBe(400);
  });

  it('refuses bad input: blank or long names, a taken name in any case, unknown people, employees as managers', async () => {
    const { api: admin } = await t.userClient('admin');
    const worker = await t.createUser('employee');
    const pending = await t.createUser('employee', { approvalStatus: 'pending' });
    const blank = await create(admin, { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors?.name).toEqual(['Team name is required']);
    expect((await create(admin, { name: 'x'.repeat(81) })).json().message).toBe('Team name is too long');
    expect((await admin.post('/api/teams', { name: 7 })).statusCode).toBe(400);
    expect((await admin.post('/api/teams', { name: 'A', members: 'all' })).statusCode).toBe(400);
    expect(
      (await admin.post('/api/teams', { name: 'A', members: [{ userId: worker.id, role: 'owner' }] }))
        .statusCode,
    ).toBe(400);
    const twice = await create(admin, {
      name: 'A',
      members: [
        { userId: worker.id, role: 'member' },
        { userId: worker.id, role: 'member' },
      ],
    });
    expect(twice.json().message).toBe('Each person can be in a team once');

    expect((await create(admin, { name: 'Support' })).statusCode).toBe(201);
    const taken = await create(admin, { name: 'SUPPORT' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      code: 'team_name_taken',
      message: 'A team with this name already exists',
      fieldErrors: { name: ['A team with this name already exists'] },
    });
    const other = (await create(admin, { name: 'Sales' })).json();
    expect((await update(admin, other.id, { name: 'support' })).statusCode).toBe(409);

    for (const userId of [MISSING_ID, pending.id]) {
      const res = await create(admin, { name: 'Ghosts', members: [{ userId, role: 'member' }] });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Choose active, approved people');
    }
    const employeeBoss = await create(admin, {
      name: 'Flat',
      members: [{ userId: worker.id, role: 'manager' }],
    });
    expect(employeeBoss.statusCode).toBe(400);
    expect(employeeBoss.json().message).toBe('Only managers and admins can manage a team');
    const nothing = await update(admin, other.id, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().fieldErrors?._).toEqual(['Nothing to change']);
  });
});
