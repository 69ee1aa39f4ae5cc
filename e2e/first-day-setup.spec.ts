import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { showTheme } from './a11y-sweep';
import { startAppServer } from './app-server';
import { DESKTOP, launchBrowser, PHONE, snap } from './support';

// A new organisation's first day (docs/product/dashboard.md#setup): its own server on an empty
// database, so the checklist starts from nothing whatever the other journeys did.
const ADMIN = { email: 'founder@first-day.test', password: 'FounderPass1' };
let browser: Browser;
let server: Awaited<ReturnType<typeof startAppServer>>;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wb-first-day-'));
  [browser, server] = await Promise.all([
    launchBrowser(),
    startAppServer({
      WORKBENCH_STORAGE: 'pglite',
      DATABASE_URL: '',
      DATA_DIR: join(dir, 'data'),
      WORKBENCH_ADMIN_EMAIL: ADMIN.email,
      WORKBENCH_ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: '',
      OIDC_ISSUER: '',
    }),
  ]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function signedInPage(viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport, reducedMotion: 'reduce' });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
  return page;
}

const checklist = (page: Page) => page.getByTestId('setup-checklist');
const stepDone = (page: Page, title: string) =>
  checklist(page).getByRole('listitem').filter({ hasText: title }).getByText('Done:');

describe("a new organisation's first day", () => {
  it('the admin follows the setup checklist from an empty database; it ticks itself', async () => {
    const page = await signedInPage();
    await checklist(page).getByRole('heading', { name: 'Set up your workspace' }).waitFor();
    await checklist(page).getByText('0 of 6 steps done').waitFor();
    await snap(page, 'setup-checklist-empty-desktop');

    // 1. Time zone and office hours: System Settings, saved once.
    await checklist(page).getByRole('link', { name: 'Open: Time zone and office hours' }).click();
    await page.waitForURL('**/admin?tab=settings');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page
      .getByRole('region', { name: /Notification/ })
      .getByText('Settings Saved')
      .waitFor();

    // 2. + 4. The first team, with a default schedule (3. work schedules).
    await page.goto('/');
    await stepDone(page, 'Time zone and office hours').waitFor();
    await checklist(page).getByRole('link', { name: 'Open: First team' }).click();
    await page.waitForURL('**/team/manage');
    await page.getByRole('button', { name: 'New Team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Team' });
    await dialog.getByRole('textbox', { name: 'Team name' }).fill('Operations');
    await dialog.getByRole('checkbox', { name: 'Give this team a default schedule' }).check();
    await dialog.getByRole('spinbutton', { name: 'Friday hours' }).fill('6');
    await dialog.getByRole('button', { name: 'Create Team' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('team-card').getByText('0 people · 38h a week by default').waitFor();

    // 5. Invite people.
    await page.goto('/');
    await stepDone(page, 'First team').waitFor();
    await stepDone(page, 'Work schedules').waitFor();
    await checklist(page).getByRole('link', { name: 'Open: Invite people' }).click();
    await page.waitForURL('**/admin?tab=users');
    await page.getByRole('button', { name: 'Send Invite' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite New User' });
    await invite.getByRole('textbox', { name: 'Email' }).fill('first.colleague@first-day.test');
    await invite.getByRole('button', { name: 'Send Invitation' }).click();
    // The dialog lists it among the open invitations.
    await invite.getByText('first.colleague@first-day.test').waitFor();

    await page.goto('/');
    await stepDone(page, 'Invite people').waitFor();
    await checklist(page).getByText('4 of 6 steps done').waitFor();
    // What is left says what to do; the e-mail server is set on the server, so it has no link.
    expect(await checklist(page).getByRole('link', { name: 'Open: E-mail server' }).count()).toBe(0);
    await checklist(page).getByRole('link', { name: 'Open: Public holidays' }).waitFor();
    await snap(page, 'setup-checklist-progress-desktop');
    await showTheme(page, 'dark');
    await snap(page, 'setup-checklist-progress-desktop-dark');
    await page.context().close();

    const phone = await signedInPage(PHONE);
    await checklist(phone).getByText('4 of 6 steps done').waitFor();
    await snap(phone, 'setup-checklist-progress-phone');
    await showTheme(phone, 'dark');
    await snap(phone, 'setup-checklist-progress-phone-dark');

    // Put away, it is gone for good; System Settings bring it back.
    await checklist(phone).getByRole('button', { name: 'Hide' }).click();
    await checklist(phone).waitFor({ state: 'detached' });
    await phone.reload();
    await phone.getByRole('heading', { name: /^Welcome/ }).waitFor();
    expect(await checklist(phone).count()).toBe(0);
    await phone.goto('/admin?tab=settings');
    await phone.getByRole('button', { name: 'Show Setup Checklist' }).click();
    await phone.waitForURL((url) => url.pathname === '/');
    await checklist(phone).getByText('4 of 6 steps done').waitFor();
    await phone.context().close();
  });
});
