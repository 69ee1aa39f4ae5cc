import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '@contract/admin';
import { authApi } from '@contract/auth';
import { eq } from 'drizzle-orm';
import { outbox, settings } from '../../db/schema';
import { notificationsApi } from '@contract/notifications';
import { tasksApi } from '@contract/tasks';
import { languagesOf } from '../../core/readers';
import { freePort } from '../../test/free-port';
import { createTestApp, type TestContext } from '../../test/harness';
import { mailServer, until } from '../../test/smtp';

/**
 * The server's words in the reader's language (docs/decisions/035-languages.md): a mail and a
 * notification in the recipient's, a mail asked for by its recipient in their browser's when they
 * chose none. Through a real SMTP server.
 */
const APP_URL = 'https://work.example.test';
let port: number;
let smtp: ReturnType<typeof mailServer>;
let t: TestContext;

beforeAll(async () => {
  port = await freePort();
  smtp = mailServer(port);
  await smtp.start();
  t = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, APP_URL, TRUST_PROXY: 'true' },
    mail: { pollMs: 100, baseDelayMs: 100, maxDelayMs: 400, leaseMs: 5_000 },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

let address = 0;
const from = () => ({ 'x-forwarded-for': `198.51.100.${++address}` });

describe('notifications in the recipient language', () => {
  it('writes a German recipient’s notification and its mail in German, an English one’s as before', async () => {
    const manager = await t.userClient('manager', { firstName: 'Maria', lastName: 'Meyer', language: 'en' });
    const german = await t.userClient('employee', { firstName: 'Dora', language: 'de' });
    const english = await t.userClient('employee', { firstName: 'Eli' });
    for (const who of [german, english])
      await manager.api.call(tasksApi.create, {
        body: { title: 'Stühle <bestellen>', description: 'Zwölf & grau.', assigneeId: who.user.id },
      });
    expect(
      await until(() => smtp.to(german.user.email).length === 1 && smtp.to(english.user.email).length === 1),
    ).toBe(true);

    const [de] = smtp.to(german.user.email);
    expect(de.subject).toBe('Maria Meyer hat Ihnen „Stühle <bestellen>“ zugewiesen');
    expect(de.text).toContain('Hallo Dora,');
    expect(de.text).toContain('Zwölf & grau.');
    expect(de.text).toContain(`In Workbench öffnen: ${APP_URL}/tasks/`);
    expect(de.text).toContain('aufgrund Ihrer Benachrichtigungseinstellungen');
    expect(de.html).toContain('Stühle &lt;bestellen&gt;');
    expect(de.html).toContain(`<a href="${APP_URL}/profile">Benachrichtigungseinstellungen</a>`);

    const [en] = smtp.to(english.user.email);
    expect(en.subject).toBe('Maria Meyer assigned you “Stühle <bestellen>”');
    expect(en.text).toContain('Hello Eli,');
    expect(en.text).toContain(`Open in Workbench: ${APP_URL}/tasks/`);
    expect(en.html).toContain(
      `You get this e-mail because of your <a href="${APP_URL}/profile">notification settings</a>.`,
    );

    // The bell reads what was written for each: stored in the recipient's language.
    const bell = (await german.api.call(notificationsApi.list, { query: {} })).json();
    expect(bell[0].title).toBe('Maria Meyer hat Ihnen „Stühle <bestellen>“ zugewiesen');
    const englishBell = (await english.api.call(notificationsApi.list, { query: {} })).json();
    expect(englishBell[0].title).toBe('Maria Meyer assigned you “Stühle <bestellen>”');
  });
});

describe('mails asked for by their recipient', () => {
  const resetMail = (email: string) => smtp.to(email).find((m) => m.text?.includes('/reset-password?token='));

  it('a password reset in the person’s chosen language, whatever the browser says', async () => {
    const german = await t.createUser('employee', { firstName: 'Dora', language: 'de' });
    await t.anonymous.call(authApi.requestPasswordReset, {
      body: { email: german.email },
      headers: { ...from(), 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(await until(() => !!resetMail(german.email))).toBe(true);
    const mail = resetMail(german.email);
    expect(mail?.subject).toBe('Neues Workbench-Passwort wählen');
    expect(mail?.text).toContain('Hallo Dora,');
    expect(mail?.text).toContain('Ihr Passwort bleibt unverändert.');

    // The security notice after the reset is German too, its time written the German way.
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const done = await t.anonymous.call(authApi.confirmPasswordReset, {
      body: { token, password: 'Brand1NewPass' },
      headers: from(),
    });
    expect(done.statusCode).toBe(200);
    expect(await until(() => smtp.to(german.email).length === 2)).toBe(true);
    const notice = smtp.to(german.email)[1];
    expect(notice.subject).toBe(
      'Workbench: Ihr Passwort wurde über einen an diese Adresse gesendeten Link zurückgesetzt',
    );
    expect(notice.text).toMatch(/\(Ihr Workbench-Konto, \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} UTC\)\./);
    expect(notice.text).toContain('Wenn Sie das waren, ist nichts zu tun.');
  });

  it('without a chosen language, in the browser’s (Accept-Language); English stays as it was', async () => {
    const undecided = await t.createUser('employee', { firstName: 'Uli' });
    await t.anonymous.call(authApi.requestPasswordReset, {
      body: { email: undecided.email },
      headers: { ...from(), 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' },
    });
    const english = await t.createUser('employee', { firstName: 'Eli' });
    await t.anonymous.call(authApi.requestPasswordReset, { body: { email: english.email }, headers: from() });
    expect(await until(() => !!resetMail(undecided.email) && !!resetMail(english.email))).toBe(true);
    expect(resetMail(undecided.email)?.subject).toBe('Neues Workbench-Passwort wählen');
    const en = resetMail(english.email);
    expect(en?.subject).toBe('Choose a new Workbench password');
    expect(en?.text).toMatch(
      /^Hello Eli,\n\nsomeone \(we hope you\) asked to choose a new password for your Workbench account\. Open this link within 30 minutes to do so; it works once:\n\nhttps:\/\/work\.example\.test\/reset-password\?token=[A-Za-z0-9_-]+\n\nIf you did not ask, ignore this e-mail: your password stays as it is\.\n?$/,
    );
  });
});

describe('mails to someone who chose no language', () => {
  it('a registration code in the browser’s language', async () => {
    const res = await t.anonymous.call(authApi.register, {
      body: {
        firstName: 'Rita',
        lastName: 'Register',
        email: 'rita@example.test',
        password: 'Brand1NewPass',
        role: 'employee',
      },
      headers: { ...from(), 'accept-language': 'de' },
    });
    expect(res.statusCode).toBeLessThan(300);
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.toEmail, 'rita@example.test'));
    expect(mail.subject).toBe('Ihr Workbench-Bestätigungscode');
    expect(mail.text).toMatch(
      /^Hallo Rita,\n\nIhr Bestätigungscode lautet [A-Z0-9]+\. Er ist 15 Minuten gültig\.$/,
    );
  });

  it('an invitation, and a notification of someone without a choice, in the organisation’s language', async () => {
    await t.db
      .insert(settings)
      .values({ id: 1, defaultLanguage: 'de' })
      .onConflictDoUpdate({ target: settings.id, set: { defaultLanguage: 'de' } });
    try {
      const { api: admin } = await t.userClient('admin', { language: 'en' });
      await admin.call(adminApi.invite, { body: { email: 'ina@example.test', role: 'manager' } });
      const [invitation] = await t.db.select().from(outbox).where(eq(outbox.toEmail, 'ina@example.test'));
      expect(invitation.subject).toBe('Einladung zu Workbench');
      expect(invitation.text).toContain('Sie wurden eingeladen, Workbench als Manager beizutreten.');

      const manager = await t.userClient('manager', {
        firstName: 'Maria',
        lastName: 'Meyer',
        language: 'en',
      });
      const undecided = await t.userClient('employee');
      await manager.api.call(tasksApi.create, { body: { title: 'Ablage', assigneeId: undecided.user.id } });
      const bell = (await undecided.api.call(notificationsApi.list, { query: {} })).json();
      expect(bell[0].title).toBe('Maria Meyer hat Ihnen „Ablage“ zugewiesen');
      // Many people's languages in one query: a choice, else the organisation's.
      const read = await languagesOf(t.db, [undecided.user.id, manager.user.id]);
      expect(Object.fromEntries(read)).toEqual({ [undecided.user.id]: 'de', [manager.user.id]: 'en' });
    } finally {
      await t.db.update(settings).set({ defaultLanguage: 'en' }).where(eq(settings.id, 1));
    }
  });
});
