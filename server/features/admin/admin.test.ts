import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint, RequestOf } from '@contract/endpoint';
import { usersApi } from '@contract/users';
import { authApi } from '@contract/auth';
import { alertsApi } from '@contract/alerts';
import { adminApi } from '@contract/admin';
import {
  attendanceRecords,
  auditLog,
  conversationParticipants,
  conversations,
  sessions,
  users,
} from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { createTestApp, type TestContext, type TestApi } from '../../test/harness';
import { registerAndVerify } from '../../test/accounts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ID = '00000000-0000-4000-8000-000000000000';

describe('admin routes: roles', () => {
  /** An endpoint and what to send it, named "METHOD /path". */
  const route = <E extends Endpoint>(
    endpoint: E,
    input: RequestOf<E> & { headers?: Record<string, string> },
  ) => ({
    name: `${endpoint.method} ${endpoint.path}`,
    send: (api: TestApi) => api.call(endpoint, input),
  });
  const params = { id: ID };
  const routes = [
    route(adminApi.pendingUsers, {}),
    route(adminApi.approveUser, { params, body: { approved: true } }),
    route(adminApi.rejectUser, { params, body: {} }),
    route(adminApi.allUsers, {}),
    route(adminApi.stats, {}),
    route(adminApi.suspendUser, { params, body: { reason: 'x' } }),
    route(adminApi.activateUser, { params }),
    route(adminApi.resetPassword, { params }),
    route(adminApi.invitations, {}),
    route(adminApi.invite, { body: { email: 'x@example.com', role: 'employee' } }),
  ];
  it.each(routes)('$name: 401 anonymous, 403 employee and manager', async ({ send }) => {
    expect((await send(t.anonymous)).statusCode).toBe(401);
    for (const role of ['employee', 'manager'] as const) {
      const { api } = await t.userClient(role);
      expect((await send(api)).statusCode).toBe(403);
    }
  });
});

describe('approvals', () => {
  it('lists verified pending registrations; approving joins General, writes the audit log and lets the user in', async () => {
    const { api: admin, user: adminUser } = await t.userClient('admin');
    const { email } = await registerAndVerify(t, { role: 'manager' });
    const unverified = await t.createUser('employee', { approvalStatus: 'pending', emailVerified: false });
    const list = (await admin.call(adminApi.pendingUsers)).json();
    const mine = list.find((u) => u.email === email)!;
    expect(mine).toMatchObject({
      role: 'manager',
      inviteCode: null,
      emailVerified: true,
      registeredAt: expect.any(String),
    });
    expect(list.some((u) => u.id === unverified.id)).toBe(false);
    expect(JSON.stringify(list)).not.toMatch(/password|hash/i);

    const res = await admin.call(adminApi.approveUser, { params: { id: mine.id }, body: { approved: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: mine.id, approvalStatus: 'approved' });
    const [general] = await t.db.select().from(conversations).where(eq(conversations.isGeneral, true));
    const member = await t.db
      .select()
      .from(conversationParticipants)
      .where(
        and(
          eq(conversationParticipants.conversationId, general.id),
          eq(conversationParticipants.userId, mine.id),
        ),
      );
    expect(member).toHaveLength(1);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.targetUserId, mine.id));
    expect(entry).toMatchObject({ actorId: adminUser.id, action: 'approve' });
    const login = await t.anonymous.call(authApi.signIn, { body: { email, password: 'Secret123' } });
    expect(login.statusCode).toBe(200);
    // A second decision on the same registration is a state refusal.
    expect(
      (await admin.call(adminApi.approveUser, { params: { id: mine.id }, body: { approved: true } }))
        .statusCode,
    ).toBe(409);
    expect((await admin.call(adminApi.rejectUser, { params: { id: mine.id }, body: {} })).statusCode).toBe(
      409,
    );
  });

  it('refuses an unverified registration, unknown ids and bad ids', async () => {
    const { api: admin } = await t.userClient('admin');
    const unverified = await t.createUser('employee', { approvalStatus: 'pending', emailVerified: false });
    expect(
      (await admin.call(adminApi.approveUser, { params: { id: unverified.id }, body: { approved: true } }))
        .statusCode,
    ).toBe(409);
    expect(
      (await admin.call(adminApi.approveUser, { params: { id: ID }, body: { approved: true } })).statusCode,
    ).toBe(404);
    // A path id that is not a UUID names nothing: 404 like an unknown one (server/lib/errors.ts).
    expect((await admin.post('/api/admin/approve-user/not-a-uuid', { approved: true })).statusCode).toBe(404);
    expect(
      (await admin.post(`/api/admin/approve-user/${unverified.id}`, { approved: 'yes' })).statusCode,
    ).toBe(400);
  });

  it('rejects with an optional reason; the user is told at sign-in', async () => {
    const { api: admin } = await t.userClient('admin');
    const { email } = await registerAndVerify(t);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    const res = await admin.call(adminApi.rejectUser, {
      params: { id: row.id },
      body: { reason: 'Not on the team' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().approvalStatus).toBe('rejected');
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.targetUserId, row.id));
    expect(entry).toMatchObject({ action: 'reject', details: { reason: 'Not on the team' } });
    const login = await t.anonymous.call(authApi.signIn, { body: { email, password: 'Secret123' } });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toMatch(/rejected/);
    const tooLong = await admin.call(adminApi.rejectUser, {
      params: { id: row.id },
      body: { reason: 'x'.repeat(501) },
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('approve-user with approved:false rejects', async () => {
    const { api: admin } = await t.userClient('admin');
    const { email } = await registerAndVerify(t);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    const res = await admin.call(adminApi.approveUser, { params: { id: row.id }, body: { approved: false } });
    expect(res.json().approvalStatus).toBe('rejected');
  });
});

describe('user administration', () => {
  it('lists all users without secrets, searchable and paged', async () => {
    const { api: admin } = await t.userClient('admin');
    await t.createUser('employee', { firstName: 'Searchable', lastName: 'Person' });
    const res = await admin.call(adminApi.allUsers);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/passwordHash|argon|"password"/);
    const found = (await admin.call(adminApi.allUsers, { query: { search: 'searchABLE' } })).json();
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ firstName: 'Searchable', suspendedReason: null });
    const page1 = (await admin.call(adminApi.allUsers, { query: { limit: 2 } })).json();
    const page2 = (await admin.call(adminApi.allUsers, { query: { limit: 2, before: page1[1].id } })).json();
    expect(page2[0].id).not.toBe(page1[0].id);
    expect(page2[0].id).not.toBe(page1[1].id);
    expect((await admin.call(adminApi.allUsers, { query: { limit: 501 } })).statusCode).toBe(400);
  });

  it('counts users in SQL for the stat cards', async () => {
    const fresh = await createTestApp();
    try {
      const { api: admin } = await fresh.userClient('admin');
      await fresh.createUser('employee');
      await fresh.createUser('manager', { isActive: false });
      await fresh.createUser('employee', { approvalStatus: 'pending' });
      await fresh.createUser('employee', { approvalStatus: 'pending', emailVerified: false });
      const res = await admin.call(adminApi.stats);
      expect(res.json()).toEqual({
        totalUsers: 5,
        pendingApprovals: 1,
        activeUsers: 2,
        admins: 1,
        managers: 1,
        employees: 3,
        systemAlerts: 0,
      });
    } finally {
      await fresh.close();
    }
  });

  it('counts pending approvals and system alerts in full, past the lists’ 500-row cap', async () => {
    const fresh = await createTestApp({ clock: fixedClock('2025-06-12T12:00:00Z') });
    try {
      const { api: admin } = await fresh.userClient('admin');
      const pending = Array.from({ length: 503 }, (_, i) => ({
        email: `pending${i}@example.com`,
        passwordHash: 'x',
        firstName: 'Pat',
        lastName: 'Pending',
        role: 'employee' as const,
        approvalStatus: 'pending' as const,
        emailVerified: true,
      }));
      await fresh.db.insert(users).values(pending);
      // One late arrival (09:30 UTC, the default zone) per user on each of three days: 3 × 170 alerts.
      const late = await fresh.db
        .insert(users)
        .values(
          pending
            .slice(0, 170)
            .map((u, i) => ({ ...u, email: `late${i}@example.com`, approvalStatus: 'approved' as const })),
        )
        .returning({ id: users.id });
      const records = ['2025-06-10', '2025-06-11', '2025-06-12'].flatMap((date) =>
        late.map(({ id }) => ({
          userId: id,
          date,
          clockIn: new Date(`${date}T09:30:00Z`),
          clockOut: new Date(`${date}T11:00:00Z`),
          totalHours: 1.5,
          status: 'late' as const,
        })),
      );
      await fresh.db.insert(attendanceRecords).values(records);

      expect((await admin.call(adminApi.pendingUsers)).json()).toHaveLength(500);
      expect((await admin.call(alertsApi.everyone)).json()).toHaveLength(500);
      const stats = (await admin.call(adminApi.stats)).json();
      expect(stats).toMatchObject({ pendingApprovals: 503, systemAlerts: 510 });
    } finally {
      await fresh.close();
    }
  });

  it('suspends with a reason (ending live sessions) and activates; never an admin', async () => {
    const { api: admin, user: adminUser } = await t.userClient('admin');
    const { user, api: victim } = await t.userClient('employee');
    expect((await victim.call(authApi.currentUser)).statusCode).toBe(200);
    const missing = await admin.post(`/api/admin/suspend-user/${user.id}`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors.reason).toEqual(['Please give a reason for the suspension']);
    const res = await admin.call(adminApi.suspendUser, {
      params: { id: user.id },
      body: {
        suspended: true,
        reason: 'Left the company',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isActive: false, suspendedReason: 'Left the company' });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect((await victim.call(authApi.currentUser)).statusCode).toBe(401);
    expect(
      (await admin.call(adminApi.suspendUser, { params: { id: user.id }, body: { reason: 'again' } }))
        .statusCode,
    ).toBe(409);
    const activated = await admin.call(adminApi.activateUser, { params: { id: user.id } });
    expect(activated.json()).toMatchObject({ isActive: true, suspendedReason: null });
    expect((await admin.call(adminApi.activateUser, { params: { id: user.id } })).statusCode).toBe(409);
    const actions = await t.db.select().from(auditLog).where(eq(auditLog.targetUserId, user.id));
    expect(actions.map((a) => a.action).sort()).toEqual(['activate', 'suspend']);
    expect(actions.every((a) => a.actorId === adminUser.id)).toBe(true);
    const other = await t.createUser('admin');
    const refused = await admin.call(adminApi.suspendUser, {
      params: { id: other.id },
      body: { reason: 'no' },
    });
    expect(refused.statusCode).toBe(403);
    expect((await admin.call(adminApi.resetPassword, { params: { id: other.id } })).statusCode).toBe(403);
  });

  it('resets a password: shown once, sessions end, the user must change it before anything else', async () => {
    const { api: admin } = await t.userClient('admin');
    const { user, api: old } = await t.userClient('employee');
    const res = await admin.call(adminApi.resetPassword, { params: { id: user.id } });
    expect(res.statusCode).toBe(200);
    const { temporaryPassword } = res.json();
    expect(temporaryPassword).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{12,}$/);
    expect((await old.call(authApi.currentUser)).statusCode).toBe(401);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.targetUserId, user.id));
    expect(entry.action).toBe('reset_password');
    expect(JSON.stringify(entry.details)).not.toContain(temporaryPassword);

    const login = await t.anonymous.call(authApi.signIn, {
      body: {
        email: user.email,
        password: temporaryPassword,
      },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ mustChangePassword: true });
    const cookie = login.cookies.find((c) => c.name === 'wb_session');
    const headers = { cookie: `wb_session=${cookie?.value}` };
    const blocked = await t.anonymous.call(usersApi.assignable, { headers });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
    expect((await t.anonymous.call(authApi.currentUser, { headers })).statusCode).toBe(200);
    const weak = await t.anonymous.call(authApi.changePassword, {
      body: { currentPassword: temporaryPassword, newPassword: 'weak' },
      headers,
    });
    expect(weak.statusCode).toBe(400);
    const wrong = await t.anonymous.call(authApi.changePassword, {
      body: { currentPassword: 'Nope12345', newPassword: 'Brandnew123' },
      headers,
    });
    expect(wrong.statusCode).toBe(400);
    const changed = await t.anonymous.call(authApi.changePassword, {
      body: { currentPassword: temporaryPassword, newPassword: 'Brandnew123' },
      headers,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().mustChangePassword).toBe(false);
    const next = changed.cookies.find((c) => c.name === 'wb_session');
    expect(
      (await t.anonymous.call(usersApi.assignable, { headers: { cookie: `wb_session=${next?.value}` } }))
        .statusCode,
    ).toBe(200);
    expect((await t.anonymous.call(usersApi.assignable, { headers })).statusCode).toBe(401);
    expect(
      (
        await t.anonymous.call(authApi.changePassword, {
          body: { currentPassword: 'x', newPassword: 'Brandnew123' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('invitations', () => {
  it('creates, e-mails and lists an invitation; the invited registration is approved and signed in at verification', async () => {
    const { api: admin } = await t.userClient('admin');
    const email = `invited.${Date.now()}@example.com`;
    const bad = await admin.post('/api/admin/invitations', { email: 'nope', role: 'admin' });
    expect(bad.statusCode).toBe(400);
    const res = await admin.call(adminApi.invite, { body: { email: email.toUpperCase(), role: 'manager' } });
    expect(res.statusCode).toBe(201);
    const inv = res.json();
    expect(inv).toMatchObject({
      email,
      role: 'manager',
      code: expect.stringMatching(/^\w{10}$/),
      acceptedAt: null,
    });
    const list = (await admin.call(adminApi.invitations)).json();
    expect(list.map((i) => i.id)).toContain(inv.id);
    const wrongEmail = await t.anonymous.call(authApi.register, {
      body: {
        firstName: 'Other',
        lastName: 'Person',
        email: `other.${Date.now()}@example.com`,
        password: 'Secret123',
        role: 'employee',
        inviteCode: inv.code,
      },
    });
    expect(wrongEmail.statusCode).toBe(400);

    const { res: verified } = await registerAndVerify(t, {
      email,
      role: 'employee',
      inviteCode: inv.code.toLowerCase(),
    });
    expect(verified.statusCode).toBe(200);
    const body = verified.json();
    expect(body.status).toBe('approved');
    expect(body.user).toMatchObject({ email, role: 'manager', approvalStatus: 'approved' });
    const cookie = verified.cookies.find((c) => c.name === 'wb_session');
    const me = await t.anonymous.call(authApi.currentUser, {
      headers: { cookie: `wb_session=${cookie?.value}` },
    });
    expect(me.statusCode).toBe(200);
    const after = (await admin.call(adminApi.invitations)).json();
    expect(after.map((i) => i.id)).not.toContain(inv.id);
    const taken = await admin.call(adminApi.invite, { body: { email, role: 'employee' } });
    expect(taken.statusCode).toBe(409);
  });
});
