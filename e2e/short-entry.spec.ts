import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApprovedUser, createProject, signInContext } from './accounts';
import { capture, DESKTOP, launchBrowser, newContext, PHONE, snap } from './support';

let browser: Browser;
let employee: Awaited<ReturnType<typeof createApprovedUser>>;
const PROJECT = 'Standup Notes';

beforeAll(async () => {
  browser = await launchBrowser();
  const manager = await createApprovedUser('manager');
  await createProject(manager, PROJECT, { description: 'Short timers', priority: 'low' });
  employee = await createApprovedUser('employee', { firstName: 'Quinn', lastName: 'Quick' });
});
afterAll(() => browser?.close());

async function tracker(viewport = DESKTOP): Promise<Page> {
  const context = await newContext(browser, viewport);
  await signInContext(context, employee);
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('page error:', err.message));
  await page.goto('/tracker');
  return page;
}

const entry = (page: Page) => page.getByTestId('time-entry').filter({ hasText: 'Quick sync' });
const minutesOf = (hhmm: string) => {
  const [hours, minutes] = hhmm.split(':').map(Number);
  return hours * 60 + minutes;
};
const durationOf = (page: Page) => entry(page).getByTestId('entry-duration').textContent();

describe('a timer entry shorter than a minute', () => {
  it('shows its seconds, not 0h 0m, and saves unchanged from the edit dialog', async () => {
    const page = await tracker();
    await page.getByRole('combobox', { name: 'Project' }).click();
    await page.getByRole('option', { name: PROJECT }).click();
    await page.getByPlaceholder('What are you working on?').fill('Quick sync');
    await page.getByRole('button', { name: 'Start Timer' }).click();
    // A couple of seconds on the clock, well under a minute.
    await page.waitForFunction(() => {
      const shown = document.querySelector('[role="timer"]')?.textContent ?? '';
      return shown >= '00:00:02';
    });
    await page.getByRole('button', { name: 'Stop Timer' }).click();
    await page.getByText(/^Time logged: \d+s$/).waitFor();
    await entry(page).waitFor();
    const shown = await durationOf(page);
    expect(shown).toMatch(/^[1-9]\d?s$/);
    const times = await entry(page).locator('p').last().textContent();
    await snap(page, 'time-tracker-short-entry-desktop');

    await entry(page).getByRole('button', { name: 'Edit entry: Quick sync' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Time Entry' });
    // Under a minute long, so the start and end minutes are equal or, when the timer ran across a
    // minute boundary, one apart (across midnight too).
    const start = await dialog.locator('#entry-startTime').inputValue();
    const end = await dialog.locator('#entry-endTime').inputValue();
    expect([0, 1]).toContain((minutesOf(end) - minutesOf(start) + 1440) % 1440);
    await page.waitForTimeout(300); // let the dialog's fade-in finish before the picture
    await capture(page, 'time-tracker-short-entry-edit-desktop');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Entry Updated', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await durationOf(page)).toBe(shown);
    expect(await entry(page).locator('p').last().textContent()).toBe(times);

    // A real change (the description) keeps the measured seconds as well.
    await entry(page).getByRole('button', { name: 'Edit entry: Quick sync' }).click();
    await dialog.locator('#entry-description').fill('Quick sync with design');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    const renamed = page.getByTestId('time-entry').filter({ hasText: 'Quick sync with design' });
    await renamed.waitFor();
    expect(await renamed.getByTestId('entry-duration').textContent()).toBe(shown);
    await page.context().close();
  });

  it('reads the same at 375 px', async () => {
    const page = await tracker(PHONE);
    await entry(page).waitFor();
    expect(await durationOf(page)).toMatch(/^[1-9]\d?s$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await snap(page, 'time-tracker-short-entry-phone');
    await entry(page)
      .getByRole('button', { name: /^Edit entry/ })
      .click();
    await page.getByRole('dialog', { name: 'Edit Time Entry' }).waitFor();
    await page.waitForTimeout(300); // let the dialog's fade-in finish before the picture
    await capture(page, 'time-tracker-short-entry-edit-phone');
    await page.context().close();
  });
});
