import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright-core';
import type { Row } from './lib/report';
import { findChromium } from '../e2e/chromium.mjs';

/**
 * The screens measured: /login signed out, in English and in German (each downloads its own
 * language's words), the others signed in.
 */
export const WEB_SCREENS = [
  { path: '/login' },
  { path: '/login', language: 'de' },
  { path: '/' },
  { path: '/tracker' },
  { path: '/chat' },
] as const satisfies readonly { path: string; language?: string }[];

export interface ColdLoad {
  /** Script requests the page made until the network went quiet. */
  scripts: string[];
  /** gzip -9 of each of those scripts, in the same order. */
  scriptBytes: number[];
  /** gzip -9 of those scripts as built (the browser itself is sent brotli, which is smaller). */
  gzipBytes: number;
  /** Navigation → the page's first heading. */
  renderMs: number;
}

/**
 * Opens `path` in a fresh context (an empty cache: a cold load) and records every script it fetched.
 * Signed in when a session cookie and its user record are given; in `language` when given (the choice
 * the sign-in page's picker remembers, web/src/lib/i18n.ts).
 */
export async function coldLoad(
  browser: Browser,
  url: string,
  path: string,
  session?: { cookie: string; user: unknown },
  language?: string,
): Promise<ColdLoad> {
  const context = await browser.newContext({ baseURL: url });
  try {
    if (language) await context.addInitScript((l) => localStorage.setItem('language', l), language);
    if (session) {
      const [name, value] = session.cookie.split('=');
      await context.addCookies([{ name, value, url }]);
      await context.addInitScript((u) => localStorage.setItem('user', JSON.stringify(u)), session.user);
    }
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    const started = Date.now();
    await page.goto(path);
    await page.locator('h1').first().waitFor();
    const renderMs = Date.now() - started;
    await page.waitForLoadState('networkidle');
    const scriptBytes = scripts.map((p) => gzipSync(readFileSync(`dist/web${p}`), { level: 9 }).length);
    const gzipBytes = scriptBytes.reduce((sum, n) => sum + n, 0);
    return { scripts, scriptBytes, gzipBytes, renderMs };
  } finally {
    await context.close();
  }
}

/**
 * What the browser downloads to render each screen (JavaScript: gzip size and number of script
 * requests) on a cold load, and the time until the page shows its heading.
 */
export async function measureWeb(url: string, cookie: string): Promise<Row[]> {
  const executablePath = findChromium();
  if (!executablePath) return [{ screen: 'browser', 'initial JavaScript (gzip)': 'skipped: no Chromium' }];
  const browser = await chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const rows: Row[] = [];
  try {
    const user = await (await fetch(`${url}/api/auth/user`, { headers: { cookie } })).json();
    for (const screen of WEB_SCREENS) {
      const { path } = screen;
      const language = 'language' in screen ? screen.language : undefined;
      const signedOut = path === '/login';
      const load = await coldLoad(browser, url, path, signedOut ? undefined : { cookie, user }, language);
      rows.push({
        screen: `${path} (${signedOut ? 'signed out' : 'signed in'}${language ? `, ${language}` : ''})`,
        'initial JavaScript (gzip)': `${(load.gzipBytes / 1024).toFixed(1)} KB`,
        'script requests': load.scripts.length,
        'navigation → heading': `${load.renderMs} ms`,
      });
    }
  } finally {
    await browser.close();
  }
  return rows;
}
