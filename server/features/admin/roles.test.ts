import { LAST_ADMIN, adminApi } from '@contract/admin';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamsApi } from '@contract/teams';
import { authApi, type Role } from '@contract/auth';
import { auditLog, outbox, teamMembers, users } from '../../db/schema';
import { createTestApp, type TestContext, type TestApi } from '../../test/harness';
import { english } from '../../test/messages';

/** Roles can change (docs/product/admin.md#roles); the last active admin stays one. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NOBODY = '00000000-0000-4000-8000-000000000000';
const setRole = (api: TestApi, id: string, role: Role) =>
  api.call(adminApi.changeRole, { params: { id }, body: { role } });

/** Leaves exactly the given admins active: every other admin of the shared database is suspended. */
async function onlyAdmins(...ids: string[]) {
  const all = await t.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
  for (const { id } of all) {
    if (!ids.includes(id)) await t.db.update(users).set({ isActive: false }).where(eq(users.id, id));
  }
}

describe('PATCH /api/admin/users/{id}/role', () => {
  it('is for admins only: 401 anonymous, 403 employees and managers; bad role 400; unknown 404', async () => {
    const person = await t.createUser('employee');
    expect(
      (await t.anonymous.call(adminApi.changeRole, { params: { id: person.id }, body: { role: 'manager' } }))
        .statusCode,
    ).toBe(401);
    for (const role of ['employee', 'manager'] as const) {
      const { api } = await t.userClient(role);
      expect((await setRole(api, person.id, 'manager')).statusCode).toBe(403);
    }
    const { api } = await t.userClient('admin');
    for (const bad of ['owner', '', null, 3])
      expect((await api.patch(`/api/admin/users/${person.id}/role`, { role: bad })).statusCode).toBe(400);
    expect((await setRole(api, NOBODY, 'manager')).statusCode).toBe(404);
    expect((await api.patch('/api/admin/users/not-an-id/role', { role: 'manager' })).statusCode).toBe(404);
  });

  it('promotes and demotes, each change in the audit log with from and to', async () => {
    const { user: admin, api } = await t.userClient('admin');
    const person = await t.createUser('employee');
    for (const role of ['manager', 'admin', 'employee'] as const) {
      const res = await setRole(api, person.id, role);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: person.id, role });
    }
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, person.id), eq(auditLog.action, 'role_change')))
      .orderBy(auditLog.seq);
    expect(entries.map((e) => [e.actorId, e.details])).toEqual([
      [admin.id, { from: 'employee', to: 'manager' }],
      [admin.id, { from: 'manager', to: 'admin' }],
      [admin.id, { from: 'admin', to: 'employee' }],
    ]);
    // The same role again changes nothing and records nothing.
    expect((await setRole(api, person.id, 'employee')).statusCode).toBe(200);
    const after = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, person.id), eq(auditLog.action, 'role_change')));
    expect(after).toHaveLength(3);
  });

  it('never demotes the last active admin; with two, one may demote the other, who may then be suspended', async () => {
    const { user: first, api: firstApi } = await t.userClient('admin');
    await onlyAdmins(first.id);
    const demoteSelf = await setRole(firstApi, first.id, 'manager');
    expect(demoteSelf.statusCode).toBe(409);
    expect(demoteSelf.json().message).toBe(english(LAST_ADMIN));
    // An admin is never suspended as such: the last one therefore never is either.
    const { user: second, api: secondApi } = await t.userClient('admin');
    expect(
      (await secondApi.call(adminApi.suspendUser, { params: { id: first.id }, body: { reason: 'x' } }))
        .statusCode,
    ).toBe(403);
    expect((await setRole(secondApi, first.id, 'manager')).statusCode).toBe(200);
    expect(
      (await secondApi.call(adminApi.suspendUser, { params: { id: first.id }, body: { reason: 'left' } }))
        .statusCode,
    ).toBe(200);
    // Now the second is the last active admin again.
    const last = await setRole(secondApi, second.id, 'employee');
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(english(LAST_ADMIN));
    // A suspended admin does not count as one who could step in.
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, first.id));
    expect((await setRole(secondApi, second.id, 'employee')).statusCode).toBe(409);
  });

  it('two admins demoting each other at once: exactly one succeeds', async () => {
    const a = await t.userClient('admin');
    const b = await t.userClient('admin');
    await onlyAdmins(a.user.id, b.user.id);
    const [ra, rb] = await Promise.all([
      setRole(a.api, b.user.id, 'employee'),
      setRole(b.api, a.user.id, 'employee'),
    ]);
    const statuses = [ra.statusCode, rb.statusCode].sort();
    // The loser is refused: by the last-admin rule (409), or as a non-admin once demoted (403).
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = await t.db
      .select()
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.isActive, true)));
    expect(admins).toHaveLength(1);
  });

  it('a manager made employee stays in their teams as a member', async () => {
    const { api } = await t.userClient('admin');
    const manager = await t.createUser('manager');
    const member = await t.createUser('employee');
    const team = await api.call(teamsApi.create, {
      body: {
        name: `Team ${Date.now()}`,
        members: [
          { userId: manager.id, role: 'manager' },
          { userId: member.id, role: 'member' },
        ],
      },
    });
    expect(team.statusCode).toBe(201);
    expect((await setRole(api, manager.id, 'employee')).statusCode).toBe(200);
    const [row] = await t.db.select().from(teamMembers).where(eq(teamMembers.userId, manager.id));
    expect(row.role).toBe('member');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, manager.id), eq(auditLog.action, 'role_change')));
    expect(entry.details).toMatchObject({ noLongerManages: [team.json().id] });
  });
});

describe('invitations', () => {
  it('lists each with its link, revokes one (audited) so its code no longer registers', async () => {
    const { api } = await t.userClient('admin');
    const email = `invited-${Date.now()}@example.com`;
    const created = await api.call(adminApi.invite, { body: { email, role: 'manager' } });
    expect(created.statusCode).toBe(201);
    const invitation = created.json();
    expect(invitation.link).toBe(
      `http://localhost:3000/register?invite=${invitation.code}&email=${encodeURIComponent(email)}`,
    );
    const listed = (await api.call(adminApi.invitations)).json();
    expect(listed).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: invitation.id, link: invitation.link })]),
    );
    for (const role of ['employee', 'manager'] as const) {
      const { api: other } = await t.userClient(role);
      expect(
        (await other.call(adminApi.revokeInvitation, { params: { id: invitation.id } })).statusCode,
      ).toBe(403);
    }
    expect((await api.call(adminApi.revokeInvitation, { params: { id: invitation.id } })).statusCode).toBe(
      204,
    );
    expect((await api.call(adminApi.revokeInvitation, { params: { id: invitation.id } })).statusCode).toBe(
      404,
    );
    const registered = await t.anonymous.call(authApi.register, {
      body: {
        firstName: 'Ivy',
        lastName: 'Invited',
        email,
        password: 'Ivy1Password',
        role: 'employee',
        inviteCode: invitation.code,
      },
    });
    expect(registered.statusCode).toBe(400);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'invitation_revoked'));
    expect(entry).toMatchObject({ email, details: { invitationId: invitation.id, role: 'manager' } });
  });

  it('the role comes from the invitation, whatever the form sent; its e-mail is in the outbox', async () => {
    const { api } = await t.userClient('admin');
    const email = `chosen-${Date.now()}@example.com`;
    const invitation = (await api.call(adminApi.invite, { body: { email, role: 'manager' } })).json();
    const registered = await t.anonymous.call(authApi.register, {
      body: {
        firstName: 'Max',
        lastName: 'Manager',
        email,
        password: 'Max1Password',
        role: 'employee',
        inviteCode: invitation.code,
      },
    });
    expect(registered.statusCode).toBe(201);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row.role).toBe('manager');
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toEmail, email), eq(outbox.kind, 'invitation')));
    expect(mail.text).toContain(invitation.link);
  });
});
