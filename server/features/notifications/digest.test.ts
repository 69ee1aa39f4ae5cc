import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasksApi } from '@contract/tasks';
import { settingsApi } from '@contract/settings';
import { profileApi } from '@contract/profile';
import { digestItems, notifications, outbox } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { contextFor } from '../../lib/context';
import { freePort } from '../../test/free-port';
import { createTestApp, type TestContext } from '../../test/harness';
import { mailServer, until } from '../../test/smtp';
import { NINE_TO_FIVE_UTC } from '../../test/time-fixtures';
import { sendDigests } from './digest';

const APP_URL = 'https://work.example.test';
const clock = fixedClock('2026-03-10T10:00:00Z');
let smtp: ReturnType<typeof mailServer>;
let t: TestContext;

beforeAll(async () => {
  const port = await freePort();
  smtp = mailServer(port);
  await smtp.start();
  t = await createTestApp({
    clock,
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, APP_URL, MAIL_FROM: 'Workbench <bot@example.test>' },
    mail: { pollMs: 100, baseDelayMs: 100, maxDelayMs: 400, leaseMs: 5_000 },
  });
  const { api: admin } = await t.userClient('admin');
  expect((await admin.call(settingsApi.save, { body: NINE_TO_FIVE_UTC })).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const sweep = () => sendDigests(contextFor(t.app.deps, null, t.app.log));

describe('e-mail delivery: each event or a daily digest', () => {
  it('reads and saves the choice; refuses bad input and anonymous calls', async () => {
    const { api } = await t.userClient('employee');
    expect((await api.call(profileApi.emailDelivery)).json()).toEqual({ delivery: 'each' });
    const saved = await api.call(profileApi.putEmailDelivery, { body: { delivery: 'digest' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ delivery: 'digest' });
    expect((await api.call(profileApi.emailDelivery)).json()).toEqual({ delivery: 'digest' });
    for (const body of [{}, { delivery: 'weekly' }, { delivery: true }]) {
      const res = await api.put('/api/profile/email-delivery', body);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect((await t.anonymous.call(profileApi.emailDelivery)).statusCode).toBe(401);
    expect(
      (await t.anonymous.call(profileApi.putEmailDelivery, { body: { delivery: 'each' } })).statusCode,
    ).toBe(401);
  });

  it('holds the mails of a digest reader, sends them the next day as one mail, once', async () => {
    clock.set('2026-03-10T10:00:00Z');
    const manager = await t.userClient('manager', { firstName: 'Mara', lastName: 'Manager' });
    const reader = await t.userClient('employee', { firstName: 'Dora', lastName: 'Digest' });
    const each = await t.userClient('employee', { firstName: 'Eli', lastName: 'Each' });
    await reader.api.call(profileApi.putEmailDelivery, { body: { delivery: 'digest' } });
    for (const [title, who] of [
      ['Order <the> chairs', reader],
      ['Book the room', reader],
      ['Plan the trip', each],
    ] as const) {
      clock.advance(60_000);
      const res = await manager.api.call(tasksApi.create, {
        body: {
          title,
          description: `About ${title}`,
          assigneeId: who.user.id,
        },
      });
      expect(res.statusCode).toBe(201);
    }
    // The one-by-one reader gets their mail at once; the digest reader only the bell.
    expect(await until(() => smtp.to(each.user.email).length === 1)).toBe(true);
    expect(
      await t.db.select().from(notifications).where(eq(notifications.userId, reader.user.id)),
    ).toHaveLength(2);
    expect(await t.db.select().from(outbox).where(eq(outbox.toEmail, reader.user.email))).toHaveLength(0);
    expect(await t.db.select().from(digestItems).where(eq(digestItems.userId, reader.user.id))).toHaveLength(
      2,
    );

    // The same day: nothing is due.
    clock.set('2026-03-10T23:59:00Z');
    expect(await sweep()).toBe(0);

    // After midnight (UTC, the organisation's zone): one digest, even with two sweeps at once and a third later.
    clock.set('2026-03-11T00:01:00Z');
    const [a, b] = await Promise.all([sweep(), sweep()]);
    expect(a + b).toBe(1);
    expect(await sweep()).toBe(0);
    expect(await until(() => smtp.to(reader.user.email).length === 1)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    const mails = smtp.to(reader.user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe('Your Workbench digest for 2026-03-10: 2 notifications');
    expect(mail.text).toContain('Hello Dora,');
    expect(mail.text).toContain('* Mara Manager assigned you “Order <the> chairs”');
    expect(mail.text).toContain('About Book the room');
    expect(mail.text).toContain(`${APP_URL}/tasks/`);
    expect(mail.text?.indexOf('Order <the> chairs')).toBeLessThan(mail.text?.indexOf('Book the room') ?? 0);
    expect(mail.html).toContain('Order &lt;the&gt; chairs');
    expect(mail.html).toContain(`href="${APP_URL}/tasks/`);
    expect(mail.html).toContain(`href="${APP_URL}/profile"`);
    const rows = await t.db.select().from(digestItems).where(eq(digestItems.userId, reader.user.id));
    expect(rows.every((r) => r.digestedAt !== null)).toBe(true);
  });

  it("counts the day in the reader's own time zone", async () => {
    clock.set('2026-03-12T20:00:00Z');
    const manager = await t.userClient('manager');
    const reader = await t.userClient('employee', { timeZone: 'America/New_York', emailDigest: true });
    await manager.api.call(tasksApi.create, { body: { title: 'Late task', assigneeId: reader.user.id } });
    // 00:30 UTC is still the 12th (20:30) in New York: not due; 05:00 UTC is the 13th there.
    clock.set('2026-03-13T00:30:00Z');
    await sweep();
    expect(await t.db.select().from(outbox).where(eq(outbox.toEmail, reader.user.email))).toHaveLength(0);
    clock.set('2026-03-13T05:00:00Z');
    expect(await sweep()).toBe(1);
    const [queued] = await t.db.select().from(outbox).where(eq(outbox.toEmail, reader.user.email));
    expect(queued.subject).toBe('Your Workbench digest for 2026-03-12: 1 notification');
  });

  it("is written in the reader's language, its day the German way", async () => {
    clock.set('2026-03-20T10:00:00Z');
    const manager = await t.userClient('manager', { firstName: 'Mara', lastName: 'Manager' });
    const reader = await t.userClient('employee', { firstName: 'Dora', emailDigest: true, language: 'de' });
    await manager.api.call(tasksApi.create, { body: { title: 'Stühle', assigneeId: reader.user.id } });
    clock.set('2026-03-21T00:01:00Z');
    expect(await sweep()).toBe(1);
    const [queued] = await t.db.select().from(outbox).where(eq(outbox.toEmail, reader.user.email));
    expect(queued.subject).toBe('Ihre Workbench-Zusammenfassung für 20.03.2026: 1 Benachrichtigung');
    expect(queued.text).toContain('Hallo Dora,');
    expect(queued.text).toContain('Was in Workbench passiert ist (20.03.2026):');
    expect(queued.text).toContain('* Mara Manager hat Ihnen „Stühle“ zugewiesen');
    expect(queued.html).toContain(`<a href="${APP_URL}/profile">Benachrichtigungseinstellungen</a>`);
  });
});
