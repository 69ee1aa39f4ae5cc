import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, createApprovedUser, signInContext } from './accounts';
import { PUBLIC_ROUTES, SIGNED_IN_ROUTES } from './routes';
import { mkdirSync } from 'node:fs';
import { capture, DESKTOP, launchBrowser, newContext, PHONE, trackRequests } from './support';

// Every route in the pseudo-locale (docs/decisions/035-languages.md#pseudo-locale) at 1280 and 375 px:
// every message is accented and ~40% longer, so a word still in plain English is a text that bypasses
// the message files, and a layout that cannot take long words shows as an overflow or a cut-off button.

let browser: Browser;
type Session = Awaited<ReturnType<typeof adminSession>>;
let admin: Session;
let employee: Session;

beforeAll(async () => {
  mkdirSync('screenshots', { recursive: true });
  browser = await launchBrowser();
  admin = await adminSession();
  employee = await createApprovedUser('employee', { firstName: 'Pia', lastName: 'Pseudo' });
});
afterAll(() => browser?.close());

const VIEWPORTS = [
  [DESKTOP, 'desktop'],
  [PHONE, 'phone'],
] as const;

/** Words that are not ours to translate: the product's name, language names, Intl's English dates. */
function allowedWords(): Set<string> {
  const words = new Set([
    'Workbench',
    'English',
    'Deutsch',
    'AM',
    'PM',
    'UTC',
    'GMT',
    'CSV',
    'API',
    'SSO',
    'OIDC',
    'PNG',
    'JPEG',
    'WebP',
    'GIF',
    'ID',
  ]);
  for (let m = 0; m < 12; m++)
    for (const month of ['long', 'short'] as const)
      words.add(new Intl.DateTimeFormat('en-US', { month, timeZone: 'UTC' }).format(Date.UTC(2026, m, 15)));
  for (let d = 0; d < 7; d++)
    for (const weekday of ['long', 'short'] as const)
      words.add(
        new Intl.DateTimeFormat('en-US', { weekday, timeZone: 'UTC' }).format(Date.UTC(2026, 0, 4 + d)),
      );
  // Relative times come from Intl in the pseudo-locale's English ('5 minutes ago', 'just now').
  const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
  for (const unit of ['second', 'minute', 'hour', 'day', 'week', 'month', 'year'] as const)
    for (const n of [-2, -1, 0, 1, 2])
      for (const word of relative.format(n, unit).match(/[A-Za-z]{2,}/g) ?? []) words.add(word);
  words.add('just');
  return words;
}

/** Every string the server answered with: names, titles, e-mails are the user's words, not ours. */
function collectData(page: Page, into: Set<string>) {
  page.on('response', async (response) => {
    if (!response.url().includes('/api/') || !response.headers()['content-type']?.includes('json')) return;
    const walk = (value: unknown) => {
      if (typeof value === 'string') into.add(value);
      else if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') Object.values(value).forEach(walk);
    };
    try {
      walk(await response.json());
    } catch {
      // not JSON after all
    }
  });
}

type Finding = { english: string[]; overflow: number; cut: string[] };

/** What the screen shows in plain English, whether the page overflows, and which buttons are cut off. */
function inspect(page: Page, data: string[], allowed: string[]): Promise<Finding> {
  return page.evaluate(
    ({ data: answered, allowed }) => {
      const allowedSet = new Set(allowed);
      // The signed-in user's record is kept in the browser (it came with the sign-in's answer).
      const stored = Object.values(JSON.parse(localStorage.getItem('user') ?? '{}')).filter(
        (v): v is string => typeof v === 'string',
      );
      const data = [...answered, ...stored].sort((a, b) => b.length - a.length);
      const visible = (el: Element) => {
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        return style.visibility !== 'hidden' && style.display !== 'none' && box.width > 0 && box.height > 0;
      };
      const english = new Set<string>();
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (
          !parent ||
          parent.closest('script,style,noscript,[aria-hidden="true"],.sr-only,kbd,code,input,textarea')
        )
          continue;
        if (!visible(parent)) continue;
        const text = (node.textContent ?? '').trim();
        // A name the screen shortened ('Customer portal' as 'Custo…') is still the user's words.
        const shown = text.endsWith('…') ? text.slice(0, -1) : text;
        if (!text || data.some((d) => d.includes(shown))) continue;
        // The user's words inside one of ours ('Welcome, Pia!') are taken out before the check.
        let rest = text.replace(/[\w.+-]+@[\w.-]+/g, ' ');
        for (const d of data) if (d.length >= 2 && rest.includes(d)) rest = rest.replaceAll(d, ' ');
        const plain = rest.match(/(?<![\p{L}])[A-Za-z]{2,}(?![\p{L}])/gu) ?? [];
        if (plain.some((word) => !allowedSet.has(word))) english.add(text);
      }
      const cut: string[] = [];
      for (const el of document.querySelectorAll('button, a, [role="tab"], th, label, h1, h2, h3')) {
        // Screen-reader-only labels are 1 px boxes by design.
        if (!visible(el) || el.closest('[data-allow-truncate],.sr-only')) continue;
        const style = getComputedStyle(el);
        const clips = style.overflow !== 'visible' || style.textOverflow === 'ellipsis';
        if (clips && el.scrollWidth > el.clientWidth + 1 && !el.getAttribute('title'))
          cut.push((el.textContent ?? '').trim().slice(0, 40));
      }
      return {
        english: [...english],
        overflow: document.documentElement.scrollWidth - window.innerWidth,
        cut,
      };
    },
    { data, allowed },
  );
}

async function openInPseudo(viewport: typeof DESKTOP, session: Session | null) {
  const context = await newContext(browser, viewport);
  await context.addInitScript(() => window.localStorage.setItem('language', 'pseudo'));
  if (session) await signInContext(context, session);
  const page = await context.newPage();
  const data = new Set<string>();
  collectData(page, data);
  return { context, page, data, quiet: trackRequests(page).quiet };
}

const slug = (path: string) => (path === '/' ? 'home' : path.slice(1).replaceAll('/', '-'));

describe('the pseudo-locale on every route', () => {
  const allowed = [...allowedWords()];
  const check = async (
    page: Page,
    data: Set<string>,
    quiet: () => Promise<void>,
    path: string,
    size: string,
  ) => {
    await page.goto(path);
    await page.locator('h1').first().waitFor();
    await quiet();
    await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-XA');
    const found = await inspect(page, [...data], allowed);
    // A picture to look at; axe runs on every screen in a11y.spec.ts and in German in german.spec.ts.
    await capture(page, `pseudo-${slug(path)}-${size}`, { fullPage: true });
    expect.soft(found.english, `${path} (${size}): English left on screen`).toEqual([]);
    expect
      .soft(found.overflow, `${path} (${size}): the page is wider than the window`)
      .toBeLessThanOrEqual(0);
    expect.soft(found.cut, `${path} (${size}): cut-off texts`).toEqual([]);
  };

  for (const [viewport, size] of VIEWPORTS) {
    it(`signed out (${size})`, async () => {
      const { context, page, data, quiet } = await openInPseudo(viewport, null);
      for (const path of PUBLIC_ROUTES) await check(page, data, quiet, path, size);
      await context.close();
    });
    it(`signed in as an admin (${size})`, async () => {
      const { context, page, data, quiet } = await openInPseudo(viewport, admin);
      for (const path of SIGNED_IN_ROUTES) await check(page, data, quiet, path, size);
      await context.close();
    });
    it(`signed in as an employee (${size})`, async () => {
      const { context, page, data, quiet } = await openInPseudo(viewport, employee);
      for (const path of [
        '/',
        '/my-tasks',
        '/tracker',
        '/timesheets',
        '/time-off',
        '/attendance',
        '/profile',
      ])
        await check(page, data, quiet, path, size);
      await context.close();
    });
  }
});
