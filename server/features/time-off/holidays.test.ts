import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '@contract/admin';
import { timeOffApi } from '@contract/time-off';
import { ok, teamOf, timeOffApp } from '../../test/time-off';
import { MISSING_ID } from '../../test/harness';

/**
 * Public holidays (docs/product/time-off.md#holidays): the region, the organisation's own days and
 * removals, a team's region, and what they do to a request's cost. Now: 29 October 2025.
 */
let app: Awaited<ReturnType<typeof timeOffApp>>;
beforeAll(async () => {
  app = await timeOffApp('2025-10-29T12:00:00Z', { region: false });
});
afterAll(() => app.t.close());

const holidays = async (api = app.admin.api, teamId?: string) =>
  ok(api, timeOffApi.holidays, { query: { year: 2025, teamId } });
const cost = async (api = app.admin.api, startDate: string, endDate = startDate, extra = {}) =>
  ok(api, timeOffApi.preview, { body: { typeId: app.types.vacation, startDate, endDate, ...extra } });

describe('the region', () => {
  it('has no holidays until a country is chosen; then the data set’s public ones', async () => {
    expect(await holidays()).toEqual([]);
    expect((await cost(app.admin.api, '2025-09-29', '2025-10-03')).days).toBe(5);
    const region = await ok(app.admin.api, timeOffApi.region, { query: {} });
    expect(region).toMatchObject({ country: null, region: null, teamId: null, regions: [] });
    expect(region.countries).toContainEqual({ code: 'DE', name: 'Germany' });
    const picker = await ok(app.admin.api, timeOffApi.region, { query: { country: 'DE' } });
    expect(picker.regions).toContainEqual({ code: 'BE', name: 'Berlin' });
    const saved = await ok(app.admin.api, timeOffApi.saveRegion, { body: { country: 'DE', region: 'BE' } });
    expect(saved).toMatchObject({ country: 'DE', region: 'BE', teamId: null });
    const days = await holidays();
    expect(days.map((h) => h.date)).toEqual([
      '2025-01-01',
      '2025-03-08',
      '2025-04-18',
      '2025-04-21',
      '2025-05-01',
      '2025-05-08',
      '2025-05-29',
      '2025-06-09',
      '2025-10-03',
      '2025-12-25',
      '2025-12-26',
    ]);
    expect(days[8]).toEqual({
      id: null,
      date: '2025-10-03',
      name: 'National Holiday',
      halfDay: false,
      source: 'public',
      teamId: null,
    });
    // A holiday inside a range costs nothing.
    expect(await cost(app.admin.api, '2025-09-29', '2025-10-03')).toMatchObject({
      days: 4,
      seconds: 32 * 3600,
    });
    const audit = await ok(app.admin.api, adminApi.audit, { query: { action: 'holidays_changed' } });
    expect(audit[0].details).toEqual({ region: { from: null, to: 'DE-BE' } });
  });

  it('refuses unknown countries and regions, and non-admins (403)', async () => {
    for (const [body, message] of [
      [{ country: 'XX', region: null }, 'Choose a country'],
      [{ country: 'de', region: null }, 'Choose a country'],
      [{ country: 'DE', region: 'ZZ' }, 'Choose a region of that country'],
      [{ country: 'DE', region: 'x'.repeat(11) }, 'Choose a region'],
    ] as const) {
      const res = await app.admin.api.call(timeOffApi.saveRegion, { body });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await app.admin.api.call(timeOffApi.region, { query: { country: 'Germany' } })).statusCode).toBe(
      400,
    );
    for (const role of ['employee', 'manager'] as const) {
      const { api } = await app.t.userClient(role);
      for (const res of [
        await api.call(timeOffApi.saveRegion, { body: { country: 'FR', region: null } }),
        await api.call(timeOffApi.addHoliday, { body: { date: '2025-12-24', kind: 'added', name: 'Eve' } }),
        await api.call(timeOffApi.removeHoliday, { params: { id: MISSING_ID } }),
      ])
        expect(res.statusCode).toBe(403);
      // Everyone reads them.
      expect((await holidays(api)).length).toBe(11);
    }
    expect((await ok(app.admin.api, timeOffApi.region, { query: {} })).country).toBe('DE');
  });
});

describe("the organisation's own days", () => {
  it('adds a company day (a half one counts half) and removes a public holiday it works; one entry a day', async () => {
    const { api } = await app.t.userClient('employee', app.joined);
    // 22–26 December: Christmas and Boxing Day are holidays.
    expect((await cost(api, '2025-12-22', '2025-12-26')).days).toBe(3);
    const eve = await ok(
      app.admin.api,
      timeOffApi.addHoliday,
      { body: { date: '2025-12-24', kind: 'added', name: 'Christmas Eve', halfDay: true } },
      201,
    );
    expect(eve).toMatchObject({
      date: '2025-12-24',
      name: 'Christmas Eve',
      halfDay: true,
      source: 'company',
      teamId: null,
    });
    expect(await cost(api, '2025-12-22', '2025-12-26')).toMatchObject({ days: 2.5, seconds: 20 * 3600 });
    expect((await cost(api, '2025-12-24')).days).toBe(0.5);
    const boxing = await ok(
      app.admin.api,
      timeOffApi.addHoliday,
      { body: { date: '2025-12-26', kind: 'removed', name: 'We work' } },
      201,
    );
    expect(boxing.source).toBe('removed');
    expect((await cost(api, '2025-12-22', '2025-12-26')).days).toBe(3.5);
    const listed = await holidays(api);
    expect(listed.filter((h) => h.date >= '2025-12-24')).toEqual([
      {
        id: eve.id,
        date: '2025-12-24',
        name: 'Christmas Eve',
        halfDay: true,
        source: 'company',
        teamId: null,
      },
      { id: null, date: '2025-12-25', name: 'Christmas Day', halfDay: false, source: 'public', teamId: null },
      { id: boxing.id, date: '2025-12-26', name: 'We work', halfDay: false, source: 'removed', teamId: null },
    ]);
    // One entry a day; nothing to remove where there is no public holiday.
    const twice = await app.admin.api.call(timeOffApi.addHoliday, {
      body: { date: '2025-12-24', kind: 'added', name: 'Again' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This day already has a company day or a removal: undo that first');
    const nothing = await app.admin.api.call(timeOffApi.addHoliday, {
      body: { date: '2025-12-23', kind: 'removed', name: 'No' },
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe('There is no public holiday on this day to remove');
    for (const [body, message] of [
      [{ date: '2025-02-29', kind: 'added', name: 'Leap' }, 'Enter a real calendar date'],
      [{ date: '2025-12-31', kind: 'moved', name: 'Eve' }, 'Choose added or removed'],
      [{ date: '2025-12-31', kind: 'added', name: '' }, 'Give the day a name'],
    ] as const) {
      const res = await app.admin.api.call(timeOffApi.addHoliday, { body: body as never });
      expect(res.statusCode).toBe(400);
      expect(JSON.parse(res.body).message).toBe(message);
    }
    // Undone, the days count as before.
    for (const id of [eve.id, boxing.id] as string[]) {
      expect((await app.admin.api.call(timeOffApi.removeHoliday, { params: { id } })).statusCode).toBe(204);
    }
    expect(
      (await app.admin.api.call(timeOffApi.removeHoliday, { params: { id: eve.id as string } })).statusCode,
    ).toBe(404);
    expect((await cost(api, '2025-12-22', '2025-12-26')).days).toBe(3);
    const audit = await ok(app.admin.api, adminApi.audit, { query: { action: 'holidays_changed' } });
    expect(audit.map((e) => e.details)).toEqual(
      expect.arrayContaining([
        { added: { date: '2025-12-24', name: 'Christmas Eve', halfDay: true } },
        { removed: { date: '2025-12-26', name: 'We work', halfDay: false } },
        { undone: { kind: 'added', date: '2025-12-24', name: 'Christmas Eve' } },
      ]),
    );
  });

  it('gives a team in another country its own region and days; its people’s costs follow it', async () => {
    const people = await teamOf(app);
    const { team, anna, outsider } = people;
    // The team follows the organisation until it has a region of its own.
    const follows = await app.admin.api.call(timeOffApi.addHoliday, {
      body: { date: '2025-12-31', kind: 'added', name: 'Team day', teamId: team.id },
    });
    expect(follows.statusCode).toBe(400);
    expect(follows.json().message).toMatch(/^This team follows the organisation's holidays/);
    expect((await holidays(anna.api, team.id)).length).toBe(11);
    await ok(app.admin.api, timeOffApi.saveRegion, {
      body: { country: 'AT', region: null, teamId: team.id },
    });
    expect(await ok(anna.api, timeOffApi.region, { query: { teamId: team.id } })).toMatchObject({
      country: 'AT',
      teamId: team.id,
    });
    const austrian = await holidays(anna.api, team.id);
    expect(austrian.map((h) => h.date)).toContain('2025-12-08');
    expect(austrian.map((h) => h.date)).not.toContain('2025-10-03');
    // Immaculate Conception is a day off for the team's people, not for others.
    expect((await cost(anna.api, '2025-12-08', '2025-12-09')).days).toBe(1);
    expect((await cost(outsider.api, '2025-12-08', '2025-12-09')).days).toBe(2);
    // A team day of its own.
    const teamDay = await ok(
      app.admin.api,
      timeOffApi.addHoliday,
      { body: { date: '2025-12-31', kind: 'added', name: 'Team day', teamId: team.id } },
      201,
    );
    expect(teamDay.teamId).toBe(team.id);
    expect((await cost(anna.api, '2025-12-31')).days).toBe(0);
    expect((await cost(outsider.api, '2025-12-31')).days).toBe(1);
    // Others' teams are not found; an unknown team neither.
    for (const [api, teamId] of [
      [outsider.api, team.id],
      [app.admin.api, MISSING_ID],
    ] as const) {
      expect((await api.call(timeOffApi.holidays, { query: { year: 2025, teamId } })).statusCode).toBe(404);
      expect((await api.call(timeOffApi.region, { query: { teamId } })).statusCode).toBe(404);
    }
    expect(
      (
        await app.admin.api.call(timeOffApi.saveRegion, {
          body: { country: 'AT', region: null, teamId: MISSING_ID },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await app.admin.api.call(timeOffApi.addHoliday, {
          body: { date: '2025-12-30', kind: 'added', name: 'x', teamId: MISSING_ID },
        })
      ).statusCode,
    ).toBe(404);
    // Back to the organisation's.
    await ok(app.admin.api, timeOffApi.saveRegion, {
      body: { country: null, region: null, teamId: team.id },
    });
    expect((await cost(anna.api, '2025-12-08', '2025-12-09')).days).toBe(2);
    // The team's own day needs its region: without one it no longer applies.
    expect((await cost(anna.api, '2025-12-31')).days).toBe(1);
  });
});
