import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsApi } from '@contract/settings';
import { createTestApp, type TestContext } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { TZ: 'Europe/Berlin' } });
});
afterAll(() => t.close());

const valid = {
  clockIn: '08:30',
  clockOut: '16:45',
  dailyBreakMinutes: 15,
  lunchMinutes: 30,
  lateThresholdMinutes: 10,
  timeZone: 'America/New_York',
};

describe('GET /api/settings', () => {
  it('needs a session and shows the product defaults with the server zone before any save', async () => {
    expect((await t.anonymous.call(settingsApi.get)).statusCode).toBe(401);
    const { api } = await t.userClient('employee');
    const res = await api.call(settingsApi.get);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      clockIn: '09:00',
      clockOut: '17:00',
      dailyBreakMinutes: 10,
      lunchMinutes: 45,
      lateThresholdMinutes: 15,
      autoStopTimerHours: 10,
      twoFactorRoles: [],
      timeZone: 'Europe/Berlin',
      defaultLanguage: 'en',
    });
  });
});

describe("a request's settings", () => {
  it('come with its session lookup: reading them takes no statement of its own', async () => {
    const { api } = await t.userClient('employee');
    let statements = 0;
    const stop = t.database.onQueryTime(() => {
      statements++;
    });
    const res = await api.call(settingsApi.get);
    stop();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ clockIn: '09:00', timeZone: 'Europe/Berlin' });
    expect(statements).toBe(1);
  });
});

describe('PUT /api/settings', () => {
  it('is for admins only', async () => {
    expect((await t.anonymous.call(settingsApi.save, { body: valid })).statusCode).toBe(401);
    for (const role of ['employee', 'manager'] as const) {
      const { api } = await t.userClient(role);
      expect((await api.call(settingsApi.save, { body: valid })).statusCode).toBe(403);
    }
  });

  it('saves, and everyone reads the saved values', async () => {
    const admin = await t.userClient('admin');
    const res = await admin.api.put('/api/settings', { ...valid, extra: 'ignored' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...valid,
      autoStopTimerHours: 10,
      twoFactorRoles: [],
      defaultLanguage: 'en',
    });
    // The forgotten-timer limit is saved when sent, and kept when a client leaves it out.
    expect(
      (await admin.api.call(settingsApi.save, { body: { ...valid, autoStopTimerHours: 12 } })).json(),
    ).toEqual({
      ...valid,
      autoStopTimerHours: 12,
      twoFactorRoles: [],
      defaultLanguage: 'en',
    });
    const again = await admin.api.call(settingsApi.save, { body: { ...valid, lateThresholdMinutes: 20 } });
    expect(again.json().lateThresholdMinutes).toBe(20);
    const { api } = await t.userClient('employee');
    expect((await api.call(settingsApi.get)).json()).toEqual({
      ...valid,
      lateThresholdMinutes: 20,
      autoStopTimerHours: 12,
      twoFactorRoles: [],
      defaultLanguage: 'en',
    });
    // The organisation's default language is kept when left out, saved when sent, and told to the sign-in page.
    const german = await admin.api.call(settingsApi.save, { body: { ...valid, defaultLanguage: 'de' } });
    expect(german.json().defaultLanguage).toBe('de');
    expect((await t.anonymous.get('/api/auth/sign-in-options')).json().defaultLanguage).toBe('de');
    const invalid = await admin.api.call(settingsApi.save, {
      body: { ...valid, defaultLanguage: 'fr' as 'de' },
    });
    expect(invalid.statusCode).toBe(400);
    // Whoever chose no language of their own, and whose browser asks for none, reads the organisation's.
    expect(invalid.json()).toMatchObject({
      code: 'language_invalid',
      message: 'Wählen Sie English oder Deutsch',
    });
    await admin.api.call(settingsApi.save, { body: { ...valid, defaultLanguage: 'en' } });
  });

  it('rejects bad input with 400 and the field message', async () => {
    const { api } = await t.userClient('admin');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ clockIn: '9:00' }, 'clockIn', 'Use the format HH:MM'],
      [{ clockOut: '24:00' }, 'clockOut', 'Use the format HH:MM'],
      [{ clockIn: '17:00', clockOut: '09:00' }, 'clockOut', 'Clock-out must be after clock-in'],
      [{ clockOut: '08:30' }, 'clockOut', 'Clock-out must be after clock-in'],
      [
        { lateThresholdMinutes: -1 },
        'lateThresholdMinutes',
        'Late threshold must be between 0 and 720 minutes',
      ],
      [
        { lateThresholdMinutes: 721 },
        'lateThresholdMinutes',
        'Late threshold must be between 0 and 720 minutes',
      ],
      [{ lunchMinutes: 1.5 }, 'lunchMinutes', 'Lunch must be a whole number of minutes'],
      [{ dailyBreakMinutes: '10' }, 'dailyBreakMinutes', 'Daily break must be a number'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone', 'Enter a valid time zone, such as Europe/Berlin'],
      [{ timeZone: 'x'.repeat(5000) }, 'timeZone', 'Enter a valid time zone'],
      [{ timeZone: undefined }, 'timeZone', 'Time zone is required'],
      [
        { autoStopTimerHours: 0 },
        'autoStopTimerHours',
        'Stop forgotten timers after must be between 1 and 24 hours',
      ],
      [
        { autoStopTimerHours: 25 },
        'autoStopTimerHours',
        'Stop forgotten timers after must be between 1 and 24 hours',
      ],
      [
        { autoStopTimerHours: 2.5 },
        'autoStopTimerHours',
        'Stop forgotten timers after must be a whole number of hours',
      ],
      [
        { autoStopTimerHours: '10' },
        'autoStopTimerHours',
        'Stop forgotten timers after must be between 1 and 24 hours',
      ],
      [
        { autoStopTimerHours: null },
        'autoStopTimerHours',
        'Stop forgotten timers after must be between 1 and 24 hours',
      ],
    ];
    for (const [patch, field, message] of cases) {
      const res = await api.put('/api/settings', { ...valid, ...patch });
      expect(res.statusCode, JSON.stringify(patch).slice(0, 60)).toBe(400);
      expect(res.json().fieldErrors[field]).toContain(message);
    }
    expect((await api.put('/api/settings', [])).statusCode).toBe(400);
    expect((await api.call(settingsApi.get)).json().clockIn).toBe('08:30');
  });
});

describe("the organisation's language in error answers", () => {
  it('is each database’s own: a German organisation in the same process leaves another one English', async () => {
    // Two apps in one process, as the test workers run them (and as the last-known language once
    // leaked: module state, decision 031): the one saved German, the other never saved a language.
    const admin = await t.userClient('admin');
    expect(
      (await admin.api.call(settingsApi.save, { body: { ...valid, defaultLanguage: 'de' } })).statusCode,
    ).toBe(200);
    expect((await admin.api.call(settingsApi.get)).json().defaultLanguage).toBe('de');
    expect((await t.anonymous.get('/api/no-such-thing')).json()).toMatchObject({ message: 'Nicht gefunden' });
    const other = await createTestApp();
    try {
      // no session, no Accept-Language: the organisation's language decides, and this one's is English
      expect((await other.anonymous.get('/api/no-such-thing')).json()).toEqual({
        code: 'not_found',
        message: 'Not found',
      });
    } finally {
      await other.close();
    }
  });
});
