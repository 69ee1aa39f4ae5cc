import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSession, call, createApprovedUser, signInContext } from './accounts';
import { baseURL, browserForFile, DESKTOP, PHONE, snap } from './support';

const browser = browserForFile();

async function open(session: Parameters<typeof signInContext>[1], path: string, viewport = DESKTOP) {
  const context = await browser.context(viewport);
  // The copy button writes to the clipboard.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
  await signInContext(context, session);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

async function createToken(page: Page, name: string) {
  await page.getByLabel('Token name').fill(name);
  await page.getByRole('button', { name: 'Create token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your new API token' });
  await dialog.waitFor();
  const token = (await dialog.getByTestId('new-token').textContent())?.trim() ?? '';
  expect(token).toMatch(/^wb_pat_[A-Za-z0-9_-]{43}$/);
  return { dialog, token };
}

describe('API tokens on /profile', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`creates a token shown once with a copy button, uses it, revokes it (${label})`, async () => {
      const person = await createApprovedUser('employee', { firstName: 'Tia', lastName: 'Token' });
      const page = await open(person, '/profile', viewport);
      await page.getByRole('heading', { name: 'API tokens', exact: true }).waitFor();
      await page.getByText('No API tokens').waitFor();
      // A name is required (the contract's message).
      await page.getByRole('button', { name: 'Create token' }).click();
      await page.getByText('Give the token a name').waitFor();
      await page.getByLabel('Expires after').click();
      await page.getByRole('option', { name: '90 days' }).click();
      const { dialog, token } = await createToken(page, 'Nightly export');
      await snap(page, `tokens-created-${label}`);
      await dialog.getByRole('button', { name: 'Copy token' }).click();
      await page.getByText('Token copied').first().waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // Listed by its last four characters; the value is gone from the page.
      const row = page.getByTestId('token-row').filter({ hasText: 'Nightly export' });
      await row.getByText(`…${token.slice(-4)}`).waitFor();
      expect(await page.content()).not.toContain(token);
      await snap(page, `tokens-list-${label}`);

      // It works without a cookie, with the owner's role.
      const me = await fetch(`${baseURL()}/api/auth/user`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);
      const admin = await fetch(`${baseURL()}/api/admin/stats`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(admin.status).toBe(403);

      await page.getByRole('button', { name: 'Revoke token: Nightly export' }).click();
      await page.getByText('Token revoked').first().waitFor();
      await page.getByText('No API tokens').waitFor();
      const after = await fetch(`${baseURL()}/api/auth/user`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(after.status).toBe(401);
    });
  }
});

describe('the audit log tab on the Admin Dashboard', () => {
  it('shows who did what to whom, filtered by action and target, and exports CSV (desktop and 375 px)', async () => {
    const admin = await adminSession();
    const person = await createApprovedUser('employee', { firstName: 'Sam', lastName: 'Suspended' });
    const suspended = await call(
      'POST',
      `/api/admin/suspend-user/${person.user.id}`,
      { reason: 'Left the company' },
      admin.cookie,
    );
    expect(suspended.status).toBe(200);
    await call('POST', '/api/simple-login', { email: person.email, password: 'Wrong-pass9' });

    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const page = await open(admin, '/admin', viewport);
      await page.getByRole('tab', { name: 'Audit Log' }).click();
      await page.getByRole('heading', { name: 'Audit log' }).waitFor();
      await page.getByTestId('audit-row').first().waitFor();

      await page.getByLabel('Action').click();
      await page.getByRole('option', { name: 'Suspended an account' }).click();
      await page.getByLabel('Target').click();
      await page.getByRole('option', { name: 'Sam Suspended' }).click();
      await expect.poll(() => page.getByTestId('audit-row').count()).toBe(1);
      const row = page.getByTestId('audit-row').first();
      await row.getByText('Suspended an account').waitFor();
      await row.getByText('Sam Suspended').waitFor();
      await row.getByText('reason: Left the company').waitFor();
      await snap(page, `audit-filtered-${label}`);

      if (label === 'desktop') {
        const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
        expect(href).toContain('/api/admin/audit/export?');
        const csv = await fetch(`${baseURL()}${href}`, { headers: { cookie: admin.cookie } });
        expect(csv.status).toBe(200);
        const lines = (await csv.text()).trim().split('\r\n');
        expect(lines).toHaveLength(2);
        expect(lines[1]).toContain('Suspended an account');
        // Failed sign-ins are there too, with the e-mail tried.
        await page.getByLabel('Target').click();
        await page.getByRole('option', { name: 'Anyone' }).click();
        await page.getByLabel('Action').click();
        await page.getByRole('option', { name: 'Failed sign-in' }).click();
        await page.getByTestId('audit-row').filter({ hasText: person.email }).first().waitFor();
      }
    }
  });
});
