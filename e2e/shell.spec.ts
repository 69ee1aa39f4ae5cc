import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@contract/auth';
import { adminSession, createApprovedUser, signInContext } from './accounts';
import { DESKTOP, launchBrowser, newContext, PHONE, snap } from './support';

type Session = { user: User; cookie: string };
const sessions = new Map<User['role'], Session>();

/** One real, signed-in account per role (the pages call the API, which needs a live session). */
async function sessionFor(role: User['role']): Promise<Session> {
  if (!sessions.has(role)) {
    const names = { firstName: 'Grace', lastName: 'Hopper' };
    sessions.set(role, role === 'admin' ? await adminSession() : await createApprovedUser(role, names));
  }
  return sessions.get(role)!;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function pageFor(role?: User['role'], viewport = DESKTOP) {
  const context = await newContext(browser, viewport);
  if (role) await signInContext(context, await sessionFor(role));
  return { context, page: await context.newPage() };
}

describe('layout shell', () => {
  it('is absent without a stored user: public pages render bare', async () => {
    const { context, page } = await pageFor();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    expect(await page.title()).toBe('Workbench');
    await context.close();
  });

  it('sends the dashboard to /login without a stored user', async () => {
    const { context, page } = await pageFor();
    await page.goto('/');
    await page.waitForURL('**/login');
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    await context.close();
  });

  it('shows an employee the eleven entries, the header and a green role badge', async () => {
    const { context, page } = await pageFor('employee');
    await page.goto('/projects');
    const sidebar = page.getByTestId('sidebar');
    await sidebar.waitFor();
    for (const slug of [
      'home',
      'my-tasks',
      'advanced-tasks',
      'projects',
      'tracker',
      'attendance',
      'chat',
      'timesheets',
      'time-off',
      'reports',
      'team',
    ]) {
      expect(await page.getByTestId(`nav-${slug}`).count(), slug).toBe(1);
    }
    expect(await page.getByTestId('nav-admin').count()).toBe(0);
    expect(await page.getByTestId('nav-user-credentials').count()).toBe(0);
    expect(await page.getByTestId('nav-projects').getAttribute('aria-current')).toBe('page');
    expect(await page.getByTestId('header-title').textContent()).toBe('Projects');
    expect(await page.getByTestId('header-email').textContent()).toBe(
      (await sessionFor('employee')).user.email,
    );
    const badge = page.getByTestId('role-badge');
    expect(await badge.textContent()).toBe('Employee');
    expect(await badge.getAttribute('class')).toMatch(/success/); // green (the success tone)
    expect(await sidebar.textContent()).toContain('GH');
    expect(await sidebar.textContent()).toContain('Grace Hopper');
    await context.close();
  });

  it('adds the admin entries for admins, with a red badge', async () => {
    const { context, page } = await pageFor('admin');
    await page.goto('/');
    await page.getByTestId('nav-admin').waitFor();
    expect(await page.getByTestId('nav-user-credentials').count()).toBe(1);
    expect(await page.getByTestId('role-badge').getAttribute('class')).toMatch(/danger/);
    expect(await page.getByTestId('header-title').textContent()).toBe('Dashboard');
    await snap(page, 'shell-desktop');
    await context.close();
  });

  it('gives managers a blue badge and no admin entries', async () => {
    const { context, page } = await pageFor('manager');
    await page.goto('/tracker');
    await page.getByTestId('sidebar').waitFor();
    expect(await page.getByTestId('nav-admin').count()).toBe(0);
    expect(await page.getByTestId('role-badge').getAttribute('class')).toMatch(/info/);
    await context.close();
  });

  it('collapses to an icon rail (w-16) and expands back to w-64, remembering the choice', async () => {
    const { context, page } = await pageFor('admin');
    await page.goto('/my-tasks');
    const sidebar = page.getByTestId('sidebar');
    await sidebar.waitFor();
    expect((await sidebar.boundingBox())?.width).toBe(256);
    await page.getByTestId('sidebar-toggle').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sidebar"]')?.getBoundingClientRect().width === 64,
    );
    await snap(page, 'shell-collapsed');
    await page.reload();
    await sidebar.waitFor();
    expect((await sidebar.boundingBox())?.width).toBe(64);
    await page.getByTestId('sidebar-toggle').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sidebar"]')?.getBoundingClientRect().width === 256,
    );
    await context.close();
  });

  it('turns the sidebar into a drawer at 375 px without horizontal overflow', async () => {
    const { context, page } = await pageFor('employee', PHONE);
    await page.goto('/attendance');
    await page.getByTestId('menu-button').waitFor();
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    await page.locator('main h1').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await snap(page, 'shell-phone');
    await page.getByTestId('menu-button').click();
    await page.getByTestId('sidebar').waitFor();
    await snap(page, 'shell-phone-drawer');
    await page.getByTestId('nav-chat').click();
    await page.waitForURL('**/chat');
    await context.close();
  });

  it('shows the 404 page; Team Management and Reports are real pages', async () => {
    const { context, page } = await pageFor('employee');
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.goto('/team/manage');
    await page.getByRole('heading', { name: 'Team Management', level: 1 }).waitFor();
    expect(await page.getByText('Team Management - Coming Soon').count()).toBe(0);
    await page.goto('/reports');
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    expect(await page.getByText('Reports - Coming Soon').count()).toBe(0);
    await context.close();
  });

  it('signs out: the stored user is gone and the shell with it', async () => {
    const { context, page } = await pageFor('employee');
    await page.goto('/projects');
    await page.getByTestId('logout').click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    await context.close();
  });
});
