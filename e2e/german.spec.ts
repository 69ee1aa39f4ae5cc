import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createApprovedUser, createProject, E2E_PASSWORD, signInContext } from './accounts';
import { inGerman as de } from './messages';
import { DESKTOP, launchBrowser, newContext, PHONE, snap } from './support';

// A German team's first day (issue 29): registration, a task, the timer, submitting the week and a
// report, all in German, with `lang="de"` and axe clean (snap runs axe), at 1280 and 375 px. The
// journey names elements by the English texts of the other journeys, turned into German through the
// message files (e2e/messages.ts): a text missing its German fails here.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

// Letters only: names may hold letters only.
const suffix = Date.now()
  .toString(36)
  .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]);

async function german(page: Page) {
  await page.waitForFunction(() => document.documentElement.lang === 'de');
}

describe('Workbench in German', () => {
  it('the sign-in page switches to Deutsch at once and remembers it; registration speaks German', async () => {
    for (const [viewport, size] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const context = await newContext(browser, viewport);
      // A browser that asks for English: the choice on the page decides.
      await context.setExtraHTTPHeaders({ 'Accept-Language': 'en-US,en;q=0.9' });
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      const loads: string[] = [];
      page.on('framenavigated', (frame) => frame === page.mainFrame() && loads.push(frame.url()));
      await page.getByLabel('Language').selectOption('de');
      await page.getByRole('button', { name: de('Sign In') }).waitFor();
      await german(page);
      expect(loads, 'switching reloads nothing').toEqual([]);
      await snap(page, `german-login-${size}`);
      await page.reload();
      await page.getByRole('button', { name: de('Sign In') }).waitFor();

      await page.getByRole('link', { name: de('Register here') }).click();
      await page.getByRole('button', { name: de('Create Account') }).click();
      // The form's own messages come from the message files too.
      await page.getByText(de('Please select a role')).waitFor();
      const email = `de.${size}.${suffix}@e2e.test`;
      await page.getByLabel(de('First name')).fill('Jonas');
      await page.getByLabel(de('Last name')).fill('Schneider');
      await page.getByLabel(de('Email')).fill(email);
      await page.getByLabel(de('Password'), { exact: true }).fill(E2E_PASSWORD);
      await page.getByLabel(de('Confirm password')).fill(E2E_PASSWORD);
      await page.getByLabel(de('Role')).click();
      await page.getByRole('option', { name: de('Employee') }).click();
      await page.getByRole('button', { name: de('Create Account') }).click();
      await page.getByLabel(de('Verification code')).waitFor();
      await snap(page, `german-register-verify-${size}`);
      await context.close();
    }
  });

  it('a German employee tracks, plans and submits a week; a German manager reads the report', async () => {
    const manager = await createApprovedUser('manager', { firstName: 'Greta', lastName: `Gruber${suffix}` });
    const employee = await createApprovedUser('employee', { firstName: 'Lukas', lastName: `Lang${suffix}` });
    const project = `Webseite ${suffix}`;
    await createProject(manager, project);
    for (const who of [manager, employee])
      expect((await call('PATCH', '/api/profile', { language: 'de' }, who.cookie)).status).toBe(200);

    const context = await newContext(browser, DESKTOP);
    await signInContext(context, { ...employee, user: { ...employee.user, language: 'de' } });
    const page = await context.newPage();
    await page.goto('/my-tasks');
    await german(page);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await snap(page, 'german-my-tasks-desktop');
    await page
      .getByRole('button', { name: de('New Task') })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: de('Create New Task') }).waitFor();
    await dialog.getByLabel(de('Title')).fill('Impressum prüfen');
    await dialog.getByRole('button', { name: de('Create Task') }).click();
    await page.getByText('Impressum prüfen').first().waitFor();

    await page.goto('/tracker');
    await page.getByRole('combobox', { name: de('Project') }).click();
    await page.getByRole('option', { name: project }).click();
    await page.getByPlaceholder(de('What are you working on?')).fill('Impressum prüfen');
    await page.getByRole('button', { name: de('Start Timer') }).click();
    await page.getByRole('button', { name: de('Stop Timer') }).waitFor();
    await page.getByRole('button', { name: de('Stop Timer') }).click();
    await page.getByRole('button', { name: de('Start Timer') }).waitFor();
    await snap(page, 'german-tracker-desktop');

    // Last week: a week can be submitted from its last working day.
    const monday = new Date();
    monday.setUTCHours(12, 0, 0, 0);
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7) - 7);
    await page.goto(`/timesheets?week=${monday.toISOString().slice(0, 10)}`);
    await page.getByRole('button', { name: de('Submit Week') }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByRole('heading', { name: de('Submit this week?') }).waitFor();
    await confirm.getByRole('button', { name: de('Submit Week') }).click();
    await confirm.waitFor({ state: 'detached' });
    await snap(page, 'german-timesheets-desktop');
    await context.close();

    const boss = await newContext(browser, PHONE);
    await signInContext(boss, { ...manager, user: { ...manager.user, language: 'de' } });
    const report = await boss.newPage();
    await report.goto('/reports');
    await german(report);
    await report.getByRole('heading', { name: de('Reports'), level: 1 }).waitFor();
    await snap(report, 'german-reports-phone');
    await boss.close();
  });
});
