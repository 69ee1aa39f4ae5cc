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

/** How many tasks the board measurement puts on the board (docs/performance.md). */
export const BOARD_TASKS = 1000;

/**
 * Gives `cookie`'s user (an employee) BOARD_TASKS tasks of their own across the four columns, all
 * titled with `word` so the board can be filtered to them: a quarter each to do, in progress (started),
 * pending review (submitted) and completed.
 */
async function boardTasks(url: string, cookie: string, word: string, count: number) {
  const send = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: string };
  };
  const one = async (i: number) => {
    const { id } = await send('POST', '/api/tasks', { title: `${word} ${i}` });
    const column = i % 4;
    if (column === 0) return;
    if (column === 2) return void (await send('PATCH', `/api/tasks/${id}/submit`, {}));
    await send('PATCH', `/api/tasks/${id}`, { status: 'in_progress' });
    if (column === 3) await send('PATCH', `/api/tasks/${id}`, { status: 'completed' });
  };
  // A few at a time, as a busy team would: the bench shares the machine.
  for (let i = 0; i < count; i += 8)
    await Promise.all(Array.from({ length: Math.min(8, count - i) }, (_, k) => one(i + k)));
}

/**
 * The board with BOARD_TASKS tasks (docs/product/tasks.md#board): from choosing the Board view until all
 * are loaded and counted in the column headings, and a card moved with the keyboard until the server
 * confirmed it; for each, the longest task the browser's main thread ran (PerformanceObserver
 * 'longtask': only tasks over 50 ms are reported, so 0 means none). Alone: `npx tsx bench/web-board.ts`.
 */
export async function measureBoard(
  browser: Browser,
  url: string,
  cookie: string,
  count = BOARD_TASKS,
): Promise<Row> {
  const word = `benchcards${Date.now().toString(36)}`;
  await boardTasks(url, cookie, word, count);
  const user = await (await fetch(`${url}/api/auth/user`, { headers: { cookie } })).json();
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 800 } });
  try {
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url }]);
    await context.addInitScript(
      ([u, w]) => {
        localStorage.setItem('user', JSON.stringify(u));
        localStorage.setItem('workbench.advancedTasks.filters', JSON.stringify({ search: w }));
        localStorage.setItem(
          'workbench.advancedTasks.view',
          JSON.stringify({ mode: 'cards', sort: 'dueDate', order: 'asc' }),
        );
        const w2 = window as unknown as { longTasks: number[] };
        w2.longTasks = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w2.longTasks.push(entry.duration);
        }).observe({ type: 'longtask', buffered: true });
      },
      [user, word] as const,
    );
    const page = await context.newPage();
    await page.goto('/advanced-tasks');
    await page.getByTestId('task-card').first().waitFor();
    const longest = () =>
      page.evaluate(() => {
        const w = window as unknown as { longTasks: number[] };
        const max = Math.max(0, ...w.longTasks);
        w.longTasks = [];
        return Math.round(max);
      });
    await page.waitForLoadState('networkidle');
    await longest();
    const counted = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('[data-testid="board-column"] h2 span')].reduce(
          (sum, el) => sum + Number(el.textContent),
          0,
        ),
      );
    const started = Date.now();
    await page.getByRole('button', { name: 'Board', exact: true }).click();
    await page.getByTestId('board-card').first().waitFor();
    const more = page.getByRole('button', { name: 'Load more tasks' });
    while ((await counted()) < count) {
      if (await more.isVisible()) await more.click();
      await page.waitForTimeout(50);
    }
    const renderMs = Date.now() - started;
    await page.waitForTimeout(200);
    const renderLong = await longest();
    const moveStarted = Date.now();
    const card = page
      .locator('[data-testid="board-column"][data-status="todo"] [data-testid="board-card"] > div')
      .first();
    await card.focus();
    // Each key once the screen-reader announcement of the previous one is there (dnd-kit's live region).
    await page.keyboard.press('Space');
    await page.getByText(/is over To Do/).waitFor({ state: 'attached' });
    await page.keyboard.press('ArrowRight');
    await page.getByText(/is over In Progress/).waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await page
      .getByText(/is now In Progress\./)
      .first()
      .waitFor();
    const moveMs = Date.now() - moveStarted;
    await page.waitForTimeout(200);
    const moveLong = await longest();
    return {
      screen: `/advanced-tasks board (${count} tasks)`,
      'initial JavaScript (gzip)': '',
      'script requests': '',
      'navigation → heading': `board ${renderMs} ms, longest task ${renderLong} ms; keyboard move ${moveMs} ms, longest task ${moveLong} ms`,
    };
  } finally {
    await context.close();
  }
}

/**
 * What the browser downloads to render each screen (JavaScript: gzip size and number of script
 * requests) on a cold load, and the time until the page shows its heading.
 */
export async function measureWeb(url: string, cookie: string, boardTaskCount = BOARD_TASKS): Promise<Row[]> {
  const browser = await launch();
  if (!browser) return [{ screen: 'browser', 'initial JavaScript (gzip)': 'skipped: no Chromium' }];
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
    rows.push(await measureBoard(browser, url, cookie, boardTaskCount));
  } finally {
    await browser.close();
  }
  return rows;
}

/** Debian's Chromium as the journeys run it, or undefined where there is none. */
export async function launch(): Promise<Browser | undefined> {
  const executablePath = findChromium({ headlessShell: false });
  if (!executablePath) return undefined;
  return chromium.launch({
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
}
