import { INVALID_TIME_ZONE, profileApi } from '@contract/profile';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authApi } from '@contract/auth';
import type { RequestOf } from '@contract/endpoint';
import { tasksApi } from '@contract/tasks';
import { notifications, outbox, users } from '../../db/schema';
import { SESSION_COOKIE } from '../../lib/auth';
import { createTestApp, TEST_PASSWORD, type TestContext } from '../../test/harness';
import { deviceName } from './device';
import { english } from '../../test/messages';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CHROME_WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** Signs in through the real endpoint from a given browser; returns the session cookie. */
async function signInFrom(email: string, userAgent: string, password = TEST_PASSWORD) {
  const res = await t.anonymous.call(authApi.signIn, {
    body: { email, password },
    headers: { 'user-agent': userAgent },
  });
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  return `${SESSION_COOKIE}=${cookie?.value}`;
}
/** Calls with a session cookie got through the real sign-in (changes from Chrome on Windows). */
const as = (cookie: string) => ({
  profile: () => t.anonymous.call(profileApi.get, { headers: { cookie } }),
  sessions: () => t.anonymous.call(profileApi.sessions, { headers: { cookie } }),
  endSession: (id: string) =>
    t.anonymous.call(profileApi.endSession, { params: { id }, headers: { cookie } }),
  changePassword: (body: RequestOf<typeof authApi.changePassword>['body']) =>
    t.anonymous.call(authApi.changePassword, { body, headers: { cookie, 'user-agent': CHROME_WIN } }),
});

describe('profile', () => {
  it('refuses anonymous callers on every route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const res of [
      await t.anonymous.call(profileApi.get),
      await t.anonymous.call(profileApi.update, { body: { firstName: 'Anna' } }),
      await t.anonymous.call(profileApi.sessions),
      await t.anonymous.call(profileApi.endSession, { params: { id } }),
      await t.anonymous.call(profileApi.preferences),
      await t.anonymous.call(profileApi.putPreferences, { body: { preferences: [] } }),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });

  it('shows and changes one’s own names and time zone, for every role; never the role', async () => {
    for (const role of ['employee', 'manager', 'admin'] as const) {
      const { user, api } = await t.userClient(role);
      expect((await api.call(profileApi.get)).json()).toMatchObject({
        id: user.id,
        email: user.email,
        timeZone: null,
      });
      // A role and an e-mail address are no fields of the profile: sent raw, and ignored.
      const res = await api.patch('/api/profile', {
        firstName: '  Zoë ',
        lastName: 'de la Cruz',
        timeZone: 'America/Sao_Paulo',
        role: 'admin',
        email: 'taken@example.com',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        firstName: 'Zoë',
        lastName: 'de la Cruz',
        timeZone: 'America/Sao_Paulo',
        role,
      });
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({ firstName: 'Zoë', role, email: user.email, timeZone: 'America/Sao_Paulo' });
      expect((await api.call(profileApi.get)).json().timeZone).toBe('America/Sao_Paulo');
      // Only what is sent changes; a blank or null zone means the organisation's again.
      expect((await api.call(profileApi.update, { body: { timeZone: '' } })).json()).toMatchObject({
        timeZone: null,
        firstName: 'Zoë',
      });
      expect((await api.call(profileApi.update, { body: { timeZone: null } })).json().timeZone).toBeNull();
      expect((await api.call(profileApi.update, { body: {} })).json().lastName).toBe('de la Cruz');
    }
  });

  it('refuses bad names and unknown time zones with the registration’s messages', async () => {
    const { api, user } = await t.userClient();
    const cases: [object, string, string][] = [
      [{ firstName: 'A' }, 'firstName', 'First name must be at least 2 characters'],
      [{ firstName: '   ' }, 'firstName', 'First name must be at least 2 characters'],
      [{ lastName: 'R2D2' }, 'lastName', 'Last name can only contain letters'],
      [{ lastName: 'x'.repeat(51) }, 'lastName', 'Last name too long'],
      [{ firstName: 42 }, 'firstName', 'First name must be at least 2 characters'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone', english(INVALID_TIME_ZONE)],
      [{ timeZone: 5 }, 'timeZone', english(INVALID_TIME_ZONE)],
      [{ timeZone: 'x'.repeat(65) }, 'timeZone', english(INVALID_TIME_ZONE)],
    ];
    for (const [body, field, message] of cases) {
      const res = await api.patch('/api/profile', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors[field]).toContain(message);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.firstName).toBe(user.firstName);
  });
});

describe('sessions', () => {
  it('lists one’s own sessions with device and last seen; ends another one, which signs that device out', async () => {
    const user = await t.createUser('employee');
    const windows = await signInFrom(user.email, CHROME_WIN);
    const phone = await signInFrom(user.email, SAFARI_IPHONE);
    const other = await t.userClient('employee');
    const list = (await as(windows).sessions()).json();
    expect(list).toHaveLength(2);
    const mine = list.find((s) => s.current)!;
    const theirs = list.find((s) => !s.current)!;
    expect(mine).toMatchObject({ device: 'Chrome on Windows', userAgent: CHROME_WIN });
    expect(theirs).toMatchObject({ device: 'Safari on iPhone' });
    expect(Date.parse(theirs.lastSeenAt)).not.toBeNaN();
    // Someone else's session is not found, whoever asks; so is a malformed id.
    expect((await other.api.call(profileApi.endSession, { params: { id: theirs.id } })).statusCode).toBe(404);
    expect(
      (await t.anonymous.delete('/api/profile/sessions/not-a-uuid', { cookie: windows })).statusCode,
    ).toBe(404);
    const otherSession = (await other.api.call(profileApi.sessions)).json()[0];
    expect((await as(windows).endSession(otherSession.id)).statusCode).toBe(404);
    expect((await other.api.call(profileApi.get)).statusCode).toBe(200);
    const ended = await as(windows).endSession(theirs.id);
    expect(ended.statusCode).toBe(204);
    expect((await as(phone).profile()).statusCode).toBe(401);
    expect((await as(windows).sessions()).json()).toHaveLength(1);
    expect((await as(windows).endSession(theirs.id)).statusCode).toBe(404);
  });

  it('changing the password ends the other sessions; this browser goes on in a new one', async () => {
    const user = await t.createUser('manager');
    const laptop = await signInFrom(user.email, CHROME_WIN);
    const phone = await signInFrom(user.email, SAFARI_IPHONE);
    const res = await as(laptop).changePassword({
      currentPassword: TEST_PASSWORD,
      newPassword: 'Another1pass',
    });
    expect(res.statusCode).toBe(200);
    const fresh = `${SESSION_COOKIE}=${res.cookies.find((c) => c.name === SESSION_COOKIE)?.value}`;
    expect((await as(phone).profile()).statusCode).toBe(401);
    const left = (await as(fresh).sessions()).json();
    expect(left).toEqual([expect.objectContaining({ current: true, device: 'Chrome on Windows' })]);
    // Wrong current password: 400, and the sessions stay.
    const wrong = await as(fresh).changePassword({
      currentPassword: 'nope',
      newPassword: 'Third1pass',
    });
    expect(wrong.statusCode).toBe(400);
    expect((await as(fresh).profile()).statusCode).toBe(200);
  });

  it('names devices from their User-Agent', () => {
    expect(deviceName(CHROME_WIN)).toBe('Chrome on Windows');
    expect(deviceName(SAFARI_IPHONE)).toBe('Safari on iPhone');
    expect(deviceName('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe(
      'Firefox on Linux',
    );
    expect(
      deviceName(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge on macOS');
    expect(deviceName('curl/8.5.0')).toBe('curl');
    expect(deviceName(null)).toBe('Unknown device');
  });
});

describe('notification preferences', () => {
  it('starts from each kind’s default and saves the kinds sent; the rest keep theirs', async () => {
    const { api } = await t.userClient();
    const before = (await api.call(profileApi.preferences)).json();
    expect(before.find((p) => p.kind === 'task_assigned')).toMatchObject({
      channel: 'both',
      label: 'A task was assigned to you',
    });
    expect(before.find((p) => p.kind === 'task_comment')!.channel).toBe('app');
    const res = await api.call(profileApi.putPreferences, {
      body: {
        preferences: [
          { kind: 'task_comment', channel: 'both' },
          { kind: 'task_assigned', channel: 'email' },
          { kind: 'task_assigned', channel: 'off' },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(after.find((p) => p.kind === 'task_comment')!.channel).toBe('both');
    expect(after.find((p) => p.kind === 'task_assigned')!.channel).toBe('off');
    expect(after.find((p) => p.kind === 'task_rework')!.channel).toBe('both');
    expect((await api.call(profileApi.preferences)).json()).toEqual(after);
  });

  it('refuses bad preferences with 400', async () => {
    const { api } = await t.userClient();
    for (const body of [
      {},
      { preferences: [] },
      { preferences: 'all' },
      { preferences: [{ kind: 'task_assigned', channel: 'sms' }] },
      { preferences: [{ kind: 'nope', channel: 'app' }] },
      { preferences: [{ kind: 'task_assigned' }] },
    ]) {
      expect(
        (await api.put('/api/profile/notification-preferences', body)).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    }
  });

  it('is honoured when notifying: off, app only, e-mail only, both', async () => {
    const { api: manager } = await t.userClient('manager');
    const expectations = { off: [0, 0], app: [1, 0], email: [0, 1], both: [1, 1] } as const;
    for (const channel of ['off', 'app', 'email', 'both'] as const) {
      const [inApp, mails] = expectations[channel];
      const employee = await t.userClient('employee');
      await employee.api.call(profileApi.putPreferences, {
        body: { preferences: [{ kind: 'task_assigned', channel }] },
      });
      await manager.call(tasksApi.create, {
        body: { title: `Pref ${channel}`, assigneeId: employee.user.id },
      });
      const rows = await t.db.select().from(notifications).where(eq(notifications.userId, employee.user.id));
      const queued = await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.toEmail, employee.user.email), eq(outbox.kind, 'notification:task_assigned')));
      expect([rows.length, queued.length], channel).toEqual([inApp, mails]);
    }
  });
});
