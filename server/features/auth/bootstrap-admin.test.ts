import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authApi } from '@contract/auth';
import { conversationParticipants, conversations, users } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/harness';
import { ensureFirstAdmin } from './bootstrap-admin';

// "No admin exists" is a property of the whole database: every test starts without users or chats.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(conversations);
  await t.db.delete(users);
});

const quietLog = () => ({ info: vi.fn(), warn: vi.fn() });

async function inGeneral(userId: string) {
  const rows = await t.db
    .select({ userId: conversationParticipants.userId })
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .where(and(eq(conversations.isGeneral, true), eq(conversationParticipants.userId, userId)));
  return rows.length === 1;
}

const signIn = (email: string, password: string) =>
  t.anonymous.call(authApi.signIn, { body: { email, password } });

describe('the first admin (docs/product/accounts.md#first-admin)', () => {
  it('with a generated password: printed once, must be changed at first sign-in, member of General', async () => {
    const log = quietLog();
    const id = await ensureFirstAdmin(t.db, {}, log);
    expect(id).toBeTruthy();
    const [admin] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, String(id)));
    expect(admin).toMatchObject({
      email: 'admin@workbench.local',
      role: 'admin',
      approvalStatus: 'approved',
      emailVerified: true,
      mustChangePassword: true,
    });
    expect(await inGeneral(admin.id)).toBe(true);

    expect(log.warn).toHaveBeenCalledTimes(1);
    const password = String(log.warn.mock.calls[0][0]).match(/with password (\S+)/)?.[1];
    expect(password).toBeTruthy();
    const res = await signIn('admin@workbench.local', String(password));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'admin', mustChangePassword: true });
  });

  it('from WORKBENCH_ADMIN_EMAIL / WORKBENCH_ADMIN_PASSWORD: a chosen password, member of General', async () => {
    const log = quietLog();
    const id = await ensureFirstAdmin(t.db, { email: 'Boss@Example.com', password: 'Chosen123' }, log);
    const [admin] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, String(id)));
    expect(admin).toMatchObject({ email: 'boss@example.com', role: 'admin', mustChangePassword: false });
    expect(await inGeneral(admin.id)).toBe(true);
    expect(log.warn).not.toHaveBeenCalled();
    const res = await signIn('boss@example.com', 'Chosen123');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ mustChangePassword: false });
  });

  it('joins the General group that already exists, and does nothing once an admin exists', async () => {
    const member = await t.createUser('employee');
    const [general] = await t.db
      .insert(conversations)
      .values({ type: 'group', name: 'General', isGeneral: true })
      .returning();
    await t.db.insert(conversationParticipants).values({ conversationId: general.id, userId: member.id });

    const id = await ensureFirstAdmin(t.db, { password: 'Chosen123' }, quietLog());
    const participants = await t.db
      .select({ userId: conversationParticipants.userId })
      .from(conversationParticipants)
      .where(eq(conversationParticipants.conversationId, general.id));
    expect(participants.map((p) => p.userId).sort()).toEqual([member.id, String(id)].sort());
    expect(await t.db.$count(conversations, eq(conversations.isGeneral, true))).toBe(1);

    expect(await ensureFirstAdmin(t.db, {}, quietLog())).toBeNull();
    expect(await t.db.$count(users, eq(users.role, 'admin'))).toBe(1);
  });
});
