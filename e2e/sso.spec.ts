import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSession, call, signInContext } from './accounts';
import { E2E_SSO } from './global-setup';
import { browserForFile, DESKTOP, PHONE, snap } from './support';

// docs/product/accounts.md#single-sign-on, docs/product/admin.md, docs/decisions/020-single-sign-on.md
const browser = browserForFile();
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The sign-in page's button, then the test provider's own e-mail form, then back to Workbench. */
async function signInWithProvider(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: `Sign in with ${E2E_SSO.providerName}`, exact: true }).click();
  await page.getByRole('heading', { name: 'Test identity provider' }).waitFor();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

describe('single sign-on', () => {
  it('the sign-in page offers the provider next to the password form', async () => {
    for (const [viewport, name] of [
      [DESKTOP, 'sso-sign-in-desktop'],
      [PHONE, 'sso-sign-in-phone'],
    ] as const) {
      const page = await (await browser.context(viewport)).newPage();
      await page.goto('/login');
      await page.getByRole('link', { name: `Sign in with ${E2E_SSO.providerName}`, exact: true }).waitFor();
      // Password sign-in stays allowed (the e2e server keeps it on).
      await page.getByLabel('Password').waitFor();
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      await snap(page, name);
    }
  });

  it('someone from an auto-approved domain is signed in at their first single sign-on', async () => {
    const email = `sam-${unique()}@${E2E_SSO.autoApproveDomain}`;
    const page = await (await browser.context(DESKTOP)).newPage();
    await signInWithProvider(page, email);
    await page.waitForURL((url) => url.pathname === '/');
    const me = await page.evaluate(async () => (await fetch('/api/auth/user')).json());
    expect(me).toMatchObject({ email, role: 'employee' });
  }, 90_000);

  it('someone from any other domain is registered and waits for an admin', async () => {
    const email = `pat-${unique()}@elsewhere.test`;
    const page = await (await browser.context(PHONE)).newPage();
    await signInWithProvider(page, email);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('sso')).toBe('pending');
    await page.getByText('Your account is pending admin approval.', { exact: true }).waitFor();
    await snap(page, 'sso-pending-phone');
    const admin = await adminSession();
    const pending = await call('GET', '/api/admin/pending-users', undefined, admin.cookie);
    expect(JSON.stringify(pending.body)).toContain(email);
  }, 90_000);

  it('System Settings shows the provider from the environment, read-only and without the secret', async () => {
    const admin = await adminSession();
    for (const [viewport, name] of [
      [DESKTOP, 'sso-settings-desktop'],
      [PHONE, 'sso-settings-phone'],
    ] as const) {
      const context = await browser.context(viewport);
      await signInContext(context, admin);
      const page = await context.newPage();
      await page.goto('/admin');
      await page.getByRole('tab', { name: 'System Settings' }).click();
      const card = page.locator('form').filter({ has: page.getByLabel('Issuer URL') });
      const issuer = card.getByLabel('Issuer URL');
      await issuer.waitFor();
      await page.getByText(/set by the server's environment/).waitFor();
      expect(await issuer.inputValue()).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(await issuer.getAttribute('readonly')).not.toBeNull();
      expect(await card.getByLabel('Provider name').inputValue()).toBe(E2E_SSO.providerName);
      expect(await card.getByLabel('Auto-approve e-mail domains').inputValue()).toBe(
        E2E_SSO.autoApproveDomain,
      );
      await card.getByText('A secret is set', { exact: true }).waitFor();
      // Write-only: no field holds it, and there is nothing to replace while the environment sets it.
      expect(await card.getByLabel('Client secret').count()).toBe(0);
      expect(await card.getByRole('button', { name: 'Replace secret' }).count()).toBe(0);
      // PASSWORD_SIGN_IN=always: the switch is on and cannot be turned off.
      const passwordSwitch = card.getByRole('switch', { name: 'Allow password sign-in' });
      expect(await passwordSwitch.isChecked()).toBe(true);
      expect(await passwordSwitch.isDisabled()).toBe(true);
      await snap(page, name);
    }
    const body = JSON.stringify((await call('GET', '/api/admin/sso', undefined, admin.cookie)).body);
    expect(body).not.toContain('test-client-secret');
  }, 90_000);
});
