import { createHmac } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authApi } from '@contract/auth';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { outbox, serverSecrets, users, verificationCodes } from '../../db/schema';
import { systemClock } from '../../lib/clock';
import { purgeExpired } from '../../jobs';
import { createTestApp, type TestContext } from '../../test/harness';
import { hashCode } from '../../core/verification-codes';
import {
  GOOD_PASSWORD,
  latestCode,
  type Registration,
  registerAndVerify,
  registration,
} from '../../test/accounts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (body: Registration) => t.anonymous.call(authApi.register, { body });
/** What the contract cannot express: a missing or wrongly typed field, a body that is no object. */
const registerRaw = (body: unknown) => t.anonymous.post('/api/register-with-verification', body);

describe('POST /api/register-with-verification', () => {
  it('creates an unverified, pending account with a lowercased e-mail and mails a 6-character code', async () => {
    const body = registration({ email: 'Mixed.Case@Example.com' });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ email: 'mixed.case@example.com', message: expect.any(String) });
    const [user] = await t.db.select().from(users).where(eq(users.email, 'mixed.case@example.com'));
    expect(user).toMatchObject({ emailVerified: false, approvalStatus: 'pending', role: 'employee' });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    const code = await latestCode(t, 'mixed.case@example.com');
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
    const [stored] = await t.db.select().from(verificationCodes).where(eq(verificationCodes.userId, user.id));
    expect(stored.codeHash).not.toContain(code);
  });

  it('refuses a duplicate e-mail with 409', async () => {
    const body = registration();
    await register(body);
    const again = await register({ ...body, email: body.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('An account with this email already exists');
  });

  it.each([
    [{ firstName: 'A' }, 'firstName', 'First name must be at least 2 characters'],
    [{ firstName: 'A'.repeat(51) }, 'firstName', 'First name too long'],
    [{ firstName: 'R2D2' }, 'firstName', 'First name can only contain letters'],
    [{ lastName: 'B' }, 'lastName', 'Last name must be at least 2 characters'],
    [{ lastName: 'B'.repeat(51) }, 'lastName', 'Last name too long'],
    [{ lastName: 'O-Neil' }, 'lastName', 'Last name can only contain letters'],
    [{ email: 'nope' }, 'email', 'Please enter a valid email address'],
    [{ password: 'Ab1', confirmPassword: 'Ab1' }, 'password', 'Password must be at least 8 characters'],
    [
      { password: 'alllower1', confirmPassword: 'alllower1' },
      'password',
      'Password must contain uppercase, lowercase, and number',
    ],
    [{ confirmPassword: 'Different1' }, 'confirmPassword', "Passwords don't match"],
    [{ role: 'admin' }, 'role', 'Please select a role'],
    [{ role: undefined }, 'role', 'Please select a role'],
  ])('refuses %j with the product message', async (override, field, message) => {
    const res = await registerRaw({ ...registration(), ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[field]).toContain(message);
  });

  it('refuses wrong types and oversized bodies without a 500', async () => {
    expect((await registerRaw({ ...registration(), firstName: 42 })).statusCode).toBe(400);
    expect((await registerRaw([1, 2])).statusCode).toBe(400);
    expect((await register({ ...registration(), inviteCode: 'x'.repeat(100) })).statusCode).toBe(400);
    expect((await register({ ...registration(), firstName: 'a'.repeat(70_000) })).statusCode).toBe(413);
  });

  it('throttles registrations per client address: a parallel burst gets 20 accounts, the rest 429 + Retry-After', async () => {
    const burst = await Promise.all(
      Array.from({ length: 25 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/register-with-verification',
          payload: registration(),
          remoteAddress: '203.0.113.9',
        }),
      ),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    const refused = burst.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(5);
    for (const r of refused) {
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      expect(r.json().message).toMatch(/Too many attempts/);
    }
    // Another address is not affected.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/register-with-verification',
      payload: registration(),
      remoteAddress: '203.0.113.10',
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('refuses an unknown invitation code', async () => {
    const res = await register(registration({ inviteCode: 'NOSUCHCODE' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/invitation code is invalid/);
  });
});

describe('POST /api/verify-email', () => {
  it('verifies with the code; an uninvited account then waits for approval and cannot sign in yet', async () => {
    const { res, email } = await registerAndVerify(t);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'pending', user: null });
    const signIn = await t.anonymous.call(authApi.signIn, { body: { email, password: GOOD_PASSWORD } });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toMatch(/pending admin approval/);
  });

  it('counts wrong tries: 5 at most, then a new code is needed', async () => {
    const body = registration();
    await register(body);
    const code = await latestCode(t, body.email);
    const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    for (let i = 0; i < 5; i++) {
      const res = await t.anonymous.call(authApi.verifyEmail, {
        body: { email: body.email, verificationCode: wrong },
      });
      expect(res.statusCode === 400 || res.statusCode === 429).toBe(true);
    }
    await t.db.delete((await import('../../db/schema')).authThrottle);
    const right = await t.anonymous.call(authApi.verifyEmail, {
      body: { email: body.email, verificationCode: code },
    });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('Too many wrong attempts. Please request a new code.');
    // A resent code works.
    expect(
      (await t.anonymous.call(authApi.resendVerificationFirstPath, { body: { email: body.email } }))
        .statusCode,
    ).toBe(204);
    const fresh = await latestCode(t, body.email);
    const ok = await t.anonymous.call(authApi.verifyEmail, {
      body: { email: body.email, verificationCode: fresh },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('a parallel burst of wrong codes from many addresses uses at most 5 tries of the code', async () => {
    const body = registration();
    await register(body);
    const code = await latestCode(t, body.email);
    const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    const burst = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/verify-email',
          payload: { email: body.email, verificationCode: wrong },
          remoteAddress: `192.0.2.${i + 1}`,
        }),
      ),
    );
    const messages = burst.map((r) => r.json().message);
    expect(messages.filter((m) => m === 'Invalid verification code.')).toHaveLength(5);
    expect(messages.filter((m) => m === 'Too many wrong attempts. Please request a new code.')).toHaveLength(
      10,
    );
    const [user] = await t.db.select().from(users).where(eq(users.email, body.email));
    const [stored] = await t.db.select().from(verificationCodes).where(eq(verificationCodes.userId, user.id));
    expect(stored.attempts).toBe(5);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/verify-email',
      payload: { email: body.email, verificationCode: code },
      remoteAddress: '192.0.2.99',
    });
    expect(right.json().message).toBe('Too many wrong attempts. Please request a new code.');
  });

  it('refuses an expired code, and the old code after a resend', async () => {
    const body = registration();
    await register(body);
    const first = await latestCode(t, body.email);
    await t.anonymous.call(authApi.resendVerificationFirstPath, { body: { email: body.email } });
    const second = await latestCode(t, body.email);
    const old = await t.anonymous.call(authApi.verifyEmail, {
      body: { email: body.email, verificationCode: first },
    });
    expect(old.statusCode).toBe(400);
    await t.db.update(verificationCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await t.anonymous.call(authApi.verifyEmail, {
      body: {
        email: body.email,
        verificationCode: second,
      },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/expired/);
  });

  it('refuses bad input, unknown e-mails and already verified ones', async () => {
    const empty = await t.anonymous.call(authApi.verifyEmail, {
      body: {
        email: 'a@example.com',
        verificationCode: '',
      },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors?.verificationCode).toEqual(['Verification code is required']);
    const long = await t.anonymous.call(authApi.verifyEmail, {
      body: {
        email: 'a@example.com',
        verificationCode: 'ABCDEFG',
      },
    });
    expect(long.statusCode).toBe(400);
    const unknown = await t.anonymous.call(authApi.verifyEmail, {
      body: {
        email: 'ghost@example.com',
        verificationCode: 'ABCDEF',
      },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Invalid verification code.');
    const { body, email } = await registerAndVerify(t);
    const again = await t.anonymous.call(authApi.verifyEmail, {
      body: { email, verificationCode: 'ABCDEF' },
    });
    expect(again.statusCode).toBe(409);
    expect(body).toBeTruthy();
  });
});

describe('POST /api/resend-verification', () => {
  it('answers 204 whether or not the address exists, and throttles floods with 429', async () => {
    expect(
      (await t.anonymous.call(authApi.resendVerificationFirstPath, { body: { email: 'ghost2@example.com' } }))
        .statusCode,
    ).toBe(204);
    expect(
      (await t.anonymous.call(authApi.resendVerificationFirstPath, { body: { email: 'bad' } })).statusCode,
    ).toBe(400);
    let status = 0;
    for (let i = 0; i < 8 && status !== 429; i++) {
      status = (
        await t.anonymous.call(authApi.resendVerificationFirstPath, { body: { email: 'flood@example.com' } })
      ).statusCode;
    }
    expect(status).toBe(429);
  });
});

describe('GET /api/verification-codes', () => {
  it('lists {email, code, timestamp} newest first, searchable by e-mail, in development without sign-in', async () => {
    const body = registration({ email: 'findme.codes@example.com' });
    await register(body);
    const res = await t.anonymous.call(authApi.verificationCodes, { query: { search: 'findme.codes' } });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(1);
    expect(list[0]).toEqual({
      email: 'findme.codes@example.com',
      code: expect.stringMatching(/^\w{6}$/),
      timestamp: expect.any(String),
    });
    expect((await t.anonymous.call(authApi.verificationCodes, { query: { limit: 0 } })).statusCode).toBe(400);
  });

  it('is admin-only in production', async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      expect((await prod.anonymous.call(authApi.verificationCodes)).statusCode).toBe(401);
      const { api: employee } = await prod.userClient('employee');
      expect((await employee.call(authApi.verificationCodes)).statusCode).toBe(403);
      const { api: admin } = await prod.userClient('admin');
      expect((await admin.call(authApi.verificationCodes)).statusCode).toBe(200);
    } finally {
      await prod.close();
    }
  });
});

describe('verification codes at rest', () => {
  const userByEmail = async (email: string) =>
    (await t.db.select().from(users).where(eq(users.email, email.toLowerCase())))[0];
  const mailsTo = (email: string) =>
    t.db.select().from(outbox).where(eq(outbox.toEmail, email.toLowerCase())).orderBy(desc(outbox.createdAt));
  const listed = async (email: string) =>
    (await t.anonymous.call(authApi.verificationCodes, { query: { search: email } })).json();

  it('are an HMAC under a server secret made once and shared by every instance, not under the user id', async () => {
    const body = registration();
    await register(body);
    const code = await latestCode(t, body.email);
    const user = await userByEmail(body.email);
    const [stored] = await t.db.select().from(verificationCodes).where(eq(verificationCodes.userId, user.id));
    const secrets = await t.db.select().from(serverSecrets);
    expect(secrets).toHaveLength(1);
    expect(secrets[0].value).toBe(t.app.deps.secret);
    expect(t.app.deps.secret).toMatch(/^[\w-]{43}$/);
    expect(stored.codeHash).toBe(hashCode(t.app.deps.secret, user.id, code));
    // what anyone who can read a user id could have recomputed before
    expect(stored.codeHash).not.toBe(createHmac('sha256', user.id).update(code).digest('hex'));
    const second = await buildApp({
      database: t.database,
      config: loadConfig({ NODE_ENV: 'test' }),
      logger: false,
    });
    expect(second.deps.secret).toBe(t.app.deps.secret);
    await second.close();
    expect(await t.db.select().from(serverSecrets)).toHaveLength(1);
  });

  it('use WORKBENCH_SECRET instead when the environment sets it', async () => {
    const secret = 'an-operator-chosen-secret-of-forty-chars!';
    const other = await createTestApp({ env: { WORKBENCH_SECRET: secret } });
    try {
      expect(other.app.deps.secret).toBe(secret);
      const { res } = await registerAndVerify(other);
      expect(res.statusCode).toBe(200);
      const stored = await other.db.select({ value: serverSecrets.value }).from(serverSecrets);
      expect(stored.map((r) => r.value)).not.toContain(secret);
    } finally {
      await other.close();
    }
    expect(() => loadConfig({ WORKBENCH_SECRET: 'short' })).toThrow(/WORKBENCH_SECRET/);
  });

  it('leave the outbox once used; the testing page lists only codes that still work', async () => {
    const body = registration();
    await register(body);
    const code = await latestCode(t, body.email);
    expect(await listed(body.email)).toEqual([{ email: body.email, code, timestamp: expect.any(String) }]);
    const ok = await t.anonymous.call(authApi.verifyEmail, {
      body: { email: body.email, verificationCode: code },
    });
    expect(ok.statusCode).toBe(200);
    const [mail] = await mailsTo(body.email);
    expect(mail.text).not.toContain(code);
    expect(mail.text).toContain('[used or expired]');
    expect(JSON.stringify(mail.data)).not.toContain(code);
    expect(await listed(body.email)).toEqual([]);
  });

  it('leave the outbox when replaced by a resend or out of tries', async () => {
    const body = registration();
    await register(body);
    const first = await latestCode(t, body.email);
    await t.anonymous.call(authApi.resendVerificationFirstPath, { body: { email: body.email } });
    const second = await latestCode(t, body.email);
    const [newest, replaced] = await mailsTo(body.email);
    expect(replaced.text).not.toContain(first);
    expect(newest.text).toContain(second);
    expect((await listed(body.email)).map((r) => r.code)).toEqual([second]);
    const wrong = second === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    for (let i = 0; i < 5; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/verify-email',
        payload: { email: body.email, verificationCode: wrong },
        remoteAddress: `198.51.100.${i + 1}`,
      });
    }
    expect((await mailsTo(body.email))[0].text).not.toContain(second);
    expect(await listed(body.email)).toEqual([]);
  });

  it('leave the outbox once expired (hourly housekeeping), and the page stops listing them at once', async () => {
    const body = registration();
    await register(body);
    const code = await latestCode(t, body.email);
    const user = await userByEmail(body.email);
    await t.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.userId, user.id));
    expect(await listed(body.email)).toEqual([]);
    expect((await mailsTo(body.email))[0].text).toContain(code);
    expect((await purgeExpired(t.db, systemClock)).redactedCodes).toBeGreaterThanOrEqual(1);
    expect((await mailsTo(body.email))[0].text).not.toContain(code);
  });
});
