import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_NOT_IMAGE } from '@contract/profile';
import { call, createApprovedUser, openSignedIn, signInApi } from './accounts';
import { launchBrowser, PHONE, snap } from './support';
import { english } from '../server/test/messages';

let browser: Browser;
type Session = Awaited<ReturnType<typeof createApprovedUser>>;
let manager: Session;
let employee: Session;
const TASK = 'Prepare the customer workshop';

beforeAll(async () => {
  browser = await launchBrowser();
  manager = await createApprovedUser('manager', { firstName: 'Nora', lastName: 'Lead' });
  employee = await createApprovedUser('employee', { firstName: 'Ben', lastName: 'Builder' });
});
afterAll(() => browser?.close());

const bell = (page: Page) => page.getByTestId('notification-bell');
/** Waits until the bell's accessible name says this many unread (no number when none). */
const bellSays = (page: Page, unread: number) =>
  page
    .getByRole('button', { name: unread ? `Notifications, ${unread} unread` : 'Notifications', exact: true })
    .waitFor();
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
const card = (page: Page) => page.getByTestId('task-card').filter({ hasText: TASK });

/** Popovers are fixed to the viewport: captured as the person sees them. */
async function snapPanel(page: Page, name: string) {
  await page.waitForTimeout(300);
  await snap(page, name);
}

describe('notifications journey (two people, live)', () => {
  let managerPage: Page;
  let employeePage: Page;

  it("a manager assigns a task and the employee's bell counts up without a reload", async () => {
    ({ page: managerPage } = await openSignedIn(browser, manager, '/advanced-tasks'));
    ({ page: employeePage } = await openSignedIn(browser, employee, '/my-tasks'));
    // Both were welcomed when their accounts were approved.
    await bellSays(employeePage, 1);
    await bellSays(managerPage, 1);
    await managerPage.getByRole('button', { name: 'Create Task' }).first().click();
    const dialog = managerPage.getByTestId('create-task-dialog');
    await dialog.getByLabel('Title').fill(TASK);
    await dialog.getByLabel('Description').fill('Agenda, room and the demo data.');
    await dialog.getByRole('combobox', { name: 'Assignee' }).click();
    await managerPage.getByRole('option', { name: 'Ben Builder', exact: true }).click();
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await card(managerPage).waitFor();
    await bellSays(employeePage, 2);
    expect(await employeePage.getByTestId('notification-count').textContent()).toBe('2');
    await snap(employeePage, 'notifications-bell-desktop');
    // The manager caused it and hears nothing of it.
    await bellSays(managerPage, 1);
  });

  it('the employee opens the panel, newest first, follows the task and marks everything read', async () => {
    const page = employeePage;
    await bell(page).click();
    const list = panel(page).getByRole('list', { name: 'Notifications' });
    await list.waitFor();
    const items = list.getByRole('listitem');
    expect(await items.count()).toBe(2);
    expect(await items.nth(0).textContent()).toContain(`Nora Lead assigned you “${TASK}”`);
    expect(await items.nth(0).textContent()).toContain('Agenda, room and the demo data.');
    expect(await items.nth(1).textContent()).toContain('Your Workbench account is approved');
    await snapPanel(page, 'notifications-panel-desktop');
    await page.goto('/');
    await bell(page).click();
    await panel(page)
      .getByRole('link', { name: new RegExp(`assigned you “${TASK}”`) })
      .click();
    // A notification about a task opens the task's page (docs/product/tasks.md#task-page).
    await page.waitForURL('**/tasks/*');
    await page.getByRole('heading', { level: 1, name: TASK }).waitFor();
    await bellSays(page, 1);
    await bell(page).click();
    await panel(page).getByRole('button', { name: 'Mark all read' }).click();
    await bellSays(page, 0);
    expect(await page.getByTestId('notification-count').count()).toBe(0);
    expect(await panel(page).getByText('(unread)').count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  it("the employee submits; the manager's bell counts up live and links to the review", async () => {
    const page = employeePage;
    await page.goto('/advanced-tasks');
    await card(page).getByRole('button', { name: 'Submit for Review' }).click();
    await card(page).getByText('Pending Review', { exact: true }).waitFor();
    await bellSays(managerPage, 2);
    await bell(managerPage).click();
    const first = panel(managerPage).getByRole('listitem').first();
    expect(await first.textContent()).toContain(`Ben Builder submitted “${TASK}” for review`);
    await first.getByRole('button', { name: /^Mark read: / }).click();
    await bellSays(managerPage, 1);
    await snapPanel(managerPage, 'notifications-manager-panel-desktop');
    // The employee caused it: their bell stays quiet.
    await bellSays(employeePage, 0);
  });

  it('on a phone the bell and its panel fit the screen', async () => {
    const { page } = await openSignedIn(browser, employee, '/my-tasks', PHONE);
    await bellSays(page, 0);
    await bell(page).click();
    await panel(page).getByRole('list', { name: 'Notifications' }).waitFor();
    const box = await panel(page).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    await snapPanel(page, 'notifications-panel-375');
  });
});

describe('profile journey', () => {
  it('reached from the user card: names, time zone, a notification channel, sessions, password (desktop)', async () => {
    const person = await createApprovedUser('employee', { firstName: 'Paula', lastName: 'Profile' });
    // A second session, as from a phone, which the password change will end.
    const phone = await signInApi(person.email, person.password);
    const { page } = await openSignedIn(browser, person, '/');
    await page.getByTestId('user-card').click();
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    await page.getByRole('list', { name: 'Active sessions' }).getByRole('listitem').nth(1).waitFor();
    expect(await page.getByTestId('session-row').count()).toBe(2);
    await snap(page, 'profile-desktop');

    // Bad then good names; the sidebar's card follows.
    const first = page.getByLabel('First name');
    await first.fill('P');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('First name must be at least 2 characters').waitFor();
    await first.fill('Paulina');
    // The zone is searched, not typed out: a few letters and the keyboard choose it.
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    await zone.fill('berl');
    await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['Europe/Berlin']);
    await snap(page, 'profile-time-zone-search-desktop');
    await zone.press('Enter');
    expect(await zone.inputValue()).toBe('Europe/Berlin');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile saved').first().waitFor();
    await page.getByTestId('user-card').getByText('Paulina Profile').waitFor();
    const saved = await call('GET', '/api/profile', undefined, phone.cookie);
    expect(saved.body).toMatchObject({ firstName: 'Paulina', timeZone: 'Europe/Berlin' });

    // A picture: a text file is refused, a real one is shown here and in the user card.
    await page.getByTestId('avatar-input').setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not really a picture'),
    });
    await page.getByRole('alert').getByText(english(AVATAR_NOT_IMAGE)).waitFor();
    const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    await page
      .getByTestId('avatar-input')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
    await page.getByText('Picture updated').first().waitFor();
    await page.getByTestId('profile-picture').waitFor();
    await page.getByTestId('user-card-picture').waitFor();
    expect(
      await page.getByTestId('user-card-picture').evaluate((img) => (img as HTMLImageElement).naturalWidth),
    ).toBe(256);
    await snap(page, 'profile-with-picture-desktop');

    // Comments by e-mail too.
    await page.getByLabel('Someone commented on your task').click();
    await page.getByRole('option', { name: 'In the app and by e-mail', exact: true }).click();
    await page.getByText('Preference saved').first().waitFor();
    const prefs = await call('GET', '/api/profile/notification-preferences', undefined, phone.cookie);
    expect(
      (prefs.body as unknown as { kind: string; channel: string }[]).find((p) => p.kind === 'task_comment')
        ?.channel,
    ).toBe('both');

    // E-mails as one daily digest.
    await page.getByLabel('How e-mails arrive').click();
    await page.getByRole('option', { name: 'E-mail: daily digest', exact: true }).click();
    await page.getByText('E-mail: daily digest.').first().waitFor();
    expect((await call('GET', '/api/profile/email-delivery', undefined, phone.cookie)).body).toEqual({
      delivery: 'digest',
    });
    await snap(page, 'profile-digest-desktop');

    // The password: wrong current one first, then the change ends the phone's session.
    await page.getByLabel('Current password').fill('Wrong1pass');
    await page.getByLabel('New password', { exact: true }).fill('Brand1newpass');
    await page.getByLabel('Confirm new password').fill('Brand1newpass');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Current password is incorrect').waitFor();
    await page.getByLabel('Current password').fill(person.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed').first().waitFor();
    await expect.poll(() => page.getByTestId('session-row').count()).toBe(1);
    expect((await call('GET', '/api/profile', undefined, phone.cookie)).status).toBe(401);
    // This browser goes on.
    await page.reload();
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    expect(await page.getByLabel('First name').inputValue()).toBe('Paulina');
  });

  it('at 375 px: everything stacks and fits; another session can be ended', async () => {
    const person = await createApprovedUser('manager', { firstName: 'Mo', lastName: 'Mobile' });
    const other = await signInApi(person.email, person.password);
    const { page } = await openSignedIn(browser, person, '/profile', PHONE);
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('session-row').count()).toBe(2);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await snap(page, 'profile-375');
    await page.getByRole('button', { name: /^End session: / }).click();
    await page.getByText('Session ended').first().waitFor();
    await expect.poll(() => page.getByTestId('session-row').count()).toBe(1);
    expect((await call('GET', '/api/profile', undefined, other.cookie)).status).toBe(401);
  });
});
