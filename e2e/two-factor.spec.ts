import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { createApprovedUser, signInContext } from './accounts';
import { browserForFile, DESKTOP, PHONE, snap } from './support';

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
    await snap(page, 'two-factor-recovery-codes-desktop');
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
});
