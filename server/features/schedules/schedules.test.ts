import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PutScheduleRequest, schedulesApi } from '@contract/schedules';
import { teamsApi } from '@contract/teams';
import { timeEntriesApi } from '@contract/time-entries';
import { timesheetsApi } from '@contract/timesheets';
import { createTestApp, type TestContext, MISSING_ID, type TestApi } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { TZ: 'Europe/Berlin' } });
});
afterAll(() => t.close());

const WEEK = [450, 450, 450, 450, 300, 0, 0];

const get = (api: TestApi, id: string) => api.call(schedulesApi.get, { params: { id } });
const put = (api: TestApi, id: string, body: PutScheduleRequest) =>
  api.call(schedulesApi.put, { params: { id }, body });

describe('work schedules', () => {
  it('refuses anonymous calls', async () => {
    expect((await get(t.anonymous, MISSING_ID)).statusCode).toBe(401);
    expect((await put(t.anonymous, MISSING_ID, { minutes: WEEK })).statusCode).toBe(401);
  });

  it("starts from the organisation's schedule and zone; a user reads their own", async () => {
    const { user, api } = await t.userClient('employee');
    const res = await get(api, user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      userId: user.id,
      minutes: [480, 480, 480, 480, 480, 0, 0],
      isDefault: true,
      source: 'organisation',
      team: null,
      timeZone: null,
      effectiveTimeZone: 'Europe/Berlin',
    });
  });

  it("lets admins set anyone's schedule and zone; managers and employees get 403", async () => {
    const { api: admin } = await t.userClient('admin');
    const { user, api } = await t.userClient('employee');
    const { api: manager } = await t.userClient('manager');
    expect((await put(api, user.id, { minutes: WEEK })).statusCode).toBe(403);
    expect((await put(manager, user.id, { minutes: WEEK })).statusCode).toBe(403);
    const saved = await put(admin, user.id, { minutes: WEEK, timeZone: 'America/New_York' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      userId: user.id,
      minutes: WEEK,
      isDefault: false,
      source: 'own',
      team: null,
      timeZone: 'America/New_York',
      effectiveTimeZone: 'America/New_York',
    });
    // Left out, the zone stays; null goes back to the organisation's.
    expect((await put(admin, user.id, { minutes: [0, 0, 0, 0, 0, 0, 0] })).json().timeZone).toBe(
      'America/New_York',
    );
    const reset = (await put(admin, user.id, { minutes: WEEK, timeZone: null })).json();
    expect(reset).toMatchObject({ timeZone: null, effectiveTimeZone: 'Europe/Berlin', minutes: WEEK });
    expect((await get(api, user.id)).json()).toEqual(reset);
    // The zone is the user's zone everywhere (ctx.timeZone), e.g. the tracker's summary.
    await put(admin, user.id, { minutes: WEEK, timeZone: 'Asia/Tokyo' });
    expect((await api.call(timeEntriesApi.summary)).json().timeZone).toBe('Asia/Tokyo');
    expect((await put(admin, MISSING_ID, { minutes: WEEK })).statusCode).toBe(404);
  });

  it("shows managers their team members' schedules only; others get 404", async () => {
    const { api: admin } = await t.userClient('admin');
    const { user: boss, api: manager } = await t.userClient('manager');
    const member = await t.createUser('employee');
    const outsider = await t.createUser('employee');
    const { api: colleague } = await t.userClient('employee');
    const coManager = await t.createUser('manager');
    await admin.call(teamsApi.create, {
      body: {
        name: 'Schedules',
        members: [
          { userId: boss.id, role: 'manager' },
          { userId: coManager.id, role: 'manager' },
          { userId: member.id, role: 'member' },
        ],
      },
    });
    expect((await get(manager, member.id)).statusCode).toBe(200);
    expect((await get(manager, coManager.id)).statusCode).toBe(200);
    const hidden = await get(manager, outsider.id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('User not found');
    expect((await get(colleague, member.id)).statusCode).toBe(404);
    expect((await get(admin, outsider.id)).statusCode).toBe(200);
    expect((await get(admin, MISSING_ID)).statusCode).toBe(404);
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

describe("a team's default schedule (docs/product/teams.md#team-default-schedules)", () => {
  const PART_TIME = [360, 360, 360, 360, 0, 0, 0];
  const reset = (api: TestApi, id: string) => api.call(schedulesApi.reset, { params: { id } });

  it('is followed by its people without a schedule of their own, on the schedule and the week sheet', async () => {
    const { api: admin } = await t.userClient('admin');
    const { user, api } = await t.userClient('employee', { createdAt: new Date('2025-01-01T00:00:00Z') });
    const team = (
      await admin.call(teamsApi.create, {
        body: { name: 'Part-timers', members: [{ userId: user.id, role: 'member' }], schedule: PART_TIME },
      })
    ).json();
    expect(team.schedule).toEqual(PART_TIME);
    expect(team.members).toEqual([expect.objectContaining({ userId: user.id, schedule: 'team' })]);
    expect((await get(api, user.id)).json()).toMatchObject({
      minutes: PART_TIME,
      isDefault: true,
      source: 'team',
      team: { id: team.id, name: 'Part-timers' },
    });
    // The ledger counts with it: the week expects 4 × 6 h.
    const week = (await api.call(timesheetsApi.get, { query: { week: '2026-11-16' } })).json();
    expect(week.totals.expectedSeconds).toBe(24 * 3600);

    // Their own schedule wins; removing it brings the team's back.
    await put(admin, user.id, { minutes: WEEK });
    expect((await get(api, user.id)).json()).toMatchObject({ minutes: WEEK, source: 'own', team: null });
    const listed = (await admin.call(teamsApi.list, { query: {} })).json().find((x) => x.id === team.id);
    expect(listed?.members[0].schedule).toBe('own');
    expect((await reset(api, user.id)).statusCode).toBe(403);
    const back = await reset(admin, user.id);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ minutes: PART_TIME, source: 'team' });

    // Without the team's default, the organisation's.
    await admin.call(teamsApi.update, { params: { id: team.id }, body: { schedule: null } });
    expect((await get(api, user.id)).json()).toMatchObject({
      minutes: [480, 480, 480, 480, 480, 0, 0],
      source: 'organisation',
    });
    expect((await reset(admin, MISSING_ID)).statusCode).toBe(404);
  });

  it('in several teams with defaults, the first by name is followed; the others see them as following another team', async () => {
    const { api: admin } = await t.userClient('admin');
    const person = await t.createUser('employee');
    const alpha = (
      await admin.call(teamsApi.create, {
        body: { name: 'Alpha shift', members: [{ userId: person.id, role: 'member' }], schedule: PART_TIME },
      })
    ).json();
    const beta = (
      await admin.call(teamsApi.create, {
        body: { name: 'beta shift', members: [{ userId: person.id, role: 'member' }], schedule: WEEK },
      })
    ).json();
    expect((await get(admin, person.id)).json()).toMatchObject({ source: 'team', team: { id: alpha.id } });
    const teams = (await admin.call(teamsApi.list, { query: {} })).json();
    expect(teams.find((x) => x.id === alpha.id)?.members[0].schedule).toBe('team');
    expect(teams.find((x) => x.id === beta.id)?.members[0].schedule).toBe('other_team');
  });

  it("shows whose schedule members follow only to admins, the team's managers and the member", async () => {
    const { api: admin } = await t.userClient('admin');
    const { user: boss, api: manager } = await t.userClient('manager');
    const { user: member, api: memberApi } = await t.userClient('employee');
    const other = await t.createUser('employee');
    await admin.call(teamsApi.create, {
      body: {
        name: 'Visibility',
        members: [
          { userId: boss.id, role: 'manager' },
          { userId: member.id, role: 'member' },
          { userId: other.id, role: 'member' },
        ],
        schedule: PART_TIME,
      },
    });
    const seenBy = async (api: TestApi) =>
      Object.fromEntries(
        (await api.call(teamsApi.list, { query: {} }))
          .json()
          .find((x) => x.name === 'Visibility')
          ?.members.map((m) => [m.userId, m.schedule]) ?? [],
      );
    expect(await seenBy(manager)).toEqual({ [boss.id]: 'team', [member.id]: 'team', [other.id]: 'team' });
    expect(await seenBy(memberApi)).toEqual({ [boss.id]: null, [member.id]: 'team', [other.id]: null });
  });

  it('refuses a bad default and managers or employees setting one', async () => {
    const { api: admin } = await t.userClient('admin');
    const { api: manager } = await t.userClient('manager');
    const team = (await admin.call(teamsApi.create, { body: { name: 'Bad defaults' } })).json();
    expect(team.schedule).toBeNull();
    const cases: [unknown, string][] = [
      [[480, 480], 'Give the expected minutes of each weekday, Monday to Sunday'],
      [[480, 480, 480, 480, 480, 0, 1441], 'Expected time per day must be between 0 and 24 hours'],
      ['8h', 'Give the expected minutes of each weekday'],
    ];
    for (const [schedule, message] of cases) {
      const res = await admin.patch(`/api/teams/${team.id}`, { schedule });
      expect(res.statusCode, JSON.stringify(schedule)).toBe(400);
      expect(res.json().message, JSON.stringify(schedule)).toBe(message);
    }
    const refused = await manager.call(teamsApi.update, {
      params: { id: team.id },
      body: { schedule: WEEK },
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (await admin.call(teamsApi.list, { query: {} })).json().find((x) => x.id === team.id)?.schedule,
    ).toBeNull();
  });
});
