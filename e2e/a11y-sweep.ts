import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Role } from '@contract/auth';
import { adminSession, createApprovedUser, signInContext } from './accounts';
import { DESKTOP, launchBrowser, newContext, PHONE, snap, trackRequests } from './support';

// The accessibility sweep's common parts (e2e/a11y.spec.ts: every route as each role;
// e2e/a11y-dialogs.spec.ts: the signed-out pages and the main dialogs). axe-core runs at 1280 and
// 375 px, in the light theme and in the dark one (docs/decisions/027-dark-mode.md); each screen is
// loaded once and checked in both themes (docs/decisions/031-test-loop.md). snap() runs the check: a
// serious or critical violation fails the test, and every screen's counts by impact are printed and
// kept in .tmp/axe-results.jsonl.

export type Session = Awaited<ReturnType<typeof adminSession>>;
/** Screenshot names: the light ones keep their names, the dark ones end in -dark. */
type Theme = 'light' | 'dark';

export const VIEWPORTS = [
  [DESKTOP, 'desktop'],
  [PHONE, 'phone'],
] as const;

export const slug = (path: string) =>
  path === '/'
    ? 'home'
    : path.startsWith('/chat?')
      ? 'chat-conversation'
      : path.slice(1).replaceAll('/', '-');

/**
 * A browser and a signed-in employee, manager and admin for the file; `seed` runs once they exist.
 * Ends the file with a test that no screen logged a console error.
 */
export function a11ySweep(seed: (sessions: Record<Role, Session>) => Promise<void> = async () => {}) {
  let browser: Browser;
  const sessions = {} as Record<Role, Session>;
  const consoleErrors: string[] = [];
  const requests = new WeakMap<Page, ReturnType<typeof trackRequests>>();

  beforeAll(async () => {
    browser = await launchBrowser();
    sessions.admin = await adminSession();
    sessions.manager = await createApprovedUser('manager', { firstName: 'Mara', lastName: 'Manager' });
    sessions.employee = await createApprovedUser('employee', { firstName: 'Ezra', lastName: 'Employee' });
    await seed(sessions);
  });
  afterAll(() => browser?.close());

  /**
   * A context that follows the system's colour scheme (no choice stored, as for a new user), so a
   * loaded screen can be checked light and then dark by switching the emulated system setting: the
   * app's theme module follows it live (web/src/lib/theme.ts), and the screen is not loaded twice.
   */
  async function openAs(role: Role | null, viewport: typeof DESKTOP) {
    const context = await newContext(browser, viewport);
    if (role) await signInContext(context, sessions[role]);
    const page = await context.newPage();
    await page.emulateMedia({ colorScheme: 'light' });
    requests.set(page, trackRequests(page));
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
    });
    return { context, page };
  }

  const loaded = new WeakSet<Page>();
  /**
   * Opens `path`: the page's first screen is loaded from the server, every later one is reached
   * inside the app, as a person following a link does (the router reads the address on `popstate`),
   * so the sweep does not pay for a fresh start of the app and of axe per screen
   * (docs/decisions/031-test-loop.md). It has arrived when the screen's heading is a new one: each
   * route's page renders its own.
   */
  async function visit(page: Page, path: string) {
    if (!loaded.has(page)) {
      await page.goto(path);
      loaded.add(page);
      return;
    }
    await page.evaluate((to) => {
      const w = window as unknown as { sweepLeaving: Element | null };
      w.sweepLeaving = document.querySelector('h1');
      // the router's own history entry shape (its index and a key), so it counts this as a visit
      const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
      history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    }, path);
    await page.waitForFunction(() => {
      const heading = document.querySelector('h1');
      return (
        heading !== null && heading !== (window as unknown as { sweepLeaving: Element | null }).sweepLeaving
      );
    });
  }

  /** A screen is ready when its heading is up and nothing is loading any more. */
  async function ready(page: Page) {
    await page.locator('h1').first().waitFor();
    const tracker = requests.get(page);
    if (!tracker) throw new Error('open pages through openAs()');
    await tracker.quiet();
    await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0);
  }

  /** Checks (and captures) the screen as it is in the light theme, then, if asked, in the dark one. */
  async function snapThemes(page: Page, name: string, dark: boolean) {
    await snap(page, name);
    if (!dark) return;
    await showTheme(page, 'dark');
    await snap(page, `${name}-dark`);
    await showTheme(page, 'light');
  }

  function noConsoleErrors() {
    it('left no console errors', () => {
      expect(consoleErrors).toEqual([]);
    });
  }

  return { openAs, visit, ready, snapThemes, noConsoleErrors };
}

/** Switches the system setting and waits until the app has followed it. */
export async function showTheme(page: Page, theme: Theme) {
  await page.emulateMedia({ colorScheme: theme });
  await page.waitForFunction(
    (dark) => document.documentElement.classList.contains('dark') === dark,
    theme === 'dark',
  );
  // Colours change with a transition: axe once read a paragraph mid-way (contrast 1.07, CI
  // 2026-11-27). Wait until every finite animation has ended (spinners run forever).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}
