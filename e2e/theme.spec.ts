import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createApprovedUser, signInContext } from './accounts';
import { browserForFile, PHONE, snap } from './support';

// The colour theme (docs/product/client-behaviour.md#theme): chosen in the header's menu or on the
// profile page, kept in this browser across reloads, and following the system live when "System".

const browser = browserForFile();
const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe('colour theme', () => {
  it('switches to dark from the header menu, keeps it after a reload, and follows the system on System', async () => {
    const session = await createApprovedUser('employee', { firstName: 'Nova', lastName: 'Night' });
    const context = await browser.context();
    await signInContext(context, session);
    const page = await context.newPage();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await isDark(page)).toBe(false);
    const light = await pageBackground(page);

    await page.getByRole('button', { name: 'Theme: System' }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    expect(await isDark(page)).toBe(true);
    expect(await pageBackground(page)).not.toBe(light);
    await page.getByRole('button', { name: 'Theme: Dark' }).waitFor();
    await snap(page, 'theme-dashboard-dark-chosen');

    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await isDark(page)).toBe(true);
    expect(
      await page.evaluate(
        () =>
          document.documentElement.style.colorScheme ||
          getComputedStyle(document.documentElement).colorScheme,
      ),
    ).toBe('dark');

    // System: follows the emulated preference, live, without a reload
    await page.getByRole('button', { name: 'Theme: Dark' }).click();
    await page.getByRole('menuitemradio', { name: 'System' }).click();
    expect(await isDark(page)).toBe(false);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => isDark(page)).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => isDark(page)).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('workbench.theme'))).toBeNull();
  });

  it('is applied before the first paint, also on the signed-out pages', async () => {
    const context = await browser.context(PHONE);
    await context.addInitScript(() => localStorage.setItem('workbench.theme', 'dark'));
    const page = await context.newPage();
    // what the server sends, before any module script has run: theme.js has already set the class
    await page.route('**/assets/**', (route) => route.abort());
    await page.goto('/login');
    expect(await isDark(page)).toBe(true);
    await page.unroute('**/assets/**');
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await snap(page, 'theme-login-dark-phone');
  });

  it('is chosen on the profile page too, and another tab follows', async () => {
    const session = await createApprovedUser('manager', { firstName: 'Lux', lastName: 'Day' });
    const context = await browser.context();
    await signInContext(context, session);
    await context.addInitScript(() => {
      if (!localStorage.getItem('theme-test-started')) {
        localStorage.setItem('theme-test-started', '1');
        localStorage.setItem('workbench.theme', 'dark');
      }
    });
    const page = await context.newPage();
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Appearance' }).waitFor();
    expect(await isDark(page)).toBe(true);
    const other = await context.newPage();
    await other.goto('/');
    await other.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await isDark(other)).toBe(true);

    await page.getByRole('combobox', { name: 'Theme' }).click();
    await page.getByRole('option', { name: 'Light' }).click();
    expect(await isDark(page)).toBe(false);
    await expect.poll(() => isDark(other)).toBe(false);
    await page.reload();
    await page.getByRole('heading', { name: 'Appearance' }).waitFor();
    expect(await isDark(page)).toBe(false);
    await snap(page, 'theme-profile-light');
  });
});
