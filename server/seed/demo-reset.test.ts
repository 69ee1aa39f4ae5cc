import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, projects, tasks, timeEntries, users } from '../db/schema';
import { generalConversationId, joinGeneral } from '../core/general-conversation';
import { openTestDatabase } from '../test/harness';
import { seedDemo } from './demo';
import { DemoTiedError, replaceDemo } from './demo-reset';

type Database = Awaited<ReturnType<typeof openTestDatabase>>;
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const NOW = new Date('2026-11-18T15:00:00Z');
const TABLES = [
  'users',
  'projects',
  'tasks',
  'task_comments',
  'time_entries',
  'attendance_records',
  'conversations',
  'conversation_participants',
  'messages',
] as const;

async function counts() {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const result = (await database.db.execute(
      sql.raw(`select count(*)::int as n from ${table}`),
    )) as unknown as {
      rows: { n: number }[];
    };
    out[table] = result.rows[0].n;
  }
  return out;
}

/** A real account with a project, a task and an hour of its own, and a word in 'General'. */
async function realAccount() {
  const [ravi] = await database.db
    .insert(users)
    .values({
      email: 'ravi@example.com',
      passwordHash: 'x',
      firstName: 'Ravi',
      lastName: 'Real',
      role: 'manager',
      approvalStatus: 'approved',
      emailVerified: true,
    })
    .returning();
  await joinGeneral(database.db, ravi.id);
  const [project] = await database.db
    .insert(projects)
    .values({ name: 'Real Project', createdBy: ravi.id })
    .returning();
  const [task] = await database.db
    .insert(tasks)
    .values({ title: 'Real work', assigneeId: ravi.id, assignedById: ravi.id, projectId: project.id })
    .returning();
  const [entry] = await database.db
    .insert(timeEntries)
    .values({
      userId: ravi.id,
      projectId: project.id,
      taskId: task.id,
      startTime: new Date('2026-11-17T09:00:00Z'),
      endTime: new Date('2026-11-17T10:00:00Z'),
    })
    .returning();
  const [message] = await database.db
    .insert(messages)
    .values({
      conversationId: await generalConversationId(database.db),
      senderId: ravi.id,
      content: 'Hi all',
    })
    .returning();
  // The task as its entry left it: the database keeps its time spent, the sum of its entries.
  const [timed] = await database.db.select().from(tasks).where(eq(tasks.id, task.id));
  return { ravi, project, task: timed, entry, message };
}

describe('seed:demo --force', () => {
  it('replaces the demo organisation: seeding again leaves one copy, and real accounts keep their data', async () => {
    const real = await realAccount();
    await seedDemo(database.db, { now: NOW, timeZone: 'Europe/Berlin' });
    const once = await counts();

    const replaced = await replaceDemo(database.db, { now: NOW, timeZone: 'Europe/Berlin' });
    expect(replaced.removedAccounts).toBe(11);
    expect(await counts()).toEqual(once);
    const again = await replaceDemo(database.db, { now: NOW, timeZone: 'Europe/Berlin' });
    expect(again.removedAccounts).toBe(11);
    expect(await counts()).toEqual(once);

    const emails = await database.db.select({ email: users.email }).from(users);
    expect(emails.filter((u) => u.email === 'alice@workbench.demo')).toHaveLength(1);
    expect((await database.db.select().from(users).where(eq(users.id, real.ravi.id)))[0]).toEqual(real.ravi);
    expect((await database.db.select().from(projects).where(eq(projects.id, real.project.id)))[0]).toEqual(
      real.project,
    );
    expect((await database.db.select().from(tasks).where(eq(tasks.id, real.task.id)))[0]).toEqual(real.task);
    expect(
      (await database.db.select().from(timeEntries).where(eq(timeEntries.id, real.entry.id)))[0],
    ).toEqual(real.entry);
    expect((await database.db.select().from(messages).where(eq(messages.id, real.message.id)))[0]).toEqual(
      real.message,
    );
  });

  it("refuses, changing nothing, when a real account's data is tied to the demo organisation", async () => {
    const [maria] = await database.db.select().from(users).where(eq(users.email, 'maria@workbench.demo'));
    const [ravi] = await database.db.select().from(users).where(eq(users.email, 'ravi@example.com'));
    await database.db
      .insert(tasks)
      .values({ title: 'Given by Maria', assigneeId: ravi.id, assignedById: maria.id });
    const before = await counts();

    const refused = replaceDemo(database.db, { now: NOW, timeZone: 'Europe/Berlin' });
    await expect(refused).rejects.toThrow(DemoTiedError);
    await expect(refused).rejects.toThrow(
      'tasks of other accounts in demo projects or assigned or reviewed by demo accounts: 1',
    );
    expect(await counts()).toEqual(before);
  });
});
