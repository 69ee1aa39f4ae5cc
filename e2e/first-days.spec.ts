import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, call, createApprovedUser, E2E_PASSWORD, signInContext } from './accounts';
import { DESKTOP, launchBrowser, newContext, PHONE, snap } from './support';

// Small things a first-time user meets in the first days (each at 1280 and 375 px).
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const VIEWPORTS = [
  [DESKTOP, 'desktop'],
  [PHONE, 'phone'],
] as const;

describe('first days', () => {
  it('the 404 page’s header says the page was not found, not Dashboard', async () => {
    const employee = await createApprovedUser('employee');
    for (const [viewport, name] of VIEWPORTS) {
      const context = await newContext(browser, viewport);
      await signInContext(context, employee);
      const page = await context.newPage();
      await page.goto('/no/such/page');
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      expect(await page.getByTestId('header-title').textContent()).toBe('Page not found');
      await snap(page, `first-days-404-${name}`);
      await context.close();
    }
  });

  it('a brand-new user is welcomed, and welcomed back the next time', async () => {
    // The helper's own API sign-in is Nora's first: the record it stores is that sign-in's answer.
    const newcomer = await createApprovedUser('employee', { firstName: 'Nora', lastName: 'Newcomer' });
    const context = await newContext(browser, DESKTOP);
    await signInContext(context, newcomer);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Welcome, Nora!', exact: true }).waitFor();
    // In no project yet, whatever the organisation (the other journeys) runs: her count is her own.
    const projects = page.getByTestId('dashboard-Active Projects');
    await expect.poll(() => projects.textContent()).toBe('0');
    await page.getByText('that you are in', { exact: true }).waitFor();
    // Her first steps: track, clock in, submit the week, each a link to its screen.
    const firstSteps = page.getByTestId('first-steps');
    await firstSteps.getByRole('heading', { name: 'Your first steps' }).waitFor();
    for (const link of ['Open the Time Tracker', 'Open Attendance', 'Open Timesheets'])
      await firstSteps.getByRole('link', { name: link }).waitFor();
    await snap(page, 'first-days-first-welcome-desktop');
    await firstSteps.getByRole('button', { name: 'Got it' }).click();
    await firstSteps.waitFor({ state: 'detached' });
    await page.getByTestId('logout').click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Email').fill(newcomer.email);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Welcome back, Nora!', exact: true }).waitFor();
    // Put away, the card stays away (the server keeps it, not this browser).
    await page.getByTestId('dashboard-Active Projects').waitFor();
    expect(await page.getByTestId('first-steps').count()).toBe(0);
    await context.close();
  });

  it('Access Denied is a heading with a way home', async () => {
    const employee = await createApprovedUser('employee');
    for (const [viewport, name] of VIEWPORTS) {
      const context = await newContext(browser, viewport);
      await signInContext(context, employee);
      const page = await context.newPage();
      await page.goto('/admin/user-credentials');
      await page.getByRole('heading', { name: 'Access Denied', level: 1 }).waitFor();
      await page.getByText('Only administrators can view user credentials.').waitFor();
      await snap(page, `first-days-access-denied-${name}`);
      await page.getByRole('link', { name: 'Back to Dashboard' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
      await context.close();
    }
  });

  it('the User Credentials table fits at 1280 px: every column, the actions included, is on screen', async () => {
    // The widest row there is: a long name and address, a temporary password, a suspended account.
    const wide = await createApprovedUser('manager', {
      firstName: 'Maximiliana',
      lastName: 'Longname Example',
    });
    const admin = await adminSession();
    for (const [path, body] of [
      [`/api/admin/reset-password/${wide.user.id}`, undefined],
      [`/api/admin/suspend-user/${wide.user.id}`, { reason: 'Testing the widest row' }],
    ] as const) {
      expect((await call('POST', path, body, admin.cookie)).status, path).toBeLessThan(300);
    }
    const context = await newContext(browser, DESKTOP);
    await signInContext(context, admin);
    const page = await context.newPage();
    await page.goto('/admin/user-credentials');
    await page.getByTestId('credential-row').first().waitFor();
    await page.getByRole('button', { name: 'Show Passwords' }).click();
    const table = page.getByRole('table');
    const actions = page.getByRole('columnheader', { name: 'Actions' });
    const box = await actions.boundingBox();
    const tableBox = await table.boundingBox();
    expect(box && tableBox).toBeTruthy();
    // the Actions column ends inside the table's box and inside the window, without scrolling
    expect(box!.x + box!.width).toBeLessThanOrEqual(
      Math.min(tableBox!.x + tableBox!.width, DESKTOP.width) + 1,
    );
    expect(
      await table.evaluate((el) => {
        const scroller = el.parentElement as HTMLElement;
        return scroller.scrollWidth - scroller.clientWidth;
      }),
    ).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      DESKTOP.width,
    );
    await snap(page, 'first-days-credentials-desktop');
    await context.close();
  });

  it('the verification codes page has the mark and a way back to registration', async () => {
    for (const [viewport, name] of VIEWPORTS) {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await page.goto('/verification-codes');
      await page.getByRole('heading', { name: 'Verification Codes', exact: true }).waitFor();
      await page.getByText('Workbench', { exact: true }).waitFor();
      await snap(page, `first-days-verification-codes-${name}`);
      await page.getByRole('link', { name: 'Back to registration' }).click();
      await page.waitForURL((url) => url.pathname === '/register');
      await page.getByRole('button', { name: 'Create Account' }).waitFor();
      await context.close();
    }
  });
});
