import { readFileSync } from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { adminSession, call, createApprovedUser, signInContext } from './accounts';
import { browserForFile, DESKTOP, PHONE, snap, toastSays } from './support';

// docs/product/profile.md#two-factor, docs/product/accounts.md#two-factor
const browser = browserForFile();

/** Codes of a later 30-second step than the one enrolment used: a code is accepted only once. */
const codeFor = (secret: string, offsetMs = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetMs,
  });

describe('two-factor sign-in', () => {
  it('is enrolled on /profile with a QR code and a code from the app, then asked for at sign-in', async () => {
    const account = await createApprovedUser('employee', { firstName: 'Tess', lastName: 'Twofactor' });
    const desktop = await browser.context(DESKTOP);
    await signInContext(desktop, account);
    const page = await desktop.newPage();
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await page.getByRole('img', { name: 'QR code to add Workbench to your authenticator app' }).waitFor();
    const secret = (await page.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await snap(page, 'two-factor-setup-desktop');

    await page.getByLabel('Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await page.getByText(/That code is not right/).waitFor();
    await page.getByLabel('Code from the app').fill(codeFor(secret));
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    const shown = await codes.allTextContents();
    await snap(page, 'two-factor-recovery-codes-desktop');
    // Kept in a password manager: copied, all ten, one per line.
    await desktop.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy codes' }).click();
    await toastSays(page, 'Recovery codes copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown.join('\n'));
    // Or downloaded as a text file saying whose they are.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download as text' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('workbench-recovery-codes.txt');
    const file = readFileSync((await download.path()) as string, 'utf8');
    expect(file).toContain(`Workbench recovery codes for ${account.email}`);
    expect(file.trim().split('\n').slice(-10)).toEqual(shown);
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await page.getByLabel('Code to turn it off').waitFor();
    expect(await page.getByText(secret).count()).toBe(0);

    // A new browser at 375 px: the password, then the code.
    const phone = await browser.context(PHONE);
    const login = await phone.newPage();
    await login.goto('/login');
    await login.getByLabel('Email').fill(account.email);
    await login.getByLabel('Password').fill(account.password);
    await login.getByRole('button', { name: 'Sign In' }).click();
    const code = login.getByLabel('Authentication code');
    await code.waitFor();
    await snap(login, 'two-factor-sign-in-phone');
    await code.fill('123456');
    await login.getByRole('button', { name: 'Verify' }).click();
    await login.getByText(/That code is not right/).waitFor();
    await snap(login, 'two-factor-sign-in-wrong-code-phone');
    await code.fill(codeFor(secret, 30_000));
    await login.getByRole('button', { name: 'Verify' }).click();
    await login.waitForURL((url) => url.pathname === '/');
    await login.goto('/profile');
    await login.getByLabel('Code to turn it off').waitFor();
    await snap(login, 'two-factor-on-profile-phone');
  }, 120_000);

  it('an admin requires it for managers: a manager without it is sent to /profile to enrol', async () => {
    const admin = await adminSession();
    const manager = await createApprovedUser('manager', { firstName: 'Mona', lastName: 'Mustenrol' });
    const adminContext = await browser.context(DESKTOP);
    await signInContext(adminContext, admin);
    const page = await adminContext.newPage();
    try {
      await page.goto('/admin');
      await page.getByRole('tab', { name: 'System Settings' }).click();
      const managers = page.getByRole('checkbox', { name: 'Managers' });
      await managers.check();
      await snap(page, 'two-factor-required-settings-desktop');
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await page.getByText('Settings Saved', { exact: true }).waitFor();
      expect((await call('GET', '/api/settings', undefined, admin.cookie)).body.twoFactorRoles).toEqual([
        'manager',
      ]);

      const phone = await browser.context(PHONE);
      const login = await phone.newPage();
      await login.goto('/login');
      await login.getByLabel('Email').fill(manager.email);
      await login.getByLabel('Password').fill(manager.password);
      await login.getByRole('button', { name: 'Sign In' }).click();
      await login.waitForURL((url) => url.pathname === '/profile');
      await login.getByText('Your organisation requires two-factor sign-in.', { exact: false }).waitFor();
      await login.goto('/my-tasks');
      await login.waitForURL((url) => url.pathname === '/profile');
      await snap(login, 'two-factor-required-profile-phone');
      // Enrolling here: the recovery codes show, and the other pages open again.
      await login.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
      const secret = (await login.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
      await login.getByLabel('Code from the app').fill(codeFor(secret));
      await login.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
      await login.getByRole('list', { name: 'Recovery codes' }).waitFor();
      await login.getByRole('button', { name: 'I have saved my recovery codes' }).click();
      await login.goto('/my-tasks');
      await login.waitForURL((url) => url.pathname === '/my-tasks');
    } finally {
      await call(
        'PUT',
        '/api/settings',
        { ...(await call('GET', '/api/settings', undefined, admin.cookie)).body, twoFactorRoles: [] },
        admin.cookie,
      );
    }
  }, 120_000);

  it('an admin resets the two-factor sign-in of someone who lost their phone', async () => {
    const admin = await adminSession();
    const account = await createApprovedUser('employee', { firstName: 'Lola', lastName: 'Lostphone' });
    const setup = await call('POST', '/api/profile/2fa/setup', undefined, account.cookie);
    const secret = setup.body.secret as string;
    expect(
      (await call('POST', '/api/profile/2fa/enable', { code: codeFor(secret) }, account.cookie)).status,
    ).toBe(200);

    const context = await browser.context(DESKTOP);
    await signInContext(context, admin);
    const page = await context.newPage();
    await page.goto('/admin/user-credentials');
    await page.getByRole('searchbox', { name: 'Search users' }).fill(account.email);
    const reset = page.getByRole('button', { name: 'Reset two-factor sign-in of Lola Lostphone' });
    await reset.waitFor();
    await snap(page, 'two-factor-admin-reset-desktop');
    await reset.click();
    // Asked for first, like the other destructive admin actions.
    const dialog = page.getByRole('dialog', { name: 'Reset two-factor sign-in of Lola Lostphone?' });
    await dialog.waitFor();
    await snap(page, 'two-factor-admin-reset-confirm-desktop');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await reset.count()).toBe(1);
    await reset.click();
    await dialog.getByRole('button', { name: 'Reset 2FA', exact: true }).click();
    await page.getByText('Two-factor sign-in reset', { exact: true }).waitFor();
    await expect.poll(() => reset.count()).toBe(0);
    const again = await call('POST', '/api/simple-login', {
      email: account.email,
      password: account.password,
    });
    expect(again.body).toMatchObject({ email: account.email, twoFactorEnabled: false });
  }, 120_000);
});
