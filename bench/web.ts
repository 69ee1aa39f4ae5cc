import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Row } from './lib/report';
import { chromium } from 'playwright-core';
import { findChromium } from '../e2e/chromium.mjs';

/**
 * What the browser downloads to render (JavaScript, as gzip -9 of each file it loaded) for /login and
 * for / signed in, and the time until the dashboard shows its heading.
 */
export async function measureWeb(url: string, cookie: string): Promise<Row[]> {
  const executablePath = findChromium();
  if (!executablePath) return [{ figure: 'browser', value: 'skipped: no Chromium' }];
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
    const me = await (await fetch(`${url}/api/auth/user`, { headers: { cookie } })).json();
    for (const path of ['/login', '/']) {
      const context = await browser.newContext({ baseURL: url });
      if (path === '/') {
        const [name, value] = cookie.split('=');
        await context.addCookies([{ name, value, url }]);
        await context.addInitScript((u) => localStorage.setItem('user', JSON.stringify(u)), me);
      }
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script') scripts.push(new URL(res.url()).pathname);
      });
      const started = Date.now();
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      const rendered = Date.now() - started;
      await page.waitForLoadState('networkidle');
      // gzip -9 of each script the page loaded (the browser itself is sent brotli, which is smaller)
      const bytes = scripts.reduce(
        (sum, p) => sum + gzipSync(readFileSync(`dist/web${p}`), { level: 9 }).length,
        0,
      );
      rows.push({
        figure: `initial JavaScript for ${path} (gzip)`,
        value: `${(bytes / 1024).toFixed(1)} KB in ${scripts.length} files`,
      });
      rows.push({ figure: `first render of ${path} (navigation → heading)`, value: `${rendered} ms` });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}
