import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsApi } from '@contract/settings';
import { profileApi } from '@contract/profile';
import { authApi } from '@contract/auth';
import { type AuditQuery, adminApi } from '@contract/admin';
import { createTestApp, TEST_PASSWORD, type TestContext } from '../../test/harness';
import { audit } from '../../core/audit';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const settings = {
  clockIn: '08:30',
  clockOut: '16:45',
  dailyBreakMinutes: 15,
  lunchMinutes: 30,
  lateThresholdMinutes: 10,
  timeZone: 'UTC',
};

describe('GET /api/admin/audit and /api/admin/audit/export', () => {
  it('are for admins only: 401 anonymous, 403 for employees and managers', async () => {
    for (const endpoint of [adminApi.audit, adminApi.auditExport]) {
      expect((await t.anonymous.call(endpoint)).statusCode).toBe(401);
      for (const role of ['employee', 'manager'] as const) {
        const { api } = await t.userClient(role);
        expect((await api.call(endpoint)).statusCode).toBe(403);
      }
    }
  });

  it('records every audited action with who did what to whom and when', async () => {
    const { user: admin, api } = await t.userClient('admin');
    const pending = await t.createUser('employee', { approvalStatus: 'pending' });
    const rejected = await t.createUser('employee', { approvalStatus: 'pending' });
    const worker = await t.createUser('employee');
    expect((await api.call(adminApi.approveUser, { params: { id: pending.id }, body: {} })).statusCode).toBe(
      200,
    );
    expect(
      (await api.call(adminApi.rejectUser, { params: { id: rejected.id }, body: { reason: 'unknown' } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await api.call(adminApi.suspendUser, { params: { id: worker.id }, body: { reason: 'left' } }))
        .statusCode,
    ).toBe(200);
    expect((await api.call(adminApi.activateUser, { params: { id: worker.id } })).statusCode).toBe(200);
    expect((await api.call(adminApi.resetPassword, { params: { id: worker.id } })).statusCode).toBe(200);
    expect(
      (await api.call(adminApi.invite, { body: { email: 'new@example.com', role: 'employee' } })).statusCode,
    ).toBe(201);
    expect((await api.call(settingsApi.save, { body: settings })).statusCode).toBe(200);
    const token = await api.call(profileApi.createToken, { body: { name: 'Exports', expiresInDays: 7 } });
    expect(token.statusCode).toBe(201);

    const res = await api.call(adminApi.audit, { query: { actorId: admin.id } });
    expect(res.statusCode).toBe(200);
    const entries = res.json();
    expect(entries.map((e) => e.action)).toEqual([
      'token_created',
      'settings_changed',
      'invite',
      'reset_password',
      'activate',
      'suspend',
      'reject',
      'approve',
    ]);
    for (const e of entries) expect(e.actor).toMatchObject({ id: admin.id, email: admin.email });
    expect(entries.find((e) => e.action === 'suspend')).toMatchObject({
      target: { id: worker.id, name: `${worker.firstName} ${worker.lastName}` },
    });
    // What changed, from what to what (the org's zone was UTC before as well, so it is not listed).
    expect(entries.find((e) => e.action === 'settings_changed')?.details).toMatchObject({
      changes: { clockIn: { from: expect.any(String), to: '08:30' } },
    });
    expect(entries.find((e) => e.action === 'invite')).toMatchObject({ email: 'new@example.com' });
    // The temporary password and the token value are never in the log.
    const temp = JSON.stringify(entries);
    expect(temp).not.toContain(token.json().token);
  });

  it('records sign-ins and failed sign-ins (the e-mail tried and the address, no password)', async () => {
    const { api } = await t.userClient('admin');
    const person = await t.createUser('employee');
    const ok = await t.anonymous.call(authApi.signIn, {
      body: { email: person.email, password: TEST_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    const bad = await t.anonymous.call(authApi.signIn, {
      body: { email: person.email, password: 'Wrong-pass1' },
    });
    expect(bad.statusCode).toBe(401);
    const nobody = await t.anonymous.call(authApi.signIn, {
      body: {
        email: 'ghost@example.com',
        password: 'Wrong-pass2',
      },
    });
    expect(nobody.statusCode).toBe(401);

    const signIns = (
      await api.call(adminApi.audit, { query: { actorId: person.id, action: 'sign_in' } })
    ).json();
    expect(signIns).toHaveLength(1);
    expect(signIns[0].details).toMatchObject({ ip: expect.any(String) });
    const failed = (await api.call(adminApi.audit, { query: { action: 'sign_in_failed' } })).json();
    const tried = failed.map((e) => e.email);
    expect(tried).toEqual(expect.arrayContaining([person.email, 'ghost@example.com']));
    for (const e of failed) {
      expect(e.actor).toBeNull();
      expect(e.details).toMatchObject({ ip: expect.any(String) });
    }
    const all = JSON.stringify(failed);
    expect(all).not.toContain('Wrong-pass1');
    expect(all).not.toContain('Wrong-pass2');
  });

  it('filters by actor, target, action and days, pages with limit + before, refuses bad filters', async () => {
    const { user: admin, api } = await t.userClient('admin');
    await api.call(settingsApi.save, { body: settings });
    const target = await t.createUser('employee');
    const other = await t.createUser('employee');
    const day = (d: string, h: number) => new Date(`2025-03-${d}T${String(h).padStart(2, '0')}:00:00Z`);
    for (const [d, h, who] of [
      ['01', 9, target],
      ['02', 9, target],
      ['02', 23, other],
      ['03', 0, target],
      ['04', 9, target],
    ] as const) {
      await audit(t.db, {
        actorId: admin.id,
        action: 'suspend',
        targetUserId: who.id,
        at: day(d, h),
        details: { reason: 'x' },
      });
    }
    const get = async (query: AuditQuery) => {
      const res = await api.call(adminApi.audit, {
        query: { actorId: admin.id, action: 'suspend', ...query },
      });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    expect((await get({ targetId: target.id })).map((e) => e.at.slice(0, 10))).toEqual([
      '2025-03-04',
      '2025-03-03',
      '2025-03-02',
      '2025-03-01',
    ]);
    expect((await get({ from: '2025-03-02', to: '2025-03-03' })).map((e) => e.at)).toEqual([
      '2025-03-03T00:00:00.000Z',
      '2025-03-02T23:00:00.000Z',
      '2025-03-02T09:00:00.000Z',
    ]);
    const first = await get({ limit: 2 });
    expect(first.map((e) => e.at.slice(0, 10))).toEqual(['2025-03-04', '2025-03-03']);
    const second = await get({ limit: 2, before: first[1].id });
    expect(second.map((e) => e.at)).toEqual(['2025-03-02T23:00:00.000Z', '2025-03-02T09:00:00.000Z']);
    const last = await get({ limit: 2, before: second[1].id });
    expect(last).toHaveLength(1);
    expect(await get({ limit: 2, before: last[0].id })).toEqual([]);

    for (const q of [
      'action=nonsense',
      'actorId=abc',
      'targetId=abc',
      'from=03/02/2025',
      'limit=0',
      'limit=501',
      'before=abc',
      'from=2025-03-04&to=2025-03-01',
    ]) {
      const res = await api.get(`/api/admin/audit?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('exports the filtered log as CSV', async () => {
    const { user: admin, api } = await t.userClient('admin');
    await api.call(settingsApi.save, { body: settings });
    const target = await t.createUser('employee', { firstName: '=Evil', lastName: 'Name' });
    await audit(t.db, {
      actorId: admin.id,
      action: 'suspend',
      targetUserId: target.id,
      at: new Date('2025-04-01T10:15:00Z'),
      details: { reason: 'left, "for good"' },
    });
    const res = await api.call(adminApi.auditExport, { query: { targetId: target.id } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('Date,Time,Action,Actor,Actor e-mail,Target,Target e-mail,E-mail,Details');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(
      `2025-04-01,10:15:00,Suspended an account,${admin.firstName} ${admin.lastName},${admin.email},'=Evil Name,${target.email},,"reason: left, ""for good"""`,
    );
    expect((await api.get('/api/admin/audit/export?action=nope')).statusCode).toBe(400);
  });
});
