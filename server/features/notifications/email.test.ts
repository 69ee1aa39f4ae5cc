import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasksApi } from '@contract/tasks';
import { adminApi } from '@contract/admin';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { outbox } from '../../db/schema';
import { systemClock } from '../../lib/clock';
import { createMailer, retryDelay } from '../../lib/mailer';
import { freePort } from '../../test/free-port';
import { createTestApp, type TestContext } from '../../test/harness';
import { mailServer, until } from '../../test/smtp';

const APP_URL = 'https://work.example.test';

let port: number;
let smtp: ReturnType<typeof mailServer>;
let t: TestContext;
const env = () => ({
  SMTP_URL: `smtp://127.0.0.1:${port}`,
  APP_URL,
  MAIL_FROM: 'Workbench <bot@example.test>',
});
const fast = { pollMs: 100, baseDelayMs: 100, maxDelayMs: 400, leaseMs: 5_000 };

beforeAll(async () => {
  port = await freePort();
  smtp = mailServer(port);
  await smtp.start();
  t = await createTestApp({ env: env(), mail: fast });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

describe('notification e-mail over SMTP', () => {
  it('sends "task assigned" to the assignee: subject, both bodies, the link into the app', async () => {
    const manager = await t.userClient('manager');
    const employee = await t.userClient('employee');
    await manager.api.call(tasksApi.create, {
      body: {
        title: 'Order <the> chairs',
        description: 'Twelve, grey & stackable.',
        assigneeId: employee.user.id,
      },
    });
    expect(await until(() => smtp.to(employee.user.email).length === 1)).toBe(true);
    const [mail] = smtp.to(employee.user.email);
    const who = `${manager.user.firstName} ${manager.user.lastName}`;
    expect(mail.subject).toBe(`${who} assigned you “Order <the> chairs”`);
    expect(mail.from?.text).toBe('"Workbench" <bot@example.test>');
    expect(mail.text).toContain(`Hello ${employee.user.firstName},`);
    expect(mail.text).toContain('Twelve, grey & stackable.');
    expect(mail.text).toContain(`Open in Workbench: ${APP_URL}/tasks/`);
    // The HTML says the same, escaped, with the link as a link.
    expect(mail.html).toContain('Order &lt;the&gt; chairs');
    expect(mail.html).toContain('Twelve, grey &amp; stackable.');
    expect(mail.html).toContain(`href="${APP_URL}/tasks/`);
    expect(mail.messageId).toMatch(/@workbench>$/);
    // Nobody else got anything, the manager (the actor) least of all.
    expect(smtp.to(manager.user.email)).toEqual([]);
    // Marked sent once the server accepted it (the mark lands a moment after the SMTP reply).
    const sent = async () =>
      (await t.db.select().from(outbox).where(eq(outbox.toEmail, employee.user.email)))[0];
    expect(await until(async () => (await sent()).sentAt !== null)).toBe(true);
    expect(await sent()).toMatchObject({ kind: 'notification:task_assigned', attempts: 1, lastError: null });
  });

  it('sends the account-approved e-mail the registration page promises, and the rejection', async () => {
    const { api: admin } = await t.userClient('admin');
    const pending = await t.createUser('employee', { approvalStatus: 'pending' });
    const refused = await t.createUser('employee', { approvalStatus: 'pending' });
    await admin.call(adminApi.approveUser, { params: { id: pending.id }, body: {} });
    await admin.call(adminApi.rejectUser, { params: { id: refused.id }, body: { reason: 'Unknown to us' } });
    expect(
      await until(() => smtp.to(pending.email).length === 1 && smtp.to(refused.email).length === 1),
    ).toBe(true);
    const [approved] = smtp.to(pending.email);
    expect(approved.subject).toBe('Your Workbench account is approved');
    expect(approved.text).toContain('You can sign in now');
    expect(approved.text).toContain(`${APP_URL}/`);
    expect(approved.html).toContain(`href="${APP_URL}/"`);
    expect(smtp.to(refused.email)[0].text).toContain('Reason: Unknown to us');
  });

  it('sends no e-mail for kinds that go to the app only (a comment)', async () => {
    const manager = await t.userClient('manager');
    const employee = await t.userClient('employee');
    const task = (
      await manager.api.call(tasksApi.create, { body: { title: 'Quiet', assigneeId: employee.user.id } })
    ).json();
    expect(await until(() => smtp.to(employee.user.email).length === 1)).toBe(true);
    await manager.api.call(tasksApi.addComment, { params: { id: task.id }, body: { text: 'Just a note' } });
    // The comment committed; had it queued a mail, the dispatcher (kicked after the commit) would send it now.
    await new Promise((r) => setTimeout(r, 600));
    expect(smtp.to(employee.user.email)).toHaveLength(1);
    expect(await t.db.select().from(outbox).where(eq(outbox.kind, 'notification:task_comment'))).toEqual([]);
  });
});

describe('the outbox through an SMTP outage and a restart', () => {
  it('keeps every mail while the server is down, retries with back-off, delivers each once when it is back', async () => {
    const manager = await t.userClient('manager');
    const people = await Promise.all([1, 2, 3, 4, 5].map(() => t.createUser('employee')));
    const outageMails = () => smtp.received.filter((m) => m.subject?.includes('“Outage'));
    // The SMTP server goes down in the middle of the queue, after the second of the five.
    smtp.stopAfter = () => outageMails().length === 2;
    for (const [i, p] of people.entries()) {
      await manager.api.call(tasksApi.create, { body: { title: `Outage ${i}`, assigneeId: p.id } });
    }
    const queued = async () => {
      const rows = await t.db.select().from(outbox).where(eq(outbox.kind, 'notification:task_assigned'));
      return rows.filter((r) => people.some((p) => p.email === r.toEmail));
    };
    // The rest were tried, failed and rescheduled (tried again at least once): not sent, not given up.
    expect(
      await until(async () => {
        const pending = (await queued()).filter((r) => !r.sentAt);
        return pending.length >= 1 && pending.every((r) => r.attempts >= 2 && r.lastError && !r.failedAt);
      }),
    ).toBe(true);
    const sentBefore = outageMails().length;
    expect(sentBefore).toBeGreaterThanOrEqual(2);
    expect(sentBefore).toBeLessThan(5);
    expect((await queued()).filter((r) => r.sentAt)).toHaveLength(sentBefore);
    smtp.stopAfter = () => false;
    // The app restarts meanwhile: a new instance on the same database finds the queue.
    await t.app.close();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env() });
    const restarted = await buildApp({
      database: t.database,
      config,
      clock: systemClock,
      logger: false,
      mailer: createMailer(t.database.db, {
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        clock: systemClock,
        ...fast,
      }),
    });
    await restarted.ready();
    try {
      await smtp.start();
      expect(await until(() => people.every((p) => smtp.to(p.email).length >= 1))).toBe(true);
      // Polling goes on; nothing arrives a second time.
      await new Promise((r) => setTimeout(r, 800));
      for (const [i, p] of people.entries()) {
        expect(smtp.to(p.email).map((m) => m.subject)).toEqual([
          `${manager.user.firstName} ${manager.user.lastName} assigned you “Outage ${i}”`,
        ]);
      }
      const after = await t.db.select().from(outbox);
      expect(after.filter((r) => !r.sentAt && !r.failedAt && r.kind.startsWith('notification:'))).toEqual([]);
    } finally {
      await restarted.close();
    }
  });

  it('two dispatchers on one database send each mail once (claims skip what the other holds)', async () => {
    const a = createMailer(t.database.db, {
      smtpUrl: env().SMTP_URL,
      from: 'a@example.test',
      clock: systemClock,
      ...fast,
      batch: 2,
    });
    const b = createMailer(t.database.db, {
      smtpUrl: env().SMTP_URL,
      from: 'b@example.test',
      clock: systemClock,
      ...fast,
      batch: 2,
    });
    const subjects = Array.from({ length: 10 }, (_, i) => `Pair ${i}`);
    for (const subject of subjects)
      await a.send({ to: 'pair@example.test', subject, text: subject, kind: 'test' });
    a.start();
    b.start();
    try {
      expect(await until(() => smtp.to('pair@example.test').length >= 10)).toBe(true);
      await new Promise((r) => setTimeout(r, 500));
      expect(
        smtp
          .to('pair@example.test')
          .map((m) => m.subject)
          .sort(),
      ).toEqual([...subjects].sort());
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});

describe('retry delay', () => {
  it('doubles from the base per failed try, up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelay(n, 30_000, 300_000))).toEqual([
      30_000, 60_000, 120_000, 240_000, 300_000, 300_000,
    ]);
  });
});
