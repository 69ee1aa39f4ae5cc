import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileApi } from '@contract/profile';
import { authApi } from '@contract/auth';
import { type UserExport, adminApi } from '@contract/admin';
import { reportsApi } from '@contract/reports';
import {
  apiTokens,
  avatars,
  conversationParticipants,
  conversations,
  messages,
  notifications,
  recoveryCodes,
  sessions,
  settings,
  twoFactorSecrets,
  users,
} from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import {
  createTestApp,
  TEST_PASSWORD,
  type TestContext,
  MISSING_ID,
  type TestClient,
} from '../../test/harness';
import { timeFixtures } from '../../test/time-fixtures';

const clock = fixedClock('2025-04-02T12:00:00Z');
const H = 3600;
const RANGE = { from: '2025-03-24', to: '2025-03-30' };

let t: TestContext;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp({ clock });
  await t.db.insert(settings).values({ id: 1, timeZone: 'Europe/Berlin' });
  admin = await t.userClient('admin', { firstName: 'Ada', lastName: 'Admin' });
});
afterAll(() => t.close());

/** Someone leaving, with a bit of everything Workbench keeps about a person. */
async function leaver() {
  const fx = timeFixtures(t.db);
  const person = await t.userClient('employee', {
    firstName: 'Erin',
    lastName: 'Leaving',
    username: 'erin.l',
    companyId: 'E-0042',
    profileImageUrl: '/api/users/x/avatar',
    twoFactorEnabledAt: new Date('2025-01-01T00:00:00Z'),
  });
  const id = person.user.id;
  const project = await fx.project({ name: 'Apollo' });
  await fx.entry(id, '2025-03-24T08:00:00Z', '2025-03-24T10:00:00Z', { projectId: project.id });
  await fx.entry(id, '2025-03-25T08:00:00Z', '2025-03-25T09:30:00Z');
  await fx.attendance(id, '2025-03-24T07:55:00Z', '2025-03-24T16:00:00Z');
  await fx.task(id, { title: 'Hand over the keys' });
  const token = (
    await person.api.call(profileApi.createToken, { body: { name: 'CI script', expiresInDays: 30 } })
  ).json();
  expect(token.token).toMatch(/^wb_pat_/);
  const [conversation] = await t.db.insert(conversations).values({ type: 'group', name: 'Ops' }).returning();
  await t.db.insert(conversationParticipants).values({ conversationId: conversation.id, userId: id });
  await t.db.insert(messages).values({ conversationId: conversation.id, senderId: id, content: 'Bye all' });
  await t.db
    .insert(notifications)
    .values({ userId: id, kind: 'task_assigned', title: 'A task for you', link: '/my-tasks' });
  await t.db.insert(avatars).values({ userId: id, image: Buffer.from('webp') });
  await t.db.insert(twoFactorSecrets).values({ userId: id, secret: 'ENCRYPTED-TOTP-SECRET' });
  await t.db.insert(recoveryCodes).values({ userId: id, codeHash: `recovery-code-hash-${id}` });
  // An audit entry about them.
  expect((await admin.api.call(adminApi.resetPassword, { params: { id } })).statusCode).toBe(200);
  // That ended their sessions: they sign in again.
  return { ...person, api: await t.signIn(person.user), token: token.token };
}

describe('who may export and anonymise', () => {
  it('admins only: 401 without a session, 403 for employees and managers', async () => {
    const target = await t.createUser();
    const params = { id: target.id };
    const employee = await t.userClient('employee');
    const manager = await t.userClient('manager');
    for (const endpoint of [adminApi.exportUser, adminApi.anonymiseUser]) {
      const call = (c: typeof t.anonymous) => c.call(endpoint, { params });
      const path = `${endpoint.method} ${endpoint.path}`;
      expect((await call(t.anonymous)).statusCode, path).toBe(401);
      expect((await call(employee.api)).statusCode, path).toBe(403);
      expect((await call(manager.api)).statusCode, path).toBe(403);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row.anonymisedAt).toBeNull();
  });

  it('unknown and malformed ids are 404', async () => {
    expect((await admin.api.call(adminApi.exportUser, { params: { id: MISSING_ID } })).statusCode).toBe(404);
    expect((await admin.api.call(adminApi.anonymiseUser, { params: { id: MISSING_ID } })).statusCode).toBe(
      404,
    );
    expect((await admin.api.get('/api/admin/users/nope/export')).statusCode).toBe(404);
    expect((await admin.api.post('/api/admin/users/nope/anonymise')).statusCode).toBe(404);
  });

  it('an admin cannot anonymise themselves', async () => {
    const res = await admin.api.call(adminApi.anonymiseUser, { params: { id: admin.user.id } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You cannot anonymise your own account.');
  });
});

describe('exporting what Workbench holds about a person', () => {
  it('downloads their profile, sign-ins, tokens, time, attendance, tasks, chat, notifications and audit, audited', async () => {
    const person = await leaver();
    const id = person.user.id;
    const res = await admin.api.call(adminApi.exportUser, { params: { id } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="workbench-person-${id}.json"`);
    expect(res.headers['cache-control']).toBe('no-store');
    // A download: its body is the contract's userExport as JSON text.
    const data: UserExport = JSON.parse(res.body);
    expect(data.user).toMatchObject({
      id,
      email: person.user.email,
      firstName: 'Erin',
      lastName: 'Leaving',
      username: 'erin.l',
      companyId: 'E-0042',
      anonymisedAt: null,
    });
    expect(data.sessions).toHaveLength(1);
    expect(data.sessions[0]).toMatchObject({ userId: id });
    expect(data.apiTokens.map((tk) => tk.name)).toEqual(['CI script']);
    expect(data.twoFactor).toEqual({ enabled: true, enabledAt: '2025-01-01T00:00:00.000Z' });
    expect(data.timeEntries.map((e) => e.duration)).toEqual([2 * H, 1.5 * H]);
    expect(data.attendance).toHaveLength(1);
    expect(data.tasksAssigned.map((task) => task.title)).toEqual(['Hand over the keys']);
    expect(data.chatMessages.map((m) => m.content)).toEqual(['Bye all']);
    expect(data.notifications.map((n) => n.title)).toEqual(['A task for you']);
    expect(data.auditEntries.map((a) => a.action).sort()).toEqual(['reset_password', 'token_created']);

    // Nothing secret, nor any hash of one.
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, id));
    const [token] = await t.db.select().from(apiTokens).where(eq(apiTokens.userId, id));
    for (const secret of [
      row.passwordHash,
      session.tokenHash,
      person.api.cookie?.split('=')[1] as string,
      token.tokenHash,
      person.token,
      person.token.slice(-4) === token.lastFour ? `"lastFour"` : token.lastFour,
      'ENCRYPTED-TOTP-SECRET',
      `recovery-code-hash-${id}`,
    ]) {
      expect(res.body).not.toContain(secret);
    }
    expect(res.body).not.toMatch(/"(passwordHash|tokenHash|codeHash|secret|pendingSecret|lastFour)"/);

    const audit = (
      await admin.api.call(adminApi.audit, { query: { targetId: id, action: 'user_exported' } })
    ).json();
    expect(audit).toHaveLength(1);
    expect(audit[0].actor?.id).toBe(admin.user.id);
  });
});

describe('anonymising a departed person', () => {
  it('replaces name and e-mail, ends every way in, and keeps their time for the reports', async () => {
    const person = await leaver();
    const id = person.user.id;
    const timeByUser = () => admin.api.call(reportsApi.time, { query: { ...RANGE, groupBy: 'user' } });
    const reportBefore = (await timeByUser()).json();
    const before = reportBefore.rows.find((r) => r.key === id);
    expect(before).toMatchObject({ label: 'Erin Leaving', seconds: 3.5 * H });

    const res = await admin.api.call(adminApi.anonymiseUser, { params: { id } });
    expect(res.statusCode).toBe(200);
    const short = id.slice(0, 8);
    expect(res.json()).toMatchObject({
      id,
      firstName: 'Former',
      lastName: `member ${short}`,
      email: `anonymised-${id}@anonymised.invalid`,
      isActive: false,
      username: null,
      companyId: null,
      profileImageUrl: null,
      twoFactorEnabled: false,
      anonymisedAt: clock.now().toISOString(),
    });

    // Their session, their API token and their old password no longer let anyone in.
    expect((await person.api.call(authApi.currentUser)).statusCode).toBe(401);
    expect(
      (await t.anonymous.call(authApi.currentUser, { headers: { authorization: `Bearer ${person.token}` } }))
        .statusCode,
    ).toBe(401);
    const signIn = await t.anonymous.call(authApi.signIn, {
      body: {
        email: person.user.email,
        password: TEST_PASSWORD,
      },
    });
    expect(signIn.statusCode).toBe(401);
    for (const table of [sessions, apiTokens, twoFactorSecrets, recoveryCodes, avatars, notifications]) {
      expect(await t.db.select().from(table).where(eq(table.userId, id)), String(table)).toEqual([]);
    }

    // Their time stays, under the placeholder name: the report sums the same.
    const reportAfter = (await timeByUser()).json();
    expect(reportAfter.totalSeconds).toBe(reportBefore.totalSeconds);
    expect(reportAfter.rows.find((r) => r.key === id)).toMatchObject({
      label: `Former member ${short}`,
      seconds: 3.5 * H,
    });
    const exported: UserExport = JSON.parse(
      (await admin.api.call(adminApi.exportUser, { params: { id } })).body,
    );
    expect(exported.attendance).toHaveLength(1);
    expect(exported.tasksAssigned).toHaveLength(1);
    expect(exported.chatMessages).toHaveLength(1);
    expect(JSON.stringify(exported)).not.toContain(person.user.email);

    // The audit log's entries about them keep working and name the placeholder.
    const audit = (await admin.api.call(adminApi.audit, { query: { targetId: id } })).json();
    // (one fixed clock: the entries share their time, so their order is not the point)
    expect(audit.map((e) => e.action).sort()).toEqual([
      'reset_password',
      'token_created',
      'user_anonymised',
      'user_exported',
    ]);
    for (const entry of audit) expect(entry.target?.name).toBe(`Former member ${short}`);
    expect(JSON.stringify(audit)).not.toContain(person.user.email);

    // Once is enough, and it cannot be undone by activating the account.
    expect((await admin.api.call(adminApi.anonymiseUser, { params: { id } })).statusCode).toBe(409);
    const activate = await admin.api.call(adminApi.activateUser, { params: { id } });
    expect(activate.statusCode).toBe(409);
    expect(activate.json().message).toBe('An anonymised account cannot be activated.');
  });

  it('may anonymise another admin while one stays', async () => {
    const other = await t.createUser('admin');
    const res = await admin.api.call(adminApi.anonymiseUser, { params: { id: other.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'admin', isActive: false, firstName: 'Former' });
  });
});
