import { describe, expect, it } from 'vitest';
import { adminSession, call, createApprovedUser, E2E_PASSWORD, signInContext } from './accounts';
import { newestMail } from './outbox';
import { baseURL, browserForFile, DESKTOP, PHONE, snap } from './support';

const browser = browserForFile();
const viewports = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

describe('forgot password', () => {
  for (const [label, viewport] of viewports) {
    it(`goes from the sign-in page to a new password through the e-mailed link (${label})`, async () => {
      const person = await createApprovedUser('employee', { firstName: 'Fay', lastName: 'Forgetful' });
      const page = await (await browser.context(viewport)).newPage();
      await page.goto('/login');
      await page.getByLabel('Email').fill(person.email);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
      expect(await page.getByLabel('Email').inputValue()).toBe(person.email);
      await page.getByRole('button', { name: 'Send me a link' }).click();
      await page.getByText('If an account uses this address').waitFor();
      await snap(page, `forgot-password-sent-${label}`);

      const mail = await newestMail(person.email, 'password_reset');
      const link = /(http\S+\/reset-password\?token=\S+)/.exec(mail.text)?.[1] ?? '';
      expect(link.startsWith(baseURL())).toBe(true);
      await page.goto(link);
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      await page.getByLabel('New password', { exact: true }).fill('Fresh1Password');
      await page.getByLabel('Confirm new password').fill('Fresh1Password');
      await snap(page, `reset-password-form-${label}`);
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByText('Your password has been changed').waitFor();
      // The old session is over; the link works once.
      expect((await call('GET', '/api/auth/user', undefined, person.cookie)).status).toBe(401);
      await page.getByRole('link', { name: 'Sign in' }).click();
      await page.getByLabel('Email').fill(person.email);
      await page.getByLabel('Password').fill('Fresh1Password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto(link);
      await page.getByLabel('New password', { exact: true }).fill('Other1Password');
      await page.getByLabel('Confirm new password').fill('Other1Password');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByText('This link is invalid, used or expired.').waitFor();
    });
  }
});

describe('a registrant who left before entering the code', () => {
  for (const [label, viewport] of viewports) {
    it(`gets a new code from the sign-in page and verifies (${label})`, async () => {
      const email = `left.${Date.now().toString(36)}.${label}@e2e.test`;
      const page = await (await browser.context(viewport)).newPage();
      await page.goto('/register');
      await page.getByLabel('First name').fill('Lee');
      await page.getByLabel('Last name').fill('Leaver');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
      await page.getByLabel('Confirm password').fill(E2E_PASSWORD);
      await page.getByLabel('Role').click();
      await page.getByRole('option', { name: 'Employee' }).click();
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
      // They close the tab; later they try to sign in.
      await page.goto('/login');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(E2E_PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByText('Please verify your email address before signing in.').waitFor();
      await snap(page, `resend-code-offered-${label}`);
      await page.getByRole('button', { name: 'Send me a new code' }).click();
      await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
      const mail = await newestMail(email, 'verification');
      const code = /code is ([A-Z0-9]{6})/.exec(mail.text)?.[1] ?? '';
      await page.getByLabel('Verification code').fill(code);
      await snap(page, `resend-code-verify-${label}`);
      await page.getByRole('button', { name: 'Verify Email' }).click();
      await page.getByText('awaiting admin approval').first().waitFor();
    });
  }
});

describe('a read-only API token', () => {
  for (const [label, viewport] of viewports) {
    it(`is created on /profile, reads, and is refused writes and account security (${label})`, async () => {
      const person = await createApprovedUser('manager', { firstName: 'Rea', lastName: 'Reader' });
      const context = await browser.context(viewport);
      await signInContext(context, person);
      const page = await context.newPage();
      await page.goto('/profile');
      await page.getByRole('heading', { name: 'API tokens', exact: true }).waitFor();
      await page.getByLabel('Token name').fill('Dashboard feed');
      // Read only is the default; the choice is shown.
      await expect.poll(() => page.getByLabel('Access').textContent()).toContain('Read only');
      await page.getByRole('button', { name: 'Create token' }).click();
      const dialog = page.getByRole('dialog', { name: 'Your new API token' });
      const token = ((await dialog.getByTestId('new-token').textContent()) ?? '').trim();
      await dialog.getByRole('button', { name: 'Done' }).click();
      const row = page.getByTestId('token-row').filter({ hasText: 'Dashboard feed' });
      await row.getByText('Read only').waitFor();
      await snap(page, `token-read-only-${label}`);
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      expect((await fetch(`${baseURL()}/api/tasks`, { headers })).status).toBe(200);
      const write = await fetch(`${baseURL()}/api/tasks`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ title: 'From the feed' }),
      });
      expect(write.status).toBe(403);
      expect((await write.json()).message).toBe('This API token can only read');
      const twoFactor = await fetch(`${baseURL()}/api/profile/2fa/setup`, {
        method: 'POST',
        headers,
        body: '{}',
      });
      expect(twoFactor.status).toBe(403);
    });
  }
});

describe('an admin changes a role', () => {
  for (const [label, viewport] of viewports) {
    it(`from the user's details, and finds it in the audit log (${label})`, async () => {
      const admin = await adminSession();
      const person = await createApprovedUser('employee', {
        firstName: 'Pat',
        lastName: `Promoted ${label}`,
      });
      const context = await browser.context(viewport);
      await signInContext(context, admin);
      const page = await context.newPage();
      await page.goto('/admin');
      await page.getByRole('tab', { name: 'User Management' }).click();
      await page.getByLabel('Search users').fill(`Promoted ${label}`);
      await page.getByRole('button', { name: `View Pat Promoted ${label}` }).click();
      const dialog = page.getByRole('dialog', { name: `Pat Promoted ${label}` });
      await dialog.getByLabel('Role').click();
      await page.getByRole('option', { name: 'Manager' }).click();
      await dialog.getByRole('button', { name: 'Change role' }).click();
      await page.getByText(`Pat Promoted ${label} is now a manager.`).first().waitFor();
      await snap(page, `role-changed-${label}`);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('tab', { name: 'Audit Log' }).click();
      await page.getByLabel('Action').click();
      await page.getByRole('option', { name: 'Changed a role' }).click();
      const row = page.getByTestId('audit-row').filter({ hasText: `Pat Promoted ${label}` });
      await row.getByText('employee → manager').waitFor();
      await snap(page, `role-change-audited-${label}`);
      const me = await call('GET', '/api/auth/user', undefined, person.cookie);
      expect(me.body.role).toBe('manager');
    });
  }
});
