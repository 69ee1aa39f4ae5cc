import type { AuditAction } from '@contract/admin';
import { and, eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timesheetsApi } from '@contract/timesheets';
import { teamsApi } from '@contract/teams';
import { schedulesApi } from '@contract/schedules';
import { profileApi } from '@contract/profile';
import { authApi } from '@contract/auth';
import { auditLog } from '../../db/schema';
import { createTestApp, TEST_PASSWORD, type TestContext } from '../../test/harness';

/**
 * The audit log has every security event and decision (docs/product/admin.md#audit-log), and
 * anonymous failures are throttled before they are written.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const entries = async (action: AuditAction, targetUserId?: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.action, action), targetUserId ? eq(auditLog.targetUserId, targetUserId) : undefined),
    )
    .orderBy(auditLog.seq);

describe('the audit log records', () => {
  it('two-factor on and off, a password change and an ended session, by the person themselves', async () => {
    const { user, api } = await t.userClient('employee');
    const setup = (await api.call(profileApi.twoFactorSetup)).json();
    const totp = new TOTP({ secret: Secret.fromBase32(setup.secret), digits: 6, period: 30 });
    expect((await api.call(profileApi.twoFactorEnable, { body: { code: totp.generate() } })).statusCode).toBe(
      200,
    );
    expect(await entries('two_factor_enabled', user.id)).toHaveLength(1);
    // The next code must be of a later 30-second step; a recovery code works at once.
    const again = await t.userClient('employee');
    const setup2 = (await again.api.call(profileApi.twoFactorSetup)).json();
    const totp2 = new TOTP({ secret: Secret.fromBase32(setup2.secret), digits: 6, period: 30 });
    const codes = (
      await again.api.call(profileApi.twoFactorEnable, { body: { code: totp2.generate() } })
    ).json().recoveryCodes;
    expect((await again.api.call(profileApi.twoFactorDisable, { body: { code: codes[0] } })).statusCode).toBe(
      200,
    );
    expect(await entries('two_factor_disabled', again.user.id)).toHaveLength(1);

    const other = await t.signIn(user);
    const sessions = (await api.call(profileApi.sessions)).json();
    const notThis = sessions.find((s) => !s.current)!;
    expect((await api.call(profileApi.endSession, { params: { id: notThis.id } })).statusCode).toBe(204);
    expect((await other.call(authApi.currentUser)).statusCode).toBe(401);
    const [ended] = await entries('session_ended', user.id);
    expect(ended.details).toMatchObject({ sessionId: notThis.id, current: false });

    const changed = await api.call(authApi.changePassword, {
      body: {
        currentPassword: TEST_PASSWORD,
        newPassword: 'New1Password',
      },
    });
    expect(changed.statusCode).toBe(200);
    const [entry] = await entries('password_changed', user.id);
    expect(entry).toMatchObject({ actorId: user.id, details: { tokensRevoked: 0, wasTemporary: false } });
  });

  it('team, schedule and settings changes, with what changed', async () => {
    const { user: admin, api } = await t.userClient('admin');
    const a = await t.createUser('employee');
    const b = await t.createUser('manager');
    const created = await api.call(teamsApi.create, {
      body: {
        name: 'Audit Crew',
        members: [{ userId: a.id, role: 'member' }],
      },
    });
    expect(created.statusCode).toBe(201);
    const teamId = created.json().id;
    const changed = await api.call(teamsApi.update, {
      params: { id: teamId },
      body: {
        name: 'Audit Crew 2',
        members: [{ userId: b.id, role: 'manager' }],
        schedule: [450, 450, 450, 450, 450, 0, 0],
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await api.call(teamsApi.remove, { params: { id: teamId } })).statusCode).toBe(204);
    const teamEntries = (
      await t.db
        .select()
        .from(auditLog)
        .where(sql`${auditLog.details}->>'teamId' = ${teamId}`)
        .orderBy(auditLog.seq)
    ).map((e) => [e.action, e.details]);
    expect(teamEntries).toEqual([
      [
        'team_created',
        { teamId, name: 'Audit Crew', members: [{ userId: a.id, role: 'member' }], schedule: null },
      ],
      [
        'team_changed',
        {
          teamId,
          name: 'Audit Crew 2',
          changes: {
            name: { from: 'Audit Crew', to: 'Audit Crew 2' },
            joined: [{ userId: b.id, role: 'manager' }],
            left: [a.id],
            schedule: { from: null, to: [450, 450, 450, 450, 450, 0, 0] },
          },
        },
      ],
      ['team_deleted', { teamId, name: 'Audit Crew 2' }],
    ]);

    const schedule = await api.call(schedulesApi.put, {
      params: { id: a.id },
      body: {
        minutes: [480, 480, 480, 480, 240, 0, 0],
        timeZone: 'Europe/Berlin',
      },
    });
    expect(schedule.statusCode).toBe(200);
    const [scheduleEntry] = await entries('schedule_changed', a.id);
    expect(scheduleEntry).toMatchObject({
      actorId: admin.id,
      details: {
        changes: {
          minutes: { from: null, to: [480, 480, 480, 480, 240, 0, 0] },
          timeZone: { from: null, to: 'Europe/Berlin' },
        },
      },
    });
    // Back to the default schedule: the own one removed, recorded too.
    expect((await api.call(schedulesApi.reset, { params: { id: a.id } })).statusCode).toBe(200);
    const [, resetEntry] = await entries('schedule_changed', a.id);
    expect(resetEntry).toMatchObject({
      actorId: admin.id,
      details: { changes: { minutes: { from: [480, 480, 480, 480, 240, 0, 0], to: null } } },
    });
  });

  it('timesheet submissions and decisions', async () => {
    const { user: admin, api: adminApi } = await t.userClient('admin');
    const { user, api } = await t.userClient('employee');
    const week = '2025-06-02';
    const submitted = await api.call(timesheetsApi.submit, { body: { week } });
    expect(submitted.statusCode).toBe(200);
    const id = submitted.json().id;
    expect(
      (await adminApi.call(timesheetsApi.reject, { params: { id }, body: { comment: 'Add Friday' } }))
        .statusCode,
    ).toBe(200);
    expect((await api.call(timesheetsApi.submit, { body: { week } })).statusCode).toBe(200);
    expect((await adminApi.call(timesheetsApi.approve, { params: { id } })).statusCode).toBe(200);
    const actions = (
      await t.db.select().from(auditLog).where(eq(auditLog.targetUserId, user.id)).orderBy(auditLog.seq)
    ).map((e) => [e.action, e.actorId]);
    expect(actions).toEqual([
      ['timesheet_submitted', user.id],
      ['timesheet_rejected', admin.id],
      ['timesheet_submitted', user.id],
      ['timesheet_approved', admin.id],
    ]);
  });
});

describe('anonymous failures', () => {
  it('are throttled before they are written: a flood of second-factor tries without a challenge', async () => {
    const flooder = { 'x-forwarded-for': '198.51.100.7' };
    const before = (await entries('sign_in_failed')).length;
    const statuses: number[] = [];
    for (let i = 0; i < 80; i++) {
      statuses.push(
        (await t.anonymous.call(authApi.signInSecondFactor, { body: { code: '123456' }, headers: flooder }))
          .statusCode,
      );
    }
    const written = (await entries('sign_in_failed')).length - before;
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30);
    // The address's budget (50 per 15 minutes) bounds what reaches the log.
    expect(written).toBeLessThanOrEqual(50);
    expect(statuses.slice(-5)).toEqual([429, 429, 429, 429, 429]);
  });
});
