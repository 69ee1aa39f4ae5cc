import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { TZ: 'Europe/Berlin' } });
});
afterAll(() => t.close());

const MISSING = '00000000-0000-4000-8000-000000000000';
const WEEK = [450, 450, 450, 450, 300, 0, 0];

describe('work schedules', () => {
  it('refuses anonymous calls', async () => {
    expect((await t.anonymous.get(`/api/users/${MISSING}/schedule`)).statusCode).toBe(401);
    expect((await t.anonymous.put(`/api/users/${MISSING}/schedule`, { minutes: WEEK })).statusCode).toBe(401);
  });

  it("starts from the organisation's schedule and zone; a user reads their own", async () => {
    const { user, api } = await t.userClient('employee');
    const res = await api.get(`/api/users/${user.id}/schedule`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      userId: user.id,
      minutes: [480, 480, 480, 480, 480, 0, 0],
      isDefault: true,
      timeZone: null,
      effectiveTimeZone: 'Europe/Berlin',
    });
  });

  it("lets admins set anyone's schedule and zone; managers and employees get 403", async () => {
    const { api: admin } = await t.userClient('admin');
    const { user, api } = await t.userClient('employee');
    const { api: manager } = await t.userClient('manager');
    const url = `/api/users/${user.id}/schedule`;
    expect((await api.put(url, { minutes: WEEK })).statusCode).toBe(403);
    expect((await manager.put(url, { minutes: WEEK })).statusCode).toBe(403);
    const saved = await admin.put(url, { minutes: WEEK, timeZone: 'America/New_York' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      userId: user.id,
      minutes: WEEK,
      isDefault: false,
      timeZone: 'America/New_York',
      effectiveTimeZone: 'America/New_York',
    });
    // Left out, the zone stays; null goes back to the organisation's.
    expect((await admin.put(url, { minutes: [0, 0, 0, 0, 0, 0, 0] })).json().timeZone).toBe(
      'America/New_York',
    );
    const reset = (await admin.put(url, { minutes: WEEK, timeZone: null })).json();
    expect(reset).toMatchObject({ timeZone: null, effectiveTimeZone: 'Europe/Berlin', minutes: WEEK });
    expect((await api.get(url)).json()).toEqual(reset);
    // The zone is the user's zone everywhere (ctx.timeZone), e.g. the tracker's summary.
    await admin.put(url, { minutes: WEEK, timeZone: 'Asia/Tokyo' });
    expect((await api.get('/api/time-entries/summary')).json().timeZone).toBe('Asia/Tokyo');
    expect((await admin.put(`/api/users/${MISSING}/schedule`, { minutes: WEEK })).statusCode).toBe(404);
  });

  it("shows managers their team members' schedules only; others get 404", async () => {
    const { api: admin } = await t.userClient('admin');
    const { user: boss, api: manager } = await t.userClient('manager');
    const member = await t.createUser('employee');
    const outsider = await t.createUser('employee');
    const { api: colleague } = await t.userClient('employee');
    const coManager = await t.createUser('manager');
    await admin.post('/api/teams', {
      name: 'Schedules',
      members: [
        { userId: boss.id, role: 'manager' },
        { userId: coManager.id, role: 'manager' },
        { userId: member.id, role: 'member' },
      ],
    });
    expect((await manager.get(`/api/users/${member.id}/schedule`)).statusCode).toBe(200);
    expect((await manager.get(`/api/users/${coManager.id}/schedule`)).statusCode).toBe(200);
    const hidden = await manager.get(`/api/users/${outsider.id}/schedule`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('User not found');
    expect((await colleague.get(`/api/users/${member.id}/schedule`)).statusCode).toBe(404);
    expect((await admin.get(`/api/users/${outsider.id}/schedule`)).statusCode).toBe(200);
    expect((await admin.get(`/api/users/${MISSING}/schedule`)).statusCode).toBe(404);
    expect((await admin.get('/api/users/nope/schedule')).statusCode).toBe(404);
  });

  it('refuses bad input with the messages', async () => {
    const { api: admin } = await t.userClient('admin');
    const user = await t.createUser('employee');
    const url = `/api/users/${user.id}/schedule`;
    const cases: [unknown, string][] = [
      [{}, 'Give the expected minutes of each weekday'],
      [{ minutes: [480, 480] }, 'Give the expected minutes of each weekday, Monday to Sunday'],
      [
        { minutes: [480, 480, 480, 480, 480, 0, 1441] },
        'Expected time per day must be between 0 and 24 hours',
      ],
      [{ minutes: [480, 480, 480, 480, 480, 0, -1] }, 'Expected time per day must be between 0 and 24 hours'],
      [{ minutes: [480, 480, 480, 480, 480, 0, 1.5] }, 'Expected time must be whole minutes'],
      [
        { minutes: [480, 480, 480, 480, 480, 0, '8h'] },
        'Expected time per day must be between 0 and 24 hours',
      ],
      [{ minutes: WEEK, timeZone: 'Mars/Olympus' }, 'Enter a valid time zone, such as Europe/Berlin'],
      [{ minutes: WEEK, timeZone: 3 }, 'Enter a valid time zone, such as Europe/Berlin'],
    ];
    for (const [body, message] of cases) {
      const res = await admin.put(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
  });
});
