import { INVALID_TIME_ZONE } from '@contract/profile';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, outbox, users } from '../../db/schema';
import { SESSION_COOKIE } from '../../lib/auth';
import { createTestApp, TEST_PASSWORD, type TestContext } from '../../test/harness';
import { deviceName } from './device';

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
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/simple-login',
    payload: { email, password },
    headers: { 'user-agent': userAgent },
  });
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  return `${SESSION_COOKIE}=${cookie?.value}`;
}
const as = (cookie: string) => ({
  get: (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } }),
  post: (url: string, payload: object, userAgent = CHROME_WIN) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie, 'user-agent': userAgent } }),
  patch: (url: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url, payload, headers: { cookie } }),
  put: (url: string, payload: object) => t.app.inject({ method: 'PUT', url, payload, headers: { cookie } }),
  delete: (url: string) => t.app.inject({ method: 'DELETE', url, headers: { cookie } }),
});

describe('profile', () => {
  it('refuses anonymous callers on every route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const res of [
      await t.anonymous.get('/api/profile'),
      await t.anonymous.patch('/api/profile', { firstName: 'Anna' }),
      await t.anonymous.get('/api/profile/sessions'),
      await t.anonymous.delete(`/api/profile/sessions/${id}`),
      await t.anonymous.get('/api/profile/notification-preferences'),
      await t.anonymous.put('/api/profile/notification-preferences', { preferences: [] }),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });

  it('shows and changes one’s own names and time zone, for every role; never the role', async () => {
    for (const role of ['employee', 'manager', 'admin'] as const) {
      const { user, api } = await t.userClient(role);
      expect((await api.get('/api/profile')).json()).toMatchObject({
        id: user.id,
        email: user.email,
        timeZone: null,
      });
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
      expect((await api.get('/api/profile')).json().timeZone).toBe('America/Sao_Paulo');
      // Only what is sent changes; a blank or null zone means the organisation's again.
      expect((await api.patch('/api/profile', { timeZone: '' })).json()).toMatchObject({
        timeZone: null,
        firstName: 'Zoë',
      });
      expect((await api.patch('/api/profile', { timeZone: null })).json().timeZone).toBeNull();
      expect((await api.patch('/api/profile', {})).json().lastName).toBe('de la Cruz');
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
      [{ timeZone: 'Mars/Olympus' }, 'timeZone', INVALID_TIME_ZONE],
      [{ timeZone: 5 }, 'timeZone', INVALID_TIME_ZONE],
      [{ timeZone: 'x'.repeat(65) }, 'timeZone', INVALID_TIME_ZONE],
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
    const list = (await as(windows).get('/api/profile/sessions')).json();
    expect(list).toHaveLength(2);
    const mine = list.find((s: { current: boolean }) => s.current);
    const theirs = list.find((s: { current: boolean }) => !s.current);
    expect(mine).toMatchObject({ device: 'Chrome on Windows', userAgent: CHROME_WIN });
    expect(theirs).toMatchObject({ device: 'Safari on iPhone' });
    expect(Date.parse(theirs.lastSeenAt)).not.toBeNaN();
    // Someone else's session is not found, whoever asks; so is a malformed id.
    expect((await other.api.delete(`/api/profile/sessions/${theirs.id}`)).statusCode).toBe(404);
    expect((await as(windows).delete('/api/profile/sessions/not-a-uuid')).statusCode).toBe(404);
    const otherSession = (await other.api.get('/api/profile/sessions')).json()[0];
    expect((await as(windows).delete(`/api/profile/sessions/${otherSession.id}`)).statusCode).toBe(404);
    expect((await other.api.get('/api/profile')).statusCode).toBe(200);
    const ended = await as(windows).delete(`/api/profile/sessions/${theirs.id}`);
    expect(ended.statusCode).toBe(204);
    expect((await as(phone).get('/api/profile')).statusCode).toBe(401);
    expect((await as(windows).get('/api/profile/sessions')).json()).toHaveLength(1);
    expect((await as(windows).delete(`/api/profile/sessions/${theirs.id}`)).statusCode).toBe(404);
  });

  it('changing the password ends the other sessions; this browser goes on in a new one', async () => {
    const user = await t.createUser('manager');
    const laptop = await signInFrom(user.email, CHROME_WIN);
    const phone = await signInFrom(user.email, SAFARI_IPHONE);
    const res = await as(laptop).post('/api/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Another1pass',
    });
    expect(res.statusCode).toBe(200);
    const fresh = `${SESSION_COOKIE}=${res.cookies.find((c) => c.name === SESSION_COOKIE)?.value}`;
    expect((await as(phone).get('/api/profile')).statusCode).toBe(401);
    const left = (await as(fresh).get('/api/profile/sessions')).json();
    expect(left).toEqual([expect.objectContaining({ current: true, device: 'Chrome on Windows' })]);
    // Wrong current password: 400, and the sessions stay.
    const wrong = await as(fresh).post('/api/change-password', {
      currentPassword: 'nope',
      newPassword: 'Third1pass',
    });
    expect(wrong.statusCode).toBe(400);
    expect((await as(fresh).get('/api/profile')).statusCode).toBe(200);
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
    const before = (await api.get('/api/profile/notification-preferences')).json();
    expect(before.find((p: { kind: string }) => p.kind === 'task_assigned')).toMatchObject({
      channel: 'both',
      label: 'A task was assigned to you',
    });
    expect(before.find((p: { kind: string }) => p.kind === 'task_comment').channel).toBe('app');
    const res = await api.put('/api/profile/notification-preferences', {
      preferences: [
        { kind: 'task_comment', channel: 'both' },
        { kind: 'task_assigned', channel: 'email' },
        { kind: 'task_assigned', channel: 'off' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(after.find((p: { kind: string }) => p.kind === 'task_comment').channel).toBe('both');
    expect(after.find((p: { kind: string }) => p.kind === 'task_assigned').channel).toBe('off');
    expect(after.find((p: { kind: string }) => p.kind === 'task_rework').channel).toBe('both');
    expect((await api.get('/api/profile/notification-preferences')).json()).toEqual(after);
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
    for (const [channel, [inApp, mails]] of Object.entries(expectations)) {
      const employee = await t.userClient('employee');
      await employee.api.put('/api/profile/notification-preferences', {
        preferences: [{ kind: 'task_assigned', channel }],
      });
      await manager.post('/api/tasks', { title: `Pref ${channel}`, assigneeId: employee.user.id });
      const rows = await t.db.select().from(notifications).where(eq(notifications.userId, employee.user.id));
      const queued = await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.toEmail, employee.user.email), eq(outbox.kind, 'notification:task_assigned')));
      expect([rows.length, queued.length], channel).toEqual([inApp, mails]);
    }
  });
});
