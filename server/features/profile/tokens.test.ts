import { and, eq } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authApi } from '@contract/auth';
import { adminApi } from '@contract/admin';
import { apiTokens, auditLog, authThrottle, users } from '../../db/schema';
import { sha256 } from '../../lib/auth';
import { NOT_FOR_TOKENS, profileApi } from '@contract/profile';
import { createTestApp, type TestContext } from '../../test/harness';
import { english } from '../../test/messages';

// Everything the app logs, to prove no token value ever reaches a log line.
const logged: string[] = [];
const stream = new Writable({
  write(chunk, _enc, done) {
    logged.push(String(chunk));
    done();
  },
});

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'info', stream } });
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function tokenFor(
  role: 'employee' | 'manager' | 'admin',
  expiresInDays = 30,
  scope: 'read' | 'write' = 'write',
) {
  const { user, api } = await t.userClient(role);
  const res = await api.call(profileApi.createToken, { body: { name: 'CI script', expiresInDays, scope } });
  expect(res.statusCode).toBe(201);
  return { user, api, created: res.json() as { id: string; token: string; lastFour: string } };
}

describe('personal API tokens', () => {
  it('refuses anonymous callers on every route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const res of [
      await t.anonymous.call(profileApi.tokens),
      await t.anonymous.call(profileApi.createToken, { body: { name: 'x', expiresInDays: 7 } }),
      await t.anonymous.call(profileApi.revokeToken, { params: { id } }),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });

  it('answers the token once, stores only its hash, lists it by its last four characters', async () => {
    for (const role of ['employee', 'manager', 'admin'] as const) {
      const { user, api, created } = await tokenFor(role);
      expect(created.token).toMatch(/^wb_pat_[A-Za-z0-9_-]{43}$/);
      expect(created.lastFour).toBe(created.token.slice(-4));
      const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
      expect(row.tokenHash).toBe(sha256(created.token));
      expect(JSON.stringify(row)).not.toContain(created.token);
      const list = await api.call(profileApi.tokens);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([
        expect.objectContaining({
          id: created.id,
          name: 'CI script',
          lastFour: created.lastFour,
          status: 'active',
        }),
      ]);
      expect(list.body).not.toContain(created.token);
      expect(list.body).not.toContain(row.tokenHash);
      const [entry] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorId, user.id), eq(auditLog.action, 'token_created')));
      expect(entry.details).toMatchObject({ tokenId: created.id, name: 'CI script' });
      expect(JSON.stringify(entry)).not.toContain(created.token);
    }
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const { api } = await t.userClient();
    for (const body of [
      { name: '', expiresInDays: 30 },
      { name: 'x', expiresInDays: 12 },
      { name: 'x' },
      {},
    ]) {
      const res = await api.post('/api/profile/tokens', body);
      expect(res.statusCode).toBe(400);
    }
    // A malformed id names no token, like every id route (docs/product/api-conventions.md).
    expect((await api.delete('/api/profile/tokens/not-a-uuid')).statusCode).toBe(404);
  });

  it('acts with the owner’s role, without a cookie: admin routes only for an admin’s token', async () => {
    const employee = await tokenFor('employee');
    const manager = await tokenFor('manager');
    const admin = await tokenFor('admin');
    const me = await t.anonymous.call(authApi.currentUser, { headers: bearer(employee.created.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: employee.user.id, role: 'employee' });
    expect(me.headers['set-cookie']).toBeUndefined();
    expect(
      (await t.anonymous.call(adminApi.stats, { headers: bearer(employee.created.token) })).statusCode,
    ).toBe(403);
    expect(
      (await t.anonymous.call(adminApi.stats, { headers: bearer(manager.created.token) })).statusCode,
    ).toBe(403);
    expect(
      (await t.anonymous.call(adminApi.audit, { headers: bearer(manager.created.token) })).statusCode,
    ).toBe(403);
    expect(
      (await t.anonymous.call(adminApi.stats, { headers: bearer(admin.created.token) })).statusCode,
    ).toBe(200);
    expect(
      (await t.anonymous.call(adminApi.audit, { headers: bearer(admin.created.token) })).statusCode,
    ).toBe(200);
    // A bearer token is judged alone: an admin's cookie next to an employee's token does not lift it.
    const res = await t.anonymous.call(adminApi.stats, {
      headers: { cookie: admin.api.cookie ?? '', ...bearer(employee.created.token) },
    });
    expect(res.statusCode).toBe(403);
  });

  it('is exempt from the cross-site check: writes with a token from any origin work', async () => {
    const { created } = await tokenFor('employee');
    const res = await t.anonymous.call(profileApi.update, {
      body: { firstName: 'Scripted' },
      headers: {
        ...bearer(created.token),
        origin: 'https://elsewhere.example',
        'sec-fetch-site': 'cross-site',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Scripted' });
    // The same write with a cookie is still refused.
    const { api } = await t.userClient();
    const refused = await api.call(profileApi.update, {
      body: { firstName: 'X' },
      headers: { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('rejects unknown, malformed, revoked and expired tokens, and those of a suspended owner', async () => {
    for (const header of ['Bearer wb_pat_nope', 'Bearer ', 'Basic abc']) {
      const res = await t.anonymous.call(authApi.currentUser, { headers: { authorization: header } });
      expect(res.statusCode).toBe(401);
    }
    const revoked = await tokenFor('employee');
    expect(
      (await revoked.api.call(profileApi.revokeToken, { params: { id: revoked.created.id } })).statusCode,
    ).toBe(204);
    expect(
      (await t.anonymous.call(authApi.currentUser, { headers: bearer(revoked.created.token) })).statusCode,
    ).toBe(401);
    expect((await revoked.api.call(profileApi.tokens)).json()).toEqual([]);
    expect(
      (await revoked.api.call(profileApi.revokeToken, { params: { id: revoked.created.id } })).statusCode,
    ).toBe(404);
    const [revokedEntry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, revoked.user.id), eq(auditLog.action, 'token_revoked')));
    expect(revokedEntry).toBeDefined();

    const expiring = await tokenFor('employee', 7);
    await t.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expiring.created.id));
    expect(
      (await t.anonymous.call(authApi.currentUser, { headers: bearer(expiring.created.token) })).statusCode,
    ).toBe(401);
    expect((await expiring.api.call(profileApi.tokens)).json()).toEqual([
      expect.objectContaining({ id: expiring.created.id, status: 'expired' }),
    ]);

    const owner = await tokenFor('employee');
    const { api: admin } = await t.userClient('admin');
    expect(
      (await t.anonymous.call(authApi.currentUser, { headers: bearer(owner.created.token) })).statusCode,
    ).toBe(200);
    expect(
      (await admin.call(adminApi.suspendUser, { params: { id: owner.user.id }, body: { reason: 'left' } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.anonymous.call(authApi.currentUser, { headers: bearer(owner.created.token) })).statusCode,
    ).toBe(401);
    await t.db.update(users).set({ isActive: true }).where(eq(users.id, owner.user.id));
    expect(
      (await t.anonymous.call(authApi.currentUser, { headers: bearer(owner.created.token) })).statusCode,
    ).toBe(200);
  });

  it('revokes only one’s own tokens: someone else’s is 404 and keeps working', async () => {
    const mine = await tokenFor('employee');
    const { api: other } = await t.userClient('admin');
    expect((await other.call(profileApi.revokeToken, { params: { id: mine.created.id } })).statusCode).toBe(
      404,
    );
    expect(
      (await t.anonymous.call(authApi.currentUser, { headers: bearer(mine.created.token) })).statusCode,
    ).toBe(200);
  });

  it('cannot create another token with a token, and records its last use at most once a minute', async () => {
    const { api, created } = await tokenFor('employee');
    const res = await t.anonymous.call(profileApi.createToken, {
      body: { name: 'child', expiresInDays: 7, scope: 'write' },
      headers: bearer(created.token),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: NOT_FOR_TOKENS, message: english(NOT_FOR_TOKENS) });
    await t.anonymous.call(authApi.currentUser, { headers: bearer(created.token) });
    const [before] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(before.lastUsedAt).not.toBeNull();
    await t.anonymous.call(authApi.currentUser, { headers: bearer(created.token) });
    const [after] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(after.lastUsedAt?.getTime()).toBe(before.lastUsedAt?.getTime());
    const listed = await api.call(profileApi.tokens);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()[0].lastUsedAt).toBe(before.lastUsedAt?.toISOString());
  });

  it('is rate-limited per token with the throttle’s 429 and Retry-After', async () => {
    const { created } = await tokenFor('employee');
    const other = await tokenFor('employee');
    await t.db.insert(authThrottle).values({
      key: `token:${created.id}`,
      failures: 600,
      windowStart: new Date(),
      blockedUntil: new Date(Date.now() + 30_000),
    });
    const res = await t.anonymous.call(authApi.currentUser, { headers: bearer(created.token) });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another token of the same person has its own budget.
    expect(
      (await t.anonymous.call(authApi.currentUser, { headers: bearer(other.created.token) })).statusCode,
    ).toBe(200);
  });

  it('is documented in the OpenAPI document as a bearer security scheme', async () => {
    const doc = (await t.anonymous.get('/api/openapi.json')).json();
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/tasks'].post.security).toEqual([{ session: [] }, { bearer: [] }]);
    // Account security is for sessions only, and says so.
    expect(doc.paths['/api/profile/tokens'].post.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/profile/tokens/{id}'].delete).toBeDefined();
  });

  it('never writes a token value to a log line', async () => {
    const { created } = await tokenFor('employee');
    await t.anonymous.call(authApi.currentUser, { headers: bearer(created.token) });
    await t.anonymous.call(authApi.currentUser, { headers: bearer(`${created.token}x`) });
    const all = logged.join('\n');
    expect(all).toContain('api token created');
    expect(all).not.toContain(created.token);
    expect(all).not.toContain(created.token.slice(7, 30));
  });
});
