import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasksApi } from '@contract/tasks';
import { teamsApi } from '@contract/teams';
import { timesheetsApi } from '@contract/timesheets';
import { fixedClock } from '../lib/clock';
import { createTestApp, type TestContext } from '../test/harness';
import { listeningAs, quiet } from '../test/live-socket';

// Wednesday 29 October 2025: the week of 20 October is over and may be submitted.
const clock = fixedClock('2025-10-29T12:00:00Z');
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ clock, listen: true, env: { TZ: 'Europe/Berlin' } });
});
afterAll(() => t.close());

const joined = { createdAt: new Date('2025-01-01T00:00:00Z') };

const listening = (role: 'employee' | 'manager' | 'admin') => listeningAs(t, role, joined);

/**
 * An admin, a team of a manager and an employee, an employee outside it and a manager of another
 * team; every one of them listening.
 */
async function organisation() {
  const admin = await listening('admin');
  const manager = await listening('manager');
  const employee = await listening('employee');
  const outsider = await listening('employee');
  const otherManager = await listening('manager');
  await admin.api.call(teamsApi.create, {
    body: {
      name: `Team ${Math.random()}`,
      members: [
        { userId: manager.user.id, role: 'manager' },
        { userId: employee.user.id, role: 'member' },
      ],
    },
  });
  await admin.socket.heard('teams.changed');
  return { admin, manager, employee, outsider, otherManager };
}

const everyone = (o: Awaited<ReturnType<typeof organisation>>) => [
  o.admin,
  o.manager,
  o.employee,
  o.outsider,
  o.otherManager,
];

describe('live events reach those who may see the change, and nobody else', () => {
  it('tasks.changed: the assignee and every manager and admin; not another employee', async () => {
    const o = await organisation();
    const created = await o.manager.api.call(tasksApi.create, {
      body: { title: 'Live task', assigneeId: o.employee.user.id },
    });
    expect(created.statusCode).toBe(201);
    for (const p of [o.employee, o.manager, o.otherManager, o.admin]) await p.socket.heard('tasks.changed');
    await quiet();
    expect(o.outsider.socket.count('tasks.changed')).toBe(0);
    expect(o.employee.socket.frames.find((f) => f.type === 'tasks.changed')?.data).toEqual({
      taskId: created.json().id,
    });
    for (const p of everyone(o)) p.socket.close();
  });

  it('timesheets.changed: the week’s owner, the managers of their teams and every admin, at submit and at the decision', async () => {
    const o = await organisation();
    const submitted = await o.employee.api.call(timesheetsApi.submit, { body: { week: '2025-10-20' } });
    expect(submitted.statusCode).toBe(200);
    for (const p of [o.employee, o.manager, o.admin]) await p.socket.heard('timesheets.changed');

    const approved = await o.manager.api.call(timesheetsApi.approve, { params: { id: submitted.json().id } });
    expect(approved.statusCode).toBe(200);
    for (const p of [o.employee, o.manager, o.admin]) await p.socket.heard('timesheets.changed', 2);
    await quiet();
    expect(o.outsider.socket.count('timesheets.changed')).toBe(0);
    expect(o.otherManager.socket.count('timesheets.changed')).toBe(0);
    for (const p of everyone(o)) p.socket.close();
  });

  it('teams.changed: the members before and after, and every admin; not the others', async () => {
    const o = await organisation();
    for (const p of [o.admin, o.manager, o.employee]) expect(p.socket.count('teams.changed')).toBe(1);
    const team = (await o.employee.api.call(teamsApi.list, { query: {} })).json()[0];

    // The employee leaves, the outsider joins: both hear of it.
    await o.admin.api.call(teamsApi.update, {
      params: { id: team.id },
      body: {
        members: [
          { userId: o.manager.user.id, role: 'manager' },
          { userId: o.outsider.user.id, role: 'member' },
        ],
      },
    });
    for (const p of [o.admin, o.manager, o.employee, o.outsider]) await p.socket.heard('teams.changed');
    await o.admin.api.call(teamsApi.remove, { params: { id: team.id } });
    for (const p of [o.admin, o.manager]) await p.socket.heard('teams.changed', 3);
    await o.outsider.socket.heard('teams.changed', 2);
    await quiet();
    expect(o.employee.socket.count('teams.changed')).toBe(2);
    expect(o.otherManager.socket.count('teams.changed')).toBe(0);
    for (const p of everyone(o)) p.socket.close();
  });
});
