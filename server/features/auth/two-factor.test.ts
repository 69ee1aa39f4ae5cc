import { eq, like } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsApi } from '@contract/settings';
import { profileApi } from '@contract/profile';
import { authApi, type Role } from '@contract/auth';
import { adminApi } from '@contract/admin';
import {
  auditLog,
  authThrottle,
  recoveryCodes,
  twoFactorChallenges,
  twoFactorSecrets,
  users,
} from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { sessionCookie } from '../../test/accounts';
import { createTestApp, TEST_PASSWORD, type TestContext, type TestApi } from '../../test/harness';

// docs/decisions/019-two-factor.md, docs/product/accounts.md#two-factor
const clock = fixedClock('2026-03-02T09:00:00Z');
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const codeAt = (secret: string, at = clock.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at.getTime(),
  });
/** Each accepted code must belong to a later 30-second step than the last one. */
const nextStep = () => clock.advance(30_000);

const challengeCookie = (res: { cookies: { name: string; value: string }[] }) => {
  const c = res.cookies.find((x) => x.name === 'wb_2fa' && x.value);
  return c ? `${c.name}=${c.value}` : undefined;
};

/** Enrols the client's user (or, with `headers`, the session they carry). */
async function enrol(api: TestApi, headers?: Record<string, string>) {
  const setup = await api.call(profileApi.twoFactorSetup, { headers });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  const enable = await api.call(profileApi.twoFactorEnable, { body: { code: codeAt(secret) }, headers });
  expect(enable.statusCode).toBe(200);
  nextStep();
  return { secret, recoveryCodes: enable.json().recoveryCodes };
}

async function enrolledUser(role: 'employee' | 'manager' | 'admin' = 'employee') {
  const { user, api } = await t.userClient(role);
  return { user, api, ...(await enrol(api)) };
}

const password = (email: string, ip = '203.0.113.10') =>
  t.app.inject({
    method: 'POST',
    url: '/api/simple-login',
    payload: { email, password: TEST_PASSWORD },
    remoteAddress: ip,
  });
const secondFactor = (cookie: string | undefined, code: string, ip = '203.0.113.10') =>
  t.app.inject({
    method: 'POST',
    url: '/api/simple-login/2fa',
    payload: { code },
    headers: cookie ? { cookie } : {},
    remoteAddress: ip,
  });

describe('enrolment on /profile', () => {
  it('setup offers a secret, its otpauth URL and an SVG QR code; enable with a right code gives 10 recovery codes once', async () => {
    const { user, api } = await t.userClient('employee');
    const setup = await api.call(profileApi.twoFactorSetup);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrCode } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Workbench:.+secret=/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1], 'base64').toString()).toMatch(/^<svg/);

    // Encrypted at rest: the database never holds the secret in clear.
    const [row] = await t.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, user.id));
    expect(row.pendingSecret).toMatch(/^v1\./);
    expect(row.pendingSecret).not.toContain(secret);

    const wrong = await api.call(profileApi.twoFactorEnable, { body: { code: '000000' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors?.code[0]).toMatch(/not right/);

    const enable = await api.call(profileApi.twoFactorEnable, { body: { code: codeAt(secret) } });
    expect(enable.statusCode).toBe(200);
    const codes: string[] = enable.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
    const stored = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const s of stored) expect(codes.some((c) => s.codeHash.includes(c.replace('-', '')))).toBe(false);

    // After its one showing the secret is never answered again, nor in the user record.
    const me = await api.call(authApi.currentUser);
    expect(me.json()).toMatchObject({ twoFactorEnabled: true, twoFactorSetupRequired: false });
    expect(me.body).not.toContain(secret);
    expect((await api.call(profileApi.get)).body).not.toContain(secret);
    const again = await api.call(profileApi.twoFactorSetup);
    expect(again.statusCode).toBe(409);
    expect(again.body).not.toContain(secret);
    expect((await api.call(profileApi.twoFactorEnable, { body: { code: codeAt(secret) } })).statusCode).toBe(
      409,
    );
    nextStep();
  });

  it('enable without setup, bad input and anonymous callers are refused with 4xx', async () => {
    const { api } = await t.userClient('manager');
    const none = await api.call(profileApi.twoFactorEnable, { body: { code: '123456' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/Start the setup first/);
    expect((await api.post('/api/profile/2fa/enable', {})).statusCode).toBe(400);
    expect((await api.post('/api/profile/2fa/enable', { code: 5 })).statusCode).toBe(400);
    expect((await api.call(profileApi.twoFactorEnable, { body: { code: 'x'.repeat(100) } })).statusCode).toBe(
      400,
    );
    expect((await api.call(profileApi.twoFactorDisable, { body: { code: '123456' } })).statusCode).toBe(409);
    for (const res of [
      await t.anonymous.call(profileApi.twoFactorSetup),
      await t.anonymous.call(profileApi.twoFactorEnable, { body: { code: '123456' } }),
      await t.anonymous.call(profileApi.twoFactorDisable, { body: { code: '123456' } }),
    ])
      expect(res.statusCode).toBe(401);
  });

  it('a new setup replaces an unconfirmed one: only the latest secret enables', async () => {
    const { api } = await t.userClient('employee');
    const first = (await api.call(profileApi.twoFactorSetup)).json().secret;
    const second = (await api.call(profileApi.twoFactorSetup)).json().secret;
    expect(first).not.toBe(second);
    expect((await api.call(profileApi.twoFactorEnable, { body: { code: codeAt(first) } })).statusCode).toBe(
      400,
    );
    expect((await api.call(profileApi.twoFactorEnable, { body: { code: codeAt(second) } })).statusCode).toBe(
      200,
    );
    nextStep();
  });
});

describe('sign-in with a second factor', () => {
  it('without 2FA the password signs in as before', async () => {
    const user = await t.createUser('employee');
    const res = await password(user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, twoFactorEnabled: false, twoFactorSetupRequired: false });
    expect(sessionCookie(res)).toBeTruthy();
    expect(challengeCookie(res)).toBeUndefined();
  });

  it('a right password answers {twoFactorRequired} without a session; a right code completes it', async () => {
    const { user, secret } = await enrolledUser();
    const first = await password(user.email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactorRequired: true });
    expect(sessionCookie(first)).toBeUndefined();
    const cookie = challengeCookie(first);
    expect(cookie).toMatch(/^wb_2fa=[\w-]{43}$/);
    const set = first.cookies.find((c) => c.name === 'wb_2fa');
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/simple-login', maxAge: 300 });

    const done = await secondFactor(cookie, codeAt(secret));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ id: user.id, twoFactorEnabled: true });
    expect(done.json().lastLoginAt).toBeTruthy();
    const session = sessionCookie(done) as string;
    expect((await t.anonymous.call(authApi.currentUser, { headers: { cookie: session } })).statusCode).toBe(
      200,
    );
    // the waiting sign-in is used up
    expect(done.cookies.find((c) => c.name === 'wb_2fa')?.value).toBe('');
    expect(await t.db.$count(twoFactorChallenges, eq(twoFactorChallenges.userId, user.id))).toBe(0);
    nextStep();
    expect((await secondFactor(cookie, codeAt(secret))).statusCode).toBe(401);
  });

  it('a wrong code is 400 and no session; the same TOTP code is never accepted twice', async () => {
    const { user, secret } = await enrolledUser();
    const cookie = challengeCookie(await password(user.email));
    const wrong = await secondFactor(cookie, '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors?.code[0]).toMatch(/not right/);
    expect(sessionCookie(wrong)).toBeUndefined();
    const code = codeAt(secret);
    expect((await secondFactor(cookie, code)).statusCode).toBe(200);
    // replay within the same 30 seconds, from a fresh password entry: said as such, not as a clock problem
    const again = challengeCookie(await password(user.email));
    const replay = await secondFactor(again, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'code_already_used' });
    expect(replay.json().fieldErrors?.code[0]).toBe(
      'That code has just been used. Wait for the next one in your authenticator app.',
    );
    // an older code (the step before) is not accepted after a newer one either
    expect(
      (await secondFactor(again, codeAt(secret, new Date(clock.now().getTime() - 30_000)))).statusCode,
    ).toBe(400);
    nextStep();
    expect((await secondFactor(again, codeAt(secret))).statusCode).toBe(200);
  });

  it('recovery codes sign in once each, in any case and with or without the dash', async () => {
    const { user, recoveryCodes: codes } = await enrolledUser('manager');
    const ok = await secondFactor(challengeCookie(await password(user.email)), codes[0].toLowerCase());
    expect(ok.statusCode).toBe(200);
    const reused = await secondFactor(challengeCookie(await password(user.email)), codes[0]);
    expect(reused.statusCode).toBe(400);
    // a used recovery code is named as one, not answered with the authenticator's clock advice
    expect(reused.json()).toMatchObject({ code: 'recovery_code_used' });
    expect(reused.json().fieldErrors?.code[0]).toMatch(/^That recovery code has already been used/);
    const unknown = await secondFactor(challengeCookie(await password(user.email)), 'ABCDE-FGHJK');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'wrong_recovery_code' });
    expect(unknown.json().fieldErrors?.code[0]).toBe(
      'That is not one of your recovery codes. Check it against the list you saved.',
    );
    // another person's code is not one of yours either
    const other = await enrolledUser();
    const theirs = await secondFactor(challengeCookie(await password(user.email)), other.recoveryCodes[0]);
    expect(theirs.json()).toMatchObject({ code: 'wrong_recovery_code' });
    const noDash = await secondFactor(challengeCookie(await password(user.email)), codes[1].replace('-', ''));
    expect(noDash.statusCode).toBe(200);
    const rows = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(rows.filter((r) => r.usedAt)).toHaveLength(2);
  });

  it('without the cookie, with a forged one or after 5 minutes the step answers 401', async () => {
    const { user, secret } = await enrolledUser();
    expect((await secondFactor(undefined, codeAt(secret))).statusCode).toBe(401);
    expect((await secondFactor('wb_2fa=forged', codeAt(secret))).statusCode).toBe(401);
    const cookie = challengeCookie(await password(user.email));
    clock.advance(5 * 60_000 + 1000);
    const late = await secondFactor(cookie, codeAt(secret));
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toMatch(/expired/);
    expect((await t.anonymous.post('/api/simple-login/2fa', {})).statusCode).toBe(400);
  });

  it('a waiting sign-in allows 5 tries; the codes are throttled like passwords with 429 + Retry-After', async () => {
    const { user, secret } = await enrolledUser();
    const cookie = challengeCookie(await password(user.email, '198.51.100.20'));
    for (let i = 0; i < 5; i++)
      expect((await secondFactor(cookie, '000000', '198.51.100.20')).statusCode).toBe(400);
    // the sixth try of this waiting sign-in: it is gone
    expect((await secondFactor(cookie, codeAt(secret), '198.51.100.20')).statusCode).toBe(401);
    // the account and address are blocked too, so a fresh password entry does not give 5 more
    const fresh = challengeCookie(await password(user.email, '198.51.100.20'));
    const blocked = await secondFactor(fresh, codeAt(secret), '198.51.100.20');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    await t.db
      .update(authThrottle)
      .set({ blockedUntil: new Date(clock.now().getTime() - 1000) })
      .where(like(authThrottle.key, `2fa:acct:${user.email}:%`));
    const after = challengeCookie(await password(user.email, '198.51.100.20'));
    expect((await secondFactor(after, codeAt(secret), '198.51.100.20')).statusCode).toBe(200);
    nextStep();
  });

  it('a burst of parallel guesses gets at most 5 evaluated', async () => {
    const { user } = await enrolledUser();
    const cookie = challengeCookie(await password(user.email, '198.51.100.21'));
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => secondFactor(cookie, '000000', '198.51.100.21')),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.every((s) => s === 400 || s === 401 || s === 429)).toBe(true);
  });
});

describe('turning it off', () => {
  it('needs a right code; then the password alone signs in again', async () => {
    const { user, api, secret } = await enrolledUser();
    expect((await api.call(profileApi.twoFactorDisable, { body: { code: '000000' } })).statusCode).toBe(400);
    const off = await api.call(profileApi.twoFactorDisable, { body: { code: codeAt(secret) } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ twoFactorEnabled: false });
    expect(await t.db.$count(twoFactorSecrets, eq(twoFactorSecrets.userId, user.id))).toBe(0);
    expect(await t.db.$count(recoveryCodes, eq(recoveryCodes.userId, user.id))).toBe(0);
    expect((await password(user.email)).json()).toMatchObject({ id: user.id });
  });

  it('a recovery code also turns it off', async () => {
    const { api, recoveryCodes: codes } = await enrolledUser();
    expect((await api.call(profileApi.twoFactorDisable, { body: { code: codes[4] } })).statusCode).toBe(200);
  });
});

describe('required by role (System Settings)', () => {
  const saveRoles = async (admin: TestApi, twoFactorRoles: Role[]) => {
    const current = (await admin.call(settingsApi.get)).json();
    const res = await admin.call(settingsApi.save, { body: { ...current, twoFactorRoles } });
    expect(res.statusCode).toBe(200);
    return res;
  };

  it('admins choose the roles; the user record tells a user without 2FA to enrol; others keep working', async () => {
    const { api: admin } = await t.userClient('admin');
    const saved = await saveRoles(admin, ['manager', 'manager']);
    const savedBody = saved.json();
    expect(saved.json().twoFactorRoles).toEqual(['manager']);
    expect((await admin.call(settingsApi.get)).json().twoFactorRoles).toEqual(['manager']);
    const bad = await admin.put('/api/settings', { ...savedBody, twoFactorRoles: ['boss'] });
    expect(bad.statusCode).toBe(400);
    const { api: employee } = await t.userClient('employee');
    const refused = await employee.call(settingsApi.save, { body: { ...savedBody, twoFactorRoles: [] } });
    expect(refused.statusCode).toBe(403);

    const manager = await t.createUser('manager');
    const signIn = await password(manager.email);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ twoFactorEnabled: false, twoFactorSetupRequired: true });
    const session = sessionCookie(signIn) as string;
    expect(
      (await t.anonymous.call(authApi.currentUser, { headers: { cookie: session } })).json()
        .twoFactorSetupRequired,
    ).toBe(true);
    const employeeSignIn = await password((await t.createUser('employee')).email);
    expect(employeeSignIn.json().twoFactorSetupRequired).toBe(false);

    // enrolling clears it; a required role may not turn it off
    const { secret } = await enrol(t.anonymous, { cookie: session });
    const me = (await t.anonymous.call(authApi.currentUser, { headers: { cookie: session } })).json();
    expect(me).toMatchObject({ twoFactorEnabled: true, twoFactorSetupRequired: false });
    const off = await t.anonymous.call(profileApi.twoFactorDisable, {
      body: { code: codeAt(secret) },
      headers: { cookie: session },
    });
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toMatch(/requires two-factor/);

    // everyone: all three roles; then back to none
    await saveRoles(admin, ['admin', 'manager', 'employee']);
    expect((await password((await t.createUser('employee')).email)).json().twoFactorSetupRequired).toBe(true);
    await saveRoles(admin, []);
    // a client that does not send the field keeps the saved roles
    await saveRoles(admin, ['employee']);
    const { twoFactorRoles: _left, ...withoutRoles } = (await admin.call(settingsApi.get)).json();
    expect((await admin.call(settingsApi.save, { body: withoutRoles })).json().twoFactorRoles).toEqual([
      'employee',
    ]);
    await saveRoles(admin, []);
  });
});

describe('POST /api/admin/users/{id}/reset-2fa', () => {
  it('removes the authenticator and recovery codes, is audited, and only admins may', async () => {
    const { user, secret } = await enrolledUser();
    const { user: adminUser, api: admin } = await t.userClient('admin');
    for (const role of ['employee', 'manager'] as const) {
      const { api } = await t.userClient(role);
      expect((await api.call(adminApi.resetTwoFactor, { params: { id: user.id } })).statusCode).toBe(403);
    }
    expect((await t.anonymous.call(adminApi.resetTwoFactor, { params: { id: user.id } })).statusCode).toBe(
      401,
    );
    expect((await admin.post('/api/admin/users/not-a-uuid/reset-2fa')).statusCode).toBe(404);
    expect(
      (await admin.call(adminApi.resetTwoFactor, { params: { id: '00000000-0000-4000-8000-000000000000' } }))
        .statusCode,
    ).toBe(404);

    const res = await admin.call(adminApi.resetTwoFactor, { params: { id: user.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, twoFactorEnabled: false });
    expect(res.body).not.toContain(secret);
    // Enrolling was audited as the person's own act, the reset as the admin's.
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetUserId, user.id))
      .orderBy(auditLog.seq);
    expect(entries.map((e) => [e.action, e.actorId])).toEqual([
      ['two_factor_enabled', user.id],
      ['reset_two_factor', adminUser.id],
    ]);
    expect(await t.db.$count(recoveryCodes, eq(recoveryCodes.userId, user.id))).toBe(0);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.twoFactorEnabledAt).toBeNull();
    // the password alone signs in again
    expect((await password(user.email)).json()).toMatchObject({ id: user.id, twoFactorEnabled: false });
    expect((await admin.call(adminApi.resetTwoFactor, { params: { id: user.id } })).statusCode).toBe(409);
  });
});

describe('the secret at rest', () => {
  it('is bound to its user and to the server secret: moved or under another key it is a 409, not a 500', async () => {
    const { user, secret } = await enrolledUser();
    const other = await enrolledUser();
    const [sealed] = await t.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, user.id));
    expect(sealed.secret).not.toContain(secret);
    // Someone with write access to the table copies another user's sealed secret over this one.
    const [theirs] = await t.db
      .select()
      .from(twoFactorSecrets)
      .where(eq(twoFactorSecrets.userId, other.user.id));
    await t.db
      .update(twoFactorSecrets)
      .set({ secret: theirs.secret })
      .where(eq(twoFactorSecrets.userId, user.id));
    const res = await secondFactor(challengeCookie(await password(user.email)), codeAt(other.secret));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Ask an administrator to reset it/);
    expect(sessionCookie(res)).toBeUndefined();
  });
});

describe('secrets stay out of logs', () => {
  it('no request or error log line carries a TOTP secret, code or recovery code', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({
      clock,
      logger: { level: 'trace', stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      const { user, api } = await logged.userClient('employee');
      const { secret } = (await api.call(profileApi.twoFactorSetup)).json();
      const code = codeAt(secret);
      const { recoveryCodes: codes } = (
        await api.call(profileApi.twoFactorEnable, { body: { code } })
      ).json();
      const first = await logged.anonymous.call(authApi.signIn, {
        body: {
          email: user.email,
          password: TEST_PASSWORD,
        },
      });
      await logged.anonymous.call(authApi.signInSecondFactor, {
        body: { code: codes[0] },
        headers: { cookie: challengeCookie(first) as string },
      });
      const text = lines.join('');
      expect(text).toContain('/api/simple-login/2fa');
      for (const s of [secret, code, ...codes]) expect(text).not.toContain(s);
    } finally {
      await logged.close();
    }
  }, 60_000);
});
