import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authApi, type SignInResponse } from '@contract/auth';
import { authThrottle, sessions, users } from '../../db/schema';
import { createTestApp, TEST_PASSWORD, type TestContext } from '../../test/harness';
import { sessionCookie } from '../../test/accounts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, headers?: Record<string, string>) =>
  t.anonymous.call(authApi.signIn, { body: { email, password }, headers });

/** The user a sign-in answers: without a second factor it is never the challenge. */
function signedIn(body: SignInResponse) {
  if ('twoFactorRequired' in body) throw new Error('the sign-in asked for a second factor');
  return body;
}

describe('POST /api/simple-login', () => {
  it('signs in, returns the user record without secrets, and sets an HttpOnly session cookie', async () => {
    const user = await t.createUser('employee');
    const res = await login(user.email.toUpperCase(), TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = signedIn(res.json());
    expect(body).toMatchObject({ id: user.id, email: user.email, role: 'employee', isActive: true });
    expect(body.lastLoginAt).toBeTruthy();
    expect(JSON.stringify(body)).not.toMatch(/"password"|hash|argon/i);
    // the first sign-in has none before it; the next one names the first
    expect(body.previousLoginAt).toBeNull();
    const again = signedIn((await login(user.email, TEST_PASSWORD)).json());
    expect(again.previousLoginAt).toBe(body.lastLoginAt);
    expect(Date.parse(again.lastLoginAt!)).toBeGreaterThanOrEqual(Date.parse(body.lastLoginAt!));
    const cookie = res.cookies.find((c) => c.name === 'wb_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.value).toMatch(/^[\w-]{43}$/);
    // plain HTTP (localhost, a LAN address): a Secure cookie would never come back
    expect(cookie?.secure).toBeUndefined();
  });

  it('marks the cookie Secure when the request came over HTTPS, also in production only by protocol', async () => {
    const behindProxy = await createTestApp({ env: { NODE_ENV: 'production', TRUST_PROXY: 'true' } });
    const direct = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      for (const app of [behindProxy, direct]) {
        const user = await app.createUser('employee');
        const signIn = (headers?: Record<string, string>) =>
          app.anonymous.call(authApi.signIn, {
            body: { email: user.email, password: TEST_PASSWORD },
            headers,
          });
        const cookieOf = (res: Awaited<ReturnType<typeof signIn>>) =>
          res.cookies.find((c) => c.name === 'wb_session');
        const overHttps = await signIn({ 'x-forwarded-proto': 'https' });
        expect(overHttps.statusCode).toBe(200);
        // Only a trusted proxy's word counts: anyone can send the header.
        expect(cookieOf(overHttps)?.secure).toBe(app === behindProxy ? true : undefined);
        expect(cookieOf(await signIn())?.secure).toBeUndefined();
        const logout = await app.anonymous.call(authApi.signOut, {
          headers: {
            cookie: `wb_session=${cookieOf(overHttps)?.value}`,
            'x-forwarded-proto': 'https',
          },
        });
        expect(logout.statusCode).toBe(204);
        expect(cookieOf(logout)?.secure).toBe(app === behindProxy ? true : undefined);
      }
    } finally {
      await behindProxy.close();
      await direct.close();
    }
    // Two production apps, each with its own embedded database: slow on a busy machine.
  }, 120_000);

  it('gives one 401 text for an unknown e-mail and a wrong password', async () => {
    const user = await t.createUser('employee');
    const wrong = await login(user.email, 'Wrong1234');
    const unknown = await login('nobody@example.com', TEST_PASSWORD);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid email or password' });
    expect(unknown.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid email or password' });
  });

  it('says which when the account is unverified, pending, rejected or suspended', async () => {
    const cases = [
      [{ emailVerified: false, approvalStatus: 'pending' as const }, /verify your email/],
      [{ approvalStatus: 'pending' as const }, /pending admin approval/],
      [{ approvalStatus: 'rejected' as const }, /rejected/],
      [{ isActive: false }, /suspended/],
    ] as const;
    for (const [fields, text] of cases) {
      const user = await t.createUser('employee', fields);
      const res = await login(user.email, TEST_PASSWORD);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(text);
      expect(res.cookies.find((c) => c.name === 'wb_session' && c.value)).toBeUndefined();
    }
  });

  it('refuses bad input with the contract messages', async () => {
    const missing = await t.anonymous.post('/api/simple-login', {});
    expect(missing.statusCode).toBe(400);
    const notEmail = await login('not-an-email', 'x');
    expect(notEmail.statusCode).toBe(400);
    expect(notEmail.json().fieldErrors?.email).toEqual(['Please enter a valid email address']);
    const wrongType = await t.anonymous.post('/api/simple-login', { email: 5, password: [] });
    expect(wrongType.statusCode).toBe(400);
    const huge = await login('a@example.com', 'x'.repeat(2000));
    expect(huge.statusCode).toBe(400);
  });

  it('rotates the session: the previous session of the browser ends', async () => {
    const user = await t.createUser('employee');
    const first = sessionCookie(await login(user.email, TEST_PASSWORD));
    const second = await login(user.email, TEST_PASSWORD, { cookie: first as string });
    expect(second.statusCode).toBe(200);
    const old = await t.anonymous.call(authApi.currentUser, { headers: { cookie: first as string } });
    expect(old.statusCode).toBe(401);
    const fresh = await t.anonymous.call(authApi.currentUser, {
      headers: { cookie: sessionCookie(second) as string },
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('throttles repeated failures per account and address with 429 + Retry-After, then lets them retry', async () => {
    const user = await t.createUser('employee');
    const from = {};
    for (let i = 0; i < 5; i++) expect((await login(user.email, 'Wrong1234', from)).statusCode).toBe(401);
    const blocked = await login(user.email, TEST_PASSWORD, from);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().message).toMatch(/Too many attempts/);
    // The block is short: once it passes, the right password works and clears the counter.
    await t.db
      .update(authThrottle)
      .set({ blockedUntil: new Date(Date.now() - 1000) })
      .where(like(authThrottle.key, `login:acct:${user.email}:%`));
    expect((await login(user.email, TEST_PASSWORD, from)).statusCode).toBe(200);
  });

  it('a burst of parallel wrong passwords gets at most 5 evaluated per account and address', async () => {
    const user = await t.createUser('employee');
    const burst = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/simple-login',
          payload: { email: user.email, password: 'Wrong1234' },
          remoteAddress: '198.51.100.7',
        }),
      ),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    for (const r of burst.filter((x) => x.statusCode === 429))
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    const [acct] = await t.db
      .select()
      .from(authThrottle)
      .where(eq(authThrottle.key, `login:acct:${user.email}:198.51.100.7`));
    expect(acct.failures).toBe(5);
    expect(acct.blockedUntil?.getTime()).toBeGreaterThan(Date.now());
  });

  it('counts the attempt before the password check; success clears the account and gives back the address try', async () => {
    const user = await t.createUser('employee');
    const ip = '198.51.100.8';
    const from = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/simple-login',
        payload: { email: user.email, password },
        remoteAddress: ip,
      });
    for (let i = 0; i < 3; i++) expect((await from('Wrong1234')).statusCode).toBe(401);
    expect((await from(TEST_PASSWORD)).statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(authThrottle)
      .where(like(authThrottle.key, `login:%${ip}`));
    expect(rows.map((r) => [r.key, r.failures])).toEqual([[`login:ip:${ip}`, 3]]);
  });
});

describe('GET /api/auth/user and POST /api/logout', () => {
  it('needs a session', async () => {
    const res = await t.anonymous.call(authApi.currentUser);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'not_authenticated', message: 'Not authenticated' });
  });

  it('returns the signed-in user for every role', async () => {
    for (const role of ['employee', 'manager', 'admin'] as const) {
      const { user, api } = await t.userClient(role);
      const res = await api.call(authApi.currentUser);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: user.id, role });
      expect(res.body).not.toMatch(/passwordHash|argon/);
    }
  });

  it('logout ends the session on the server and clears the cookie; anonymous logout is harmless', async () => {
    const { user, api } = await t.userClient('employee');
    const res = await api.call(authApi.signOut);
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'wb_session')?.value).toBe('');
    expect((await api.call(authApi.currentUser)).statusCode).toBe(401);
    const left = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toHaveLength(0);
    expect((await t.anonymous.call(authApi.signOut)).statusCode).toBe(204);
  });

  it('a suspended user loses access at once', async () => {
    const { user, api } = await t.userClient('employee');
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await api.call(authApi.currentUser)).statusCode).toBe(401);
  });
});

describe('JSON bodies', () => {
  it('a POST with a JSON content type and no body counts as no body (the client always sends the type)', async () => {
    const { api } = await t.userClient('employee');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { 'content-type': 'application/json', cookie: api.cookie as string },
    });
    expect(res.statusCode).toBe(204);
    expect((await api.call(authApi.currentUser)).statusCode).toBe(401);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/simple-login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('Malformed JSON in request body');
  });
});
