import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './global-setup';
import { DESKTOP, launchBrowser, newContext, PHONE, snap } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The message a field's aria-describedby points at (what a screen reader reads with the field). */
function describedBy(page: Page, label: string) {
  return page.getByLabel(label, { exact: true }).evaluate((el) => {
    const ids = el.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
    return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
  });
}

describe('registration form', () => {
  it('shows every field’s message at once, the password mismatch included', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto('/register');
    await page.getByLabel('First name').fill('J');
    await page.getByLabel('Password', { exact: true }).fill('Password1');
    await page.getByLabel('Confirm password').fill('Password2');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText("Passwords don't match").waitFor();
    for (const message of [
      'First name must be at least 2 characters',
      'Last name must be at least 2 characters',
      'Please enter a valid email address',
      'Please select a role',
    ]) {
      expect(await page.getByText(message).count(), message).toBe(1);
    }
    expect(await describedBy(page, 'Confirm password')).toBe("Passwords don't match");
    expect(await describedBy(page, 'Email')).toBe('Please enter a valid email address');
    await snap(page, 'register-all-errors-desktop');
    await context.close();
  });

  it('puts a taken e-mail’s message on the Email field', async () => {
    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await page.goto('/register');
      await page.getByLabel('First name').fill('Dora');
      await page.getByLabel('Last name').fill('Duplicate');
      await page.getByLabel('Email').fill(E2E_ADMIN.email);
      await page.getByLabel('Password', { exact: true }).fill('Password1');
      await page.getByLabel('Confirm password').fill('Password1');
      await page.getByLabel('Role').click();
      await page.getByRole('option', { name: 'Employee' }).click();
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect.poll(() => describedBy(page, 'Email')).toBe('An account with this email already exists');
      expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
      // the caret is put where the fix is needed
      expect(await page.getByLabel('Email').evaluate((el) => el === document.activeElement)).toBe(true);
      await snap(page, `register-email-taken-${name}`);
      await context.close();
    }
  });
});
