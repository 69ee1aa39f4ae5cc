import { mkdirSync, statfsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import type { User } from '@contract/auth';
import { checkAccessibility, settleAnimations } from './axe';
import { findChromium } from './chromium.mjs';

export const baseURL = () => inject('baseURL');

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 812 };

/**
 * Chromium keeps its shared memory in /dev/shm; where that is small (a container's 64 MB) it must
 * use files in /tmp instead, which costs system time on every frame. Here /dev/shm is large.
 */
function smallSharedMemory() {
  try {
    const { bsize, blocks } = statfsSync('/dev/shm');
    return bsize * blocks < 512 * 1024 * 1024;
  } catch {
    return true;
  }
}

/** Debian's Chromium with the flags this machine needs (CONTRIBUTING.md, "Browser journeys"). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromium(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      ...(smallSharedMemory() ? ['--disable-dev-shm-usage'] : []),
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * A browser context asking for reduced motion, as a person may: the app then runs no endless
 * animation (skeletons, the running timer's dot), so the browser is not repainting between steps,
 * and nothing waits on a transition (web/src/index.css).
 */
export async function newContext(browser: Browser, viewport = DESKTOP): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport, reducedMotion: 'reduce' });
  context.setDefaultTimeout(15_000);
  return context;
}

/**
 * One browser for the test file, opened before its tests and closed after them with every context
 * made through `context()`.
 */
export function browserForFile() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
  });
  return {
    async context(viewport = DESKTOP) {
      if (!browser) throw new Error('the browser opens in beforeAll');
      const context = await newContext(browser, viewport);
      contexts.push(context);
      return context;
    },
  };
}

/** Puts a user record in local storage before any page script runs (what a signed-in browser has). */
export async function storeUser(context: BrowserContext, user: Partial<User>) {
  await context.addInitScript((u) => window.localStorage.setItem('user', JSON.stringify(u)), user);
}

/**
 * Pictures are for a person to look at: `SCREENSHOTS=off` (what .ci/run sets, where nobody looks)
 * skips them; every check around them still runs (docs/decisions/031-test-loop.md).
 */
const SCREENSHOTS = process.env.SCREENSHOTS !== 'off';

/** Saves a screenshot under screenshots/ (git-ignored), unless pictures are off. */
export async function capture(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  if (!SCREENSHOTS) return;
  mkdirSync('screenshots', { recursive: true });
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: options.fullPage ?? false });
}

/**
 * Saves a full-page screenshot for a person to look at, then checks the screen with axe-core: a
 * serious or critical accessibility violation fails the journey.
 */
export async function snap(page: Page, name: string) {
  await settleAnimations(page);
  if (SCREENSHOTS) {
    // A full-page capture draws the fixed header and sidebar where the window is scrolled to (mid-page
    // after a scrollIntoView); captured from the top they sit where a reader sees them. The scroll is
    // put back afterwards, so the journey goes on where it was.
    const scrolledTo = await page.evaluate(() => {
      const y = window.scrollY;
      window.scrollTo(0, 0);
      return y;
    });
    await capture(page, name, { fullPage: true });
    if (scrolledTo > 0) await page.evaluate((y) => window.scrollTo(0, y), scrolledTo);
  }
  await checkAccessibility(page, name);
}

/**
 * Follows the page's HTTP requests (not its live-event socket) so a journey can wait until the
 * screen's data has arrived: `quiet()` resolves once nothing has been in flight for `quietMs`.
 * Playwright's `networkidle` waits 500 ms of silence after every load; a screen's follow-up request
 * (a query that needs the first one's answer) starts within a render, so 150 ms is enough
 * (docs/decisions/031-test-loop.md).
 */
export function trackRequests(page: Page, quietMs = 150) {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (by: number) => {
    inFlight += by;
    lastChange = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return {
    async quiet(timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (inFlight > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline)
          throw new Error(`${inFlight} request(s) still in flight after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
  };
}

/** Calls the API from inside the page, so the browser's own cookies are used. */
export function apiFromPage<T = unknown>(
  page: Page,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ([m, u, b]) => {
      const res = await fetch(u as string, {
        method: m as string,
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
    [method, url, body] as const,
  );
}

/** Dialogs are fixed to the viewport, so they are captured as the person sees them, not full-page. */
export async function snapDialog(page: Page, name: string) {
  await page.waitForTimeout(300); // let the fade-in finish
  await capture(page, name);
  await checkAccessibility(page, name);
}

/** The one visible toast (docs/product/client-behaviour.md#toasts: one at a time) has this title. */
export async function toastSays(page: Page, title: string) {
  await page.locator('[role="region"] li').getByText(title, { exact: true }).first().waitFor();
}

/** Picks `option` in the select whose trigger has the id `triggerId`. */
export async function choose(page: Page, triggerId: string, option: string) {
  await page.locator(`#${triggerId}`).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Waits until an open dialog holds the focus: it has mounted its keyboard handling, so an Escape
 * pressed now closes it (one pressed the moment it became visible was once lost, CI 2026-11-27).
 */
export async function dialogReady(page: Page) {
  await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') != null);
}
