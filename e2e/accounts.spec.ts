import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './global-setup';
import { adminSession, call, createApprovedUser, signInContext } from './accounts';
import { DESKTOP, launchBrowser, newContext, PHONE, snap } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const PASSWORD = 'Journey123';

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('accounts journey', () => {
  const email = `journey.${Date.now().toString(36)}@e2e.test`;

  it('register → code from /verification-codes → verify → pending → admin approves → sign in → logout', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto('/register');
    await page.getByLabel('First name').fill('Jamie');
    await page.getByLabel('Last name').fill('Journey');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill('Mismatch123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Please select a role').waitFor();
    await page.getByLabel('Role').click();
    await page.getByRole('option', { name: 'Manager' }).click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText("Passwords don't match").waitFor();
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await snap(page, 'accounts-register-desktop');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Registration Submitted').first().waitFor();
    await page.getByLabel('Verification code').waitFor();
    await snap(page, 'accounts-verify-desktop');

    const codesPage = await context.newPage();
    await codesPage.goto('/verification-codes');
    await codesPage.getByLabel('Search by email').fill(email);
    const entry = codesPage.getByTestId('verification-code').filter({ hasText: email });
    await entry.waitFor();
    // the search is applied on the server: wait until the list holds only this address
    await expect.poll(() => codesPage.getByTestId('verification-code').count()).toBe(1);
    const code = (await entry.locator('code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    await snap(codesPage, 'accounts-verification-codes-desktop');
    await codesPage.close();

    await page.getByLabel('Verification code').fill('ZZZZZZ');
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await page.getByText('Verification Failed').first().waitFor();
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await page.getByTestId('pending-approval').waitFor();
    await page.getByRole('link', { name: 'Back to Login' }).waitFor();
    await snap(page, 'accounts-pending-stage-desktop');

    // Not yet approved: sign-in says so.
    await signInThroughForm(page, email, PASSWORD);
    await expect.poll(() => page.getByTestId('login-error').textContent()).toMatch(/pending admin approval/);
    await snap(page, 'accounts-login-error-desktop');

    const adminContext = await newContext(browser, DESKTOP);
    const admin = await adminContext.newPage();
    await signInThroughForm(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    await admin.waitForURL((url) => url.pathname === '/');
    await admin.goto('/admin');
    await admin.getByText('Total Users').waitFor();
    await admin.getByTestId('managed-user').first().waitFor();
    await snap(admin, 'accounts-admin-dashboard-desktop');
    await admin.getByRole('link', { name: /^Pending Approvals.*: open the approval queue$/ }).click();
    await admin.waitForURL('**/admin/pending-users');
    const card = admin.getByTestId('pending-user').filter({ hasText: email });
    await card.waitFor();
    await snap(admin, 'accounts-pending-users-desktop');
    await card.getByRole('button', { name: /^Approve/ }).click();
    await admin.getByText('User Approved').first().waitFor();
    await card.waitFor({ state: 'detached' });

    await signInThroughForm(page, email, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.getByTestId('header-email').textContent()).toBe(email);
    await snap(page, 'accounts-signed-in-dashboard-desktop');
    await page.getByTestId('logout').click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    const me = await page.evaluate(async () => (await fetch('/api/auth/user')).status);
    expect(me).toBe(401);
    await adminContext.close();
    await context.close();
  });

  it('credentials page as admin: search, show/hide, reset (forced change at next sign-in)', async () => {
    const target = await createApprovedUser('employee', { firstName: 'Riley', lastName: 'Resettable' });
    const context = await newContext(browser, DESKTOP);
    await signInContext(context, await adminSession());
    const page = await context.newPage();
    await page.goto('/admin/user-credentials');
    await page.getByText('Admin Only').waitFor();
    await page.getByTestId('credential-row').first().waitFor();
    // The search goes to the server, so it finds accounts beyond the first page too.
    const searched = page.waitForRequest((r) => /\/api\/admin\/all-users\?.*search=RESETTABLE/.test(r.url()));
    await page.getByLabel('Search users').fill('RESETTABLE');
    await searched;
    await expect.poll(() => page.getByTestId('credential-row').count()).toBe(1);
    const row = page.getByTestId('credential-row');
    expect(await row.textContent()).toContain('N/A');
    expect(await row.textContent()).toContain('None');
    expect(await row.textContent()).not.toContain("Can't be shown");
    // What 'Show Passwords' can honestly reveal: that no password can be shown, and why; never a
    // word ('Set') that reads like a revealed password.
    await page.getByRole('button', { name: 'Show Passwords' }).click();
    await row.getByText("Can't be shown", { exact: true }).waitFor();
    expect(await row.getByText('Set', { exact: true }).count()).toBe(0);
    await page
      .getByRole('status')
      .getByText(/stored only as hashes/)
      .waitFor();
    await snap(page, 'accounts-credentials-desktop');
    await row.getByRole('button', { name: /Reset password/ }).click();
    await page.getByRole('button', { name: 'Reset Password' }).click();
    const temporary = (await page.getByTestId('temporary-password').textContent())?.trim() ?? '';
    expect(temporary.length).toBeGreaterThanOrEqual(12);
    await snap(page, 'accounts-credentials-reset-desktop');
    await page.getByRole('button', { name: 'Done' }).click();
    await row.getByText('Temporary — must change').waitFor();
    await page.getByRole('button', { name: 'Hide Passwords' }).click();
    await row.getByText('Temporary — must change').waitFor({ state: 'detached' });
    // Suspension needs a reason, then the row shows the account as suspended.
    await row.getByRole('button', { name: 'Suspend Riley Resettable' }).click();
    await page.getByRole('button', { name: 'Suspend User' }).click();
    await page.getByText('Please give a reason for the suspension').waitFor();
    await page.getByLabel('Reason').fill('Left the company');
    await page.getByRole('button', { name: 'Suspend User' }).click();
    await page.getByText('User suspended successfully', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Activate Riley Resettable' }).click();
    await page.getByText('User activated successfully', { exact: true }).waitFor();
    await page.getByLabel('Search users').fill('no-such-person');
    await page.getByText('Try adjusting your search criteria').waitFor();
    // The old session ended; the temporary password forces a change first.
    expect((await call('GET', '/api/auth/user', undefined, target.cookie)).status).toBe(401);
    const userContext = await newContext(browser, DESKTOP);
    const userPage = await userContext.newPage();
    await signInThroughForm(userPage, target.email, temporary);
    await userPage.getByLabel('Temporary password').fill(temporary);
    await userPage.getByLabel('New password', { exact: true }).fill('Changed123');
    await userPage.getByLabel('Confirm new password').fill('Changed123');
    await snap(userPage, 'accounts-change-password-desktop');
    await userPage.getByRole('button', { name: 'Set New Password' }).click();
    await userPage.waitForURL((url) => url.pathname === '/');
    await userContext.close();
    await context.close();
  });

  it('credentials page as employee: Access Denied', async () => {
    const context = await newContext(browser, DESKTOP);
    await signInContext(context, await createApprovedUser('employee'));
    const page = await context.newPage();
    await page.goto('/admin/user-credentials');
    await page.getByText('Access Denied').waitFor();
    await page.getByText('Only administrators can view user credentials.').waitFor();
    await snap(page, 'accounts-credentials-denied-desktop');
    await context.close();
  });

  it('every screen at 375 px', async () => {
    const anon = await newContext(browser, PHONE);
    const page = await anon.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await snap(page, 'accounts-login-phone');
    await page.goto('/register');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('First name must be at least 2 characters').waitFor();
    await snap(page, 'accounts-register-phone');
    // Someone waiting: the codes page lists only codes that still work, and the pending page gets a card.
    await call('POST', '/api/register-with-verification', {
      firstName: 'Pat',
      lastName: 'Phone',
      email: `phone.${Date.now()}@e2e.test`,
      password: PASSWORD,
      role: 'employee',
      inviteCode: null,
    });
    await page.goto('/verification-codes');
    await page.getByTestId('verification-code').first().waitFor();
    await snap(page, 'accounts-verification-codes-phone');
    await anon.close();

    const codes = await call('GET', '/api/verification-codes');
    const latest = (codes.body as unknown as { email: string; code: string }[])[0];
    await call('POST', '/api/verify-email', { email: latest.email, verificationCode: latest.code });

    const context = await newContext(browser, PHONE);
    await signInContext(context, await adminSession());
    const admin = await context.newPage();
    await admin.goto('/admin');
    await admin.getByTestId('managed-user').first().waitFor();
    await snap(admin, 'accounts-admin-dashboard-phone');
    await admin.goto('/admin/pending-users');
    await admin.getByTestId('pending-user').first().waitFor();
    await snap(admin, 'accounts-pending-users-phone');
    await admin.goto('/admin/user-credentials');
    await admin.getByTestId('credential-card').first().waitFor();
    await admin.getByRole('button', { name: 'Show Passwords' }).click();
    await admin.getByTestId('credential-card').nth(1).locator('summary').click();
    await snap(admin, 'accounts-credentials-phone');
    await context.close();
  });

  it('sign-in form: the contract messages before sending, one message for a wrong password', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('whatever');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await signInThroughForm(page, E2E_ADMIN.email, 'WrongPass1');
    await expect.poll(() => page.getByTestId('login-error').textContent()).toBe('Invalid email or password');
    await signInThroughForm(page, E2E_ADMIN.email.toUpperCase(), E2E_ADMIN.password);
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});
