import { INVALID_RESET_LINK, PASSWORD_RESET_DONE, PASSWORD_RESET_SENT, authApi } from '@contract/auth';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileApi } from '@contract/profile';
import { adminApi } from '@contract/admin';
import { apiTokens, auditLog, outbox, passwordResets, sessions, users } from '../../db/schema';
import { sha256 } from '../../lib/auth';
import type { Clock } from '../../lib/clock';
import { freePort } from '../../test/free-port';
import { createTestApp, TEST_PASSWORD, type TestContext } from '../../test/harness';
import { mailServer, until } from '../../test/smtp';
import { english } from '../../test/messages';

/**
 * Account recovery (docs/product/accounts.md#forgot-password, #verification-codes), through a real
 * SMTP server: the link in the mail works once, for 30 minutes, ends every session and revokes the
 * tokens; the answer never tells whether an address has an account.
 */
const APP_URL = 'https://work.example.test';
let port: number;
let smtp: ReturnType<typeof mailServer>;
let t: TestContext;
let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

beforeAll(async () => {
  port = await freePort();
  smtp = mailServer(port);
  await smtp.start();
  t = await createTestApp({
    clock,
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, APP_URL, TRUST_PROXY: 'true' },
    mail: { pollMs: 100, baseDelayMs: 100, maxDelayMs: 400, leaseMs: 5_000 },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

/** Each test its own client address, so the per-address throttle of one does not reach the next. */
let address = 0;
const from = () => ({ 'x-forwarded-for': `203.0.113.${++address}` });

const resetMails = (email: string) =>
  smtp.to(email).filter((m) => m.subject === 'Choose a new Workbench password');

async function linkMailedTo(email: string, count = 1) {
  expect(await until(() => resetMails(email).length >= count)).toBe(true);
  const mail = resetMails(email)[count - 1];
  const link = /https:\/\/work\.example\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
  expect(link).not.toBeNull();
  return { mail, token: (link as RegExpExecArray)[1] };
}

const request = (email: string, headers = from()) =>
  t.anonymous.call(authApi.requestPasswordReset, { body: { email }, headers });
const confirm = (token: string, password: string, headers = from()) =>
  t.anonymous.call(authApi.confirmPasswordReset, { body: { token, password }, headers });

describe('forgot password', () => {
  it('mails a link that sets a new password once, ends every session and revokes every token', async () => {
    const { user, api } = await t.userClient('employee');
    const created = await api.call(profileApi.createToken, {
      body: {
        name: 'Script',
        expiresInDays: 7,
        scope: 'write',
      },
    });
    expect(created.statusCode).toBe(201);
    const res = await request(user.email);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: english(PASSWORD_RESET_SENT) });
    const { mail, token } = await linkMailedTo(user.email);
    expect(mail.subject).toBe('Choose a new Workbench password');
    // At rest only the hash: the token itself is in no table.
    const [row] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(row.tokenHash).toBe(sha256(token));

    const done = await confirm(token, 'Brand1NewPass');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: english(PASSWORD_RESET_DONE) });
    expect((await api.call(authApi.currentUser)).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    const [tokenRow] = await t.db.select().from(apiTokens).where(eq(apiTokens.userId, user.id));
    expect(tokenRow.revokedAt).not.toBeNull();
    const old = await t.anonymous.call(authApi.signIn, {
      body: { email: user.email, password: TEST_PASSWORD },
      headers: from(),
    });
    expect(old.statusCode).toBe(401);
    const fresh = await t.anonymous.call(authApi.signIn, {
      body: { email: user.email, password: 'Brand1NewPass' },
      headers: from(),
    });
    expect(fresh.statusCode).toBe(200);
    // Used once: the same link again is refused.
    const again = await confirm(token, 'Another1Pass');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(english(INVALID_RESET_LINK));
    // The owner hears of it, and the audit log has it.
    expect(
      await until(() => smtp.to(user.email).some((m) => m.subject?.includes('password was reset'))),
    ).toBe(true);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, user.id), eq(auditLog.action, 'password_reset_by_link')));
    expect(entry.actorId).toBe(user.id);
    // The link left the outbox's copy of the mail once used.
    const [kept] = await t.db
      .select({ text: outbox.text })
      .from(outbox)
      .where(and(eq(outbox.toEmail, user.email), eq(outbox.kind, 'password_reset')));
    expect(kept.text).not.toContain(token);
    expect(kept.text).toContain('token=[used or expired]');
  });

  it('expires after 30 minutes, and a newer link replaces the older', async () => {
    const { user } = await t.userClient('manager');
    await request(user.email);
    const first = await linkMailedTo(user.email, 1);
    await request(user.email);
    const second = await linkMailedTo(user.email, 2);
    expect((await confirm(first.token, 'Replaced1Pass')).statusCode).toBe(400);
    offsetMs = 31 * 60 * 1000;
    try {
      const late = await confirm(second.token, 'TooLate1Pass');
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toBe(english(INVALID_RESET_LINK));
    } finally {
      offsetMs = 0;
    }
  });

  it('answers the same for an unknown address, mails nothing, and throttles per mailbox and client', async () => {
    const unknown = await request('nobody-here@example.com');
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual({ message: english(PASSWORD_RESET_SENT) });
    const { user } = await t.userClient('employee');
    const statuses: number[] = [];
    // From five different addresses: the mailbox's own limit still applies.
    for (let i = 0; i < 7; i++) statuses.push((await request(user.email)).statusCode);
    expect(statuses.slice(0, 5)).toEqual([202, 202, 202, 202, 202]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.to('nobody-here@example.com')).toEqual([]);
  });

  it('refuses bad input with a 400 naming the field, and a weak new password', async () => {
    expect(
      (
        await t.anonymous.call(authApi.requestPasswordReset, {
          body: { email: 'not-an-email' },
          headers: from(),
        })
      ).statusCode,
    ).toBe(400);
    const weak = await confirm('whatever', 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fieldErrors?.password).toBeDefined();
    const unknown = await confirm('a'.repeat(43), 'Valid1Password');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      message: english(INVALID_RESET_LINK),
      fieldErrors: { token: [english(INVALID_RESET_LINK)] },
    });
  });
});

describe('verification codes sent again', () => {
  it('a registrant who left before entering the code gets a new one, and can then sign in once approved', async () => {
    const email = `left-early-${Date.now()}@example.com`;
    const registered = await t.anonymous.call(authApi.register, {
      body: { firstName: 'Lena', lastName: 'Late', email, password: 'Lena1Password', role: 'employee' },
      headers: from(),
    });
    expect(registered.statusCode).toBe(201);
    expect(await until(() => smtp.to(email).length === 1)).toBe(true);
    const blocked = await t.anonymous.call(authApi.signIn, {
      body: { email, password: 'Lena1Password' },
      headers: from(),
    });
    expect(blocked.statusCode).toBe(403);
    // The new path and the first one answer alike (204), for any address.
    expect(
      (await t.anonymous.call(authApi.resendVerification, { body: { email }, headers: from() })).statusCode,
    ).toBe(204);
    expect(
      (
        await t.anonymous.call(authApi.resendVerification, {
          body: { email: 'ghost@example.com' },
          headers: from(),
        })
      ).statusCode,
    ).toBe(204);
    expect(await until(() => smtp.to(email).length === 2)).toBe(true);
    const code = /code is ([A-Z0-9]{6})/.exec(smtp.to(email)[1].text ?? '')?.[1];
    expect(code).toBeDefined();
    const verified = await t.anonymous.call(authApi.verifyEmail, {
      body: { email, verificationCode: code! },
      headers: from(),
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().status).toBe('pending');
  });

  it('an admin sends the code again or marks the address verified (audited); others may not', async () => {
    const { user: admin, api } = await t.userClient('admin');
    const waiting = await t.createUser('employee', { emailVerified: false, approvalStatus: 'pending' });
    for (const role of ['employee', 'manager'] as const) {
      const { api: other } = await t.userClient(role);
      expect((await other.call(adminApi.resendVerification, { params: { id: waiting.id } })).statusCode).toBe(
        403,
      );
      expect((await other.call(adminApi.markEmailVerified, { params: { id: waiting.id } })).statusCode).toBe(
        403,
      );
    }
    expect(
      (await t.anonymous.call(adminApi.markEmailVerified, { params: { id: waiting.id } })).statusCode,
    ).toBe(401);
    expect((await api.call(adminApi.resendVerification, { params: { id: waiting.id } })).statusCode).toBe(
      204,
    );
    expect(await until(() => smtp.to(waiting.email).length === 1)).toBe(true);
    const marked = await api.call(adminApi.markEmailVerified, { params: { id: waiting.id } });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ emailVerified: true, approvalStatus: 'pending' });
    expect((await api.call(adminApi.markEmailVerified, { params: { id: waiting.id } })).statusCode).toBe(409);
    expect((await api.call(adminApi.resendVerification, { params: { id: waiting.id } })).statusCode).toBe(
      409,
    );
    expect(
      (await api.call(adminApi.markEmailVerified, { params: { id: '00000000-0000-4000-8000-000000000000' } }))
        .statusCode,
    ).toBe(404);
    const actions = (
      await t.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.targetUserId, waiting.id))
    ).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['verification_resent', 'email_marked_verified']));
    const [row] = await t.db.select().from(users).where(eq(users.id, waiting.id));
    expect(row.emailVerified).toBe(true);
    expect(admin.role).toBe('admin');
  });
});
