import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createApprovedUser } from './accounts';
import { SIGNED_IN_ROUTES } from './routes';
import { DESKTOP, launchBrowser, newContext, PHONE, snap } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

describe('pages that need a user', () => {
  it('send a signed-out visitor to /login, remembering the page, with nothing of the page shown', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    for (const path of SIGNED_IN_ROUTES) {
      await page.goto(path);
      const expected = path === '/' ? '/login' : `/login?next=${encodeURIComponent(path)}`;
      await page.waitForURL((url) => url.pathname + url.search === expected);
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      expect(await page.getByRole('main').textContent(), path).not.toMatch(
        /Not authenticated|New Task|Create Task/,
      );
    }
    await context.close();
  });

  it('leave the public pages as they are', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto('/register');
    await page.getByRole('button', { name: 'Create Account' }).waitFor();
    await page.goto('/verification-codes');
    await page.getByRole('heading', { name: 'Verification Codes', exact: true }).waitFor();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/no/such/page');
    await context.close();
  });

  it('bring the visitor back to the deep link after signing in', async () => {
    const account = await createApprovedUser('employee');
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto('/chat?c=none');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/chat?c=none');
    await snap(page, 'redirect-login-next-phone');
    await signIn(page, account);
    await page.waitForURL((url) => url.pathname === '/chat');
    expect(pathOf(page)).toBe('/chat?c=none');
    await page.getByRole('heading', { name: 'Team Chat' }).waitFor();
    await context.close();
  });

  it('never leave the site: a next that points elsewhere signs in to the dashboard', async () => {
    const account = await createApprovedUser('employee');
    for (const next of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', '/login']) {
      const context = await newContext(browser, DESKTOP);
      const page = await context.newPage();
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await signIn(page, account);
      await page.waitForURL((url) => url.pathname === '/' && url.origin === new URL(page.url()).origin);
      await page.getByRole('heading', { name: /Welcome/ }).waitFor();
      expect(new URL(page.url()).host, next).not.toContain('evil');
      await context.close();
    }
  });

  it('go to /login and back when the session ends while the page is open', async () => {
    const account = await createApprovedUser('employee');
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto('/login');
    await signIn(page, account);
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    await page.getByTestId('nav-projects').click();
    await page.getByRole('heading', { name: 'Projects', exact: true, level: 1 }).waitFor();

    // The session ends on the server (signed out from another device), then the page makes a call.
    const session = (await context.cookies()).find((c) => c.name && c.httpOnly);
    expect(session).toBeDefined();
    expect((await call('POST', '/api/logout', undefined, `${session!.name}=${session!.value}`)).status).toBe(
      204,
    );
    await page.getByTestId('nav-tracker').click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/tracker');
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    await snap(page, 'redirect-session-ended-desktop');

    await signIn(page, account);
    await page.waitForURL((url) => url.pathname === '/tracker');
    await page.getByRole('heading', { name: 'Time Tracker', exact: true, level: 1 }).waitFor();
    await context.close();
  });
});
