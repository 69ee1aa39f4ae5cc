import { fillPath } from '@contract/endpoint';
import { NOT_FOR_TOKENS, READ_ONLY_TOKEN, profileApi } from '@contract/profile';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timersApi } from '@contract/timers';
import { timeEntriesApi } from '@contract/time-entries';
import { tasksApi } from '@contract/tasks';
import { authApi } from '@contract/auth';
import { adminApi } from '@contract/admin';
import WebSocket from 'ws';
import { apiTokens, auditLog } from '../../db/schema';
import { contractEndpoints } from '../../test/contract-endpoints';
import { createTestApp, TEST_PASSWORD, type TestContext } from '../../test/harness';
import { english } from '../../test/messages';

/**
 * A personal API token is for the API, not for the account behind it
 * (docs/product/profile.md#api-tokens): account security is for sessions only, a read-only token
 * only reads, and a password change can revoke the tokens (a reset always does).
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function tokenOf(role: 'employee' | 'manager' | 'admin', scope: 'read' | 'write') {
  const { user, api } = await t.userClient(role);
  const res = await api.call(profileApi.createToken, {
    body: { name: `${scope} script`, expiresInDays: 30, scope },
  });
  expect(res.statusCode).toBe(201);
  expect(res.json().scope).toBe(scope);
  return { user, api, token: res.json().token as string, id: res.json().id as string };
}

describe('account security refuses API tokens', () => {
  const sessionOnly = contractEndpoints().filter((e) => e.sessionOnly);

  it('marks the account-security endpoints (2FA, password, sessions, tokens, SSO, roles, a person’s data)', () => {
    const paths = sessionOnly.map((e) => `${e.method} ${e.path}`);
    for (const expected of [
      'POST /api/profile/2fa/setup',
      'POST /api/profile/2fa/enable',
      'POST /api/profile/2fa/disable',
      'GET /api/profile/sessions',
      'DELETE /api/profile/sessions/{id}',
      'POST /api/change-password',
      'POST /api/profile/tokens',
      'PUT /api/admin/sso',
      'PATCH /api/admin/users/{id}/role',
      'GET /api/admin/users/{id}/export',
    ]) {
      expect(paths).toContain(expected);
    }
  });

  it('answers every one of them 403 "Not available to API tokens", even to an admin’s write token', async () => {
    const { token } = await tokenOf('admin', 'write');
    const wrong: string[] = [];
    for (const endpoint of sessionOnly) {
      const params = Object.fromEntries(
        Object.keys(endpoint.params?.shape ?? {}).map((k) => [k, '00000000-0000-4000-8000-000000000000']),
      );
      const res = await t.app.inject({
        method: endpoint.method,
        url: fillPath(endpoint.path, params),
        headers: bearer(token),
        payload: endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : {},
      });
      if (res.statusCode !== 403 || res.json().message !== english(NOT_FOR_TOKENS)) {
        wrong.push(`${endpoint.method} ${endpoint.path}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('so a token cannot take over its owner’s sign-in: no 2FA, no session ended, no password changed', async () => {
    const { user, api, token } = await tokenOf('employee', 'write');
    const sessionId = (await api.call(profileApi.sessions)).json()[0].id;
    expect((await t.anonymous.call(profileApi.twoFactorSetup, { headers: bearer(token) })).statusCode).toBe(
      403,
    );
    expect(
      (await t.anonymous.call(profileApi.endSession, { params: { id: sessionId }, headers: bearer(token) }))
        .statusCode,
    ).toBe(403);
    const change = await t.anonymous.call(authApi.changePassword, {
      body: { currentPassword: TEST_PASSWORD, newPassword: 'Hijacked1Pass' },
      headers: bearer(token),
    });
    expect(change.statusCode).toBe(403);
    // The session still works and the password is unchanged.
    expect((await api.call(authApi.currentUser)).statusCode).toBe(200);
    const signIn = await t.anonymous.call(authApi.signIn, {
      body: {
        email: user.email,
        password: TEST_PASSWORD,
      },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('refuses a bearer token at the WebSocket upgrade (before, it was dropped at the first heartbeat)', async () => {
    const { token } = await tokenOf('employee', 'read');
    const status = await new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(`${t.base.replace('http', 'ws')}/api/ws`, { headers: bearer(token) });
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.once('open', () => reject(new Error('the socket opened')));
      ws.once('error', reject);
    });
    expect(status).toBe(403);
  });
});

describe('token scopes', () => {
  it('a read-only token reads everything its owner may, and every write is 403', async () => {
    const { token } = await tokenOf('manager', 'read');
    expect((await t.anonymous.call(tasksApi.list, { headers: bearer(token) })).statusCode).toBe(200);
    expect((await t.anonymous.call(timeEntriesApi.list, { headers: bearer(token) })).statusCode).toBe(200);
    const headers = bearer(token);
    for (const [endpoint, write] of [
      [
        tasksApi.create,
        () => t.anonymous.call(tasksApi.create, { body: { title: 'From a script' }, headers }),
      ],
      [
        profileApi.update,
        () => t.anonymous.call(profileApi.update, { body: { firstName: 'Scripted' }, headers }),
      ],
      [timersApi.start, () => t.anonymous.call(timersApi.start, { body: {}, headers })],
      [
        timeEntriesApi.remove,
        () =>
          t.anonymous.call(timeEntriesApi.remove, {
            params: { id: '00000000-0000-4000-8000-000000000000' },
            headers,
          }),
      ],
    ] as const) {
      const res = await write();
      expect(res.statusCode, `${endpoint.method} ${endpoint.path}`).toBe(403);
      expect(res.json()).toEqual({ code: READ_ONLY_TOKEN, message: english(READ_ONLY_TOKEN) });
    }
  });

  it('a write token writes with its owner’s role', async () => {
    const { token } = await tokenOf('manager', 'write');
    const res = await t.anonymous.call(tasksApi.create, {
      body: { title: 'From a script' },
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(201);
  });

  it('is chosen at creation (read by default), listed, and recorded in the audit log', async () => {
    const { user, api } = await t.userClient('employee');
    const plain = await api.call(profileApi.createToken, { body: { name: 'Default', expiresInDays: 7 } });
    expect(plain.json().scope).toBe('read');
    expect(
      (await api.post('/api/profile/tokens', { name: 'x', expiresInDays: 7, scope: 'admin' })).statusCode,
    ).toBe(400);
    expect((await api.call(profileApi.tokens)).json()).toEqual([expect.objectContaining({ scope: 'read' })]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, user.id), eq(auditLog.action, 'token_created')));
    expect(entry.details).toMatchObject({ scope: 'read' });
  });
});

describe('a password change and the tokens', () => {
  const live = async (userId: string) =>
    t.db
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));

  it('keeps the tokens unless asked, revokes them all when asked', async () => {
    const { user, api, token } = await tokenOf('employee', 'write');
    const kept = await api.call(authApi.changePassword, {
      body: {
        currentPassword: TEST_PASSWORD,
        newPassword: 'Second2Pass',
      },
    });
    expect(kept.statusCode).toBe(200);
    expect(await live(user.id)).toHaveLength(1);
    expect((await t.anonymous.call(authApi.currentUser, { headers: bearer(token) })).statusCode).toBe(200);
    const session = await t.signIn(user);
    const revoked = await session.call(authApi.changePassword, {
      body: {
        currentPassword: 'Second2Pass',
        newPassword: 'Third3Pass',
        revokeTokens: true,
      },
    });
    expect(revoked.statusCode).toBe(200);
    expect(await live(user.id)).toHaveLength(0);
    expect((await t.anonymous.call(authApi.currentUser, { headers: bearer(token) })).statusCode).toBe(401);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, user.id), eq(auditLog.action, 'password_changed')))
      .orderBy(auditLog.seq)
      .offset(1);
    expect(entry.details).toMatchObject({ tokensRevoked: 1 });
  });

  it('an admin’s reset to a temporary password always revokes them', async () => {
    const { user, token } = await tokenOf('employee', 'read');
    const { api: admin } = await t.userClient('admin');
    expect((await admin.call(adminApi.resetPassword, { params: { id: user.id } })).statusCode).toBe(200);
    expect(await live(user.id)).toHaveLength(0);
    expect((await t.anonymous.call(authApi.currentUser, { headers: bearer(token) })).statusCode).toBe(401);
  });
});
