import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@contract/auth';
import { adminSession, call, createApprovedUser, signInContext } from './accounts';
import { PUBLIC_ROUTES, SIGNED_IN_ROUTES } from './routes';
import { DESKTOP, launchBrowser, newContext, PHONE, snap, trackRequests } from './support';

// axe-core on every route (signed out, and as each role) and on the main dialogs, at 1280 and 375 px,
// in the light theme and in the dark one (docs/decisions/027-dark-mode.md).
// snap() runs the check: a serious or critical violation fails the test, and every screen's counts by
// impact are printed and kept in .tmp/axe-results.jsonl.

type Session = Awaited<ReturnType<typeof adminSession>>;

// Public pages, and the 404 page; signed in, every screen plus the public ones a user can still open.
const PUBLIC_PAGES = [...PUBLIC_ROUTES, '/no/such/page'];
const APP_ROUTES = [...SIGNED_IN_ROUTES, '/verification-codes', '/no/such/page'];
const VIEWPORTS = [
  [DESKTOP, 'desktop'],
  [PHONE, 'phone'],
] as const;
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
/** Screenshot names: the light ones keep their names, the dark ones end in -dark. */
const suffix = (theme: Theme) => (theme === 'dark' ? '-dark' : '');

let browser: Browser;
/** The chat page with a conversation open: the employee and manager's own, General for the admin. */
const openConversation = { employee: '', manager: '', admin: '' };
const sessions = {} as Record<Role, Session>;
const consoleErrors: string[] = [];

/**
 * Something on the screens, kept to what no other journey counts: the journeys share one server, and
 * some start from empty project and task lists (those screens, filled, are checked in their journeys).
 */
async function seed() {
  const { manager, employee, admin } = sessions;
  expect(
    (await call('POST', '/api/timer/start', { description: 'Reading axe results' }, employee.cookie)).status,
  ).toBe(201);
  expect((await call('POST', '/api/timer/stop', {}, employee.cookie)).status).toBeLessThan(300);
  expect((await call('POST', '/api/attendance/clock-in', {}, employee.cookie)).status).toBe(201);
  const direct = await call(
    'POST',
    '/api/chat/conversations',
    { type: 'direct', participantIds: [manager.user.id] },
    employee.cookie,
  );
  expect(direct.status).toBeLessThan(300);
  openConversation.employee = openConversation.manager = `/chat?c=${direct.body.id}`;
  const adminsList = await call('GET', '/api/chat/conversations', undefined, admin.cookie);
  const general = (adminsList.body as unknown as { id: string; name: string | null }[]).find(
    (c) => c.name === 'General',
  );
  openConversation.admin = `/chat?c=${general?.id}`;
  // enough history for the thread to scroll
  for (let i = 0; i < 24; i += 1) {
    const [who, content] =
      i % 2 === 0
        ? [employee, `Morning! Audit note ${i / 2 + 1} is in.`]
        : [manager, 'Thanks, share the figures when you have them.'];
    await call('POST', `/api/chat/${direct.body.id}/messages`, { content }, who.cookie);
  }
  // a verified registrant waiting for approval
  const email = `waiting.${Date.now().toString(36)}@e2e.test`;
  await call('POST', '/api/register-with-verification', {
    firstName: 'Wendy',
    lastName: 'Waiting',
    email,
    password: 'Password1',
    role: 'employee',
    inviteCode: null,
  });
  const codes = await call('GET', '/api/verification-codes', undefined, admin.cookie);
  const code = (codes.body as unknown as { email: string; code: string }[]).find((c) => c.email === email);
  await call('POST', '/api/verify-email', { email, verificationCode: code?.code });
}

beforeAll(async () => {
  browser = await launchBrowser();
  sessions.admin = await adminSession();
  sessions.manager = await createApprovedUser('manager', { firstName: 'Mara', lastName: 'Manager' });
  sessions.employee = await createApprovedUser('employee', { firstName: 'Ezra', lastName: 'Employee' });
  await seed();
});
afterAll(() => browser?.close());

async function openAs(role: Role | null, viewport: typeof DESKTOP, theme: Theme) {
  const context = await newContext(browser, viewport);
  // the choice the header's theme menu stores (web/src/lib/theme.ts)
  await context.addInitScript((t) => window.localStorage.setItem('workbench.theme', t), theme);
  if (role) await signInContext(context, sessions[role]);
  const page = await context.newPage();
  requests.set(page, trackRequests(page));
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
  });
  return { context, page };
}

const requests = new WeakMap<Page, ReturnType<typeof trackRequests>>();

/** A screen is ready when its heading is up and nothing is loading any more. */
async function ready(page: Page) {
  await page.locator('h1').first().waitFor();
  const tracker = requests.get(page);
  if (!tracker) throw new Error('open pages through openAs()');
  await tracker.quiet();
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0);
}

const slug = (path: string) =>
  path === '/'
    ? 'home'
    : path.startsWith('/chat?')
      ? 'chat-conversation'
      : path.slice(1).replaceAll('/', '-');

describe('accessibility (axe-core)', () => {
  for (const theme of THEMES) {
    it(`public pages, signed out (${theme})`, async () => {
      for (const [viewport, size] of VIEWPORTS) {
        const { context, page } = await openAs(null, viewport, theme);
        for (const path of PUBLIC_PAGES) {
          await page.goto(path);
          await ready(page);
          expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
            theme === 'dark',
          );
          await snap(page, `a11y-signed-out-${slug(path)}-${size}${suffix(theme)}`);
        }
        await context.close();
      }
    });
  }

  // One test per role and window size, so that a slow machine never runs one past its time limit.
  // The dark theme changes colours only, and they are the same tokens at every width: every screen
  // is checked dark at 1280 px, and at 375 px the home screen and the navigation drawer, which
  // exist only there (docs/decisions/027-dark-mode.md).
  for (const theme of THEMES) {
    for (const role of ['employee', 'manager', 'admin'] as const) {
      for (const [viewport, size] of VIEWPORTS) {
        it(`every page as ${role} (${size}, ${theme})`, async () => {
          // The conversation's address exists only once beforeAll has seeded it.
          const routes =
            theme === 'dark' && size === 'phone' ? ['/'] : [...APP_ROUTES, openConversation[role]];
          const { context, page } = await openAs(role, viewport, theme);
          for (const path of routes) {
            await page.goto(path);
            await ready(page);
            const url = new URL(page.url());
            expect(url.pathname + url.search, `${role} ${path}`).toBe(path);
            await snap(page, `a11y-${role}-${slug(path)}-${size}${suffix(theme)}`);
          }
          if (size === 'phone') {
            await page.getByTestId('menu-button').click();
            await page.getByTestId('sidebar').waitFor();
            await snap(page, `a11y-${role}-navigation-drawer-${size}${suffix(theme)}`);
          }
          await context.close();
        });
      }
    }
  }

  const dialogs: { role: Role; path: string; opener: string; title: string }[] = [
    { role: 'employee', path: '/my-tasks', opener: 'New Task', title: 'Create New Task' },
    { role: 'manager', path: '/advanced-tasks', opener: 'Create Task', title: 'Create Task' },
    { role: 'manager', path: '/projects', opener: 'New Project', title: 'Create New Project' },
    { role: 'employee', path: '/tracker', opener: 'Add Manual Entry', title: 'Add Time Entry' },
    { role: 'admin', path: '/admin', opener: 'Send Invite', title: 'Invite' },
    { role: 'employee', path: '/chat', opener: 'New conversation', title: 'New conversation' },
  ];
  for (const theme of THEMES) {
    for (const [viewport, size] of VIEWPORTS) {
      if (theme === 'dark' && size === 'phone') continue; // colours: checked dark at 1280 px
      for (const { role, path, opener, title } of dialogs) {
        it(`the ${title} dialog (${size}, ${theme})`, async () => {
          const { context, page } = await openAs(role, viewport, theme);
          await page.goto(path);
          await ready(page);
          await page.getByRole('button', { name: opener, exact: true }).first().click();
          const dialog = page.getByRole('dialog');
          await dialog.getByRole('heading', { name: new RegExp(title) }).waitFor();
          await snap(page, `a11y-dialog-${slug(path)}-${size}${suffix(theme)}`);
          // submitted empty: the dialog with its validation messages
          const submit = dialog.locator('button[type="submit"]');
          if ((await submit.count()) > 0 && (await submit.isEnabled())) {
            await submit.click();
            await page.waitForTimeout(200);
            await snap(page, `a11y-dialog-${slug(path)}-errors-${size}${suffix(theme)}`);
          }
          await context.close();
        });
      }
    }
  }

  it('left no console errors', () => {
    expect(consoleErrors).toEqual([]);
  });
});
