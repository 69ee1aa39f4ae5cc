import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedulesApi } from '@contract/schedules';
import { settingsApi, settingsDefaults } from '@contract/settings';
import { setupApi } from '@contract/setup';
import { teamsApi } from '@contract/teams';
import { timeOffApi } from '@contract/time-off';
import { createTestApp, type TestContext } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { TZ: 'Europe/Berlin', SMTP_URL: 'smtp://127.0.0.1:2525' } });
});
afterAll(() => t.close());

const doneSteps = (setup: { steps: { id: string; done: boolean }[] }) =>
  setup.steps.filter((s) => s.done).map((s) => s.id);

describe('the setup checklist (docs/product/dashboard.md#setup)', () => {
  it('ticks each step itself as the data appears, in the order to follow', async () => {
    // The first admin alone: only the e-mail server (from the environment) is there.
    const { user: admin, api } = await t.userClient('admin');
    const first = (await api.call(setupApi.get)).json();
    expect(first.steps.map((s) => s.id)).toEqual([
      'settings',
      'holidays',
      'schedules',
      'team',
      'people',
      'mail',
      'sso',
    ]);
    expect(first.steps.find((s) => s.id === 'sso')?.optional).toBe(true);
    expect(first.steps.filter((s) => s.optional).length).toBe(1);
    expect(doneSteps(first)).toEqual(['mail']);
    expect(first.dismissed).toBe(false);

    await api.call(settingsApi.save, {
      body: { ...settingsDefaults, twoFactorRoles: [], timeZone: 'Europe/Berlin' },
    });
    await api.call(timeOffApi.saveRegion, { body: { country: 'DE', region: 'BE' } });
    expect(doneSteps((await api.call(setupApi.get)).json())).toEqual(['settings', 'holidays', 'mail']);

    const team = (await api.call(teamsApi.create, { body: { name: 'First team' } })).json();
    expect(doneSteps((await api.call(setupApi.get)).json())).toContain('team');
    await api.call(teamsApi.update, {
      params: { id: team.id },
      body: { schedule: [480, 480, 480, 480, 480, 0, 0], members: [{ userId: admin.id, role: 'manager' }] },
    });
    const employee = await t.createUser('employee');
    await api.call(schedulesApi.put, {
      params: { id: employee.id },
      body: { minutes: [0, 0, 0, 0, 0, 0, 0] },
    });
    expect(doneSteps((await api.call(setupApi.get)).json())).toEqual([
      'settings',
      'holidays',
      'schedules',
      'team',
      'people',
      'mail',
    ]);
  });

  it('is put away and brought back for every admin; only admins read or change it', async () => {
    const { api: admin } = await t.userClient('admin');
    const { api: other } = await t.userClient('admin');
    const { api: manager } = await t.userClient('manager');
    const { api: employee } = await t.userClient('employee');
    expect((await t.anonymous.call(setupApi.get)).statusCode).toBe(401);
    expect((await manager.call(setupApi.get)).statusCode).toBe(403);
    expect((await employee.call(setupApi.dismiss, { body: { dismissed: true } })).statusCode).toBe(403);

    const away = await admin.call(setupApi.dismiss, { body: { dismissed: true } });
    expect(away.statusCode).toBe(200);
    expect(away.json().dismissed).toBe(true);
    expect((await other.call(setupApi.get)).json().dismissed).toBe(true);
    expect((await other.call(setupApi.dismiss, { body: { dismissed: false } })).json().dismissed).toBe(false);

    const bad = await admin.put('/api/setup', { dismissed: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Say whether it is put away: true or false');
    expect((await admin.call(setupApi.get)).json().dismissed).toBe(false);
  });
});

describe('the first-steps card (docs/product/dashboard.md#first-steps)', () => {
  it('shows to new employees and managers until they put it away; not to admins or people of long standing', async () => {
    const { api: employee } = await t.userClient('employee');
    const { api: manager } = await t.userClient('manager');
    const { api: admin } = await t.userClient('admin');
    const { api: veteran } = await t.userClient('employee', { createdAt: new Date('2024-01-01T00:00:00Z') });
    expect((await employee.call(setupApi.intro)).json()).toEqual({ show: true });
    expect((await manager.call(setupApi.intro)).json()).toEqual({ show: true });
    expect((await admin.call(setupApi.intro)).json()).toEqual({ show: false });
    expect((await veteran.call(setupApi.intro)).json()).toEqual({ show: false });

    expect((await employee.call(setupApi.dismissIntro, { body: { dismissed: true } })).json()).toEqual({
      show: false,
    });
    expect((await employee.call(setupApi.intro)).json()).toEqual({ show: false });
    // Putting it away is one's own: the manager still sees theirs.
    expect((await manager.call(setupApi.intro)).json()).toEqual({ show: true });
    expect((await employee.call(setupApi.dismissIntro, { body: { dismissed: false } })).json()).toEqual({
      show: true,
    });
    expect((await t.anonymous.call(setupApi.intro)).statusCode).toBe(401);
    expect((await employee.put('/api/setup/intro', {})).statusCode).toBe(400);
  });
});
