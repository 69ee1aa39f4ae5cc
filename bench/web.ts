import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Row } from './lib/report';
import { chromium } from 'playwright-core';
import { findChromium } from '../e2e/chromium.mjs';

/**
 * What the browser downloads before first render (JavaScript, compressed as sent) for /login and
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
      const scripts: Promise<number>[] = [];
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script')
          scripts.push(
            res
              .request()
              .sizes()
              .then((s) => s.responseBodySize),
          );
      });
      const started = Date.now();
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      const rendered = Date.now() - started;
      await page.waitForLoadState('networkidle');
      const bytes = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
      rows.push({
        figure: `initial JavaScript for ${path} (compressed)`,
        value: `${(bytes / 1024).toFixed(1)} KB`,
      });
      rows.push({ figure: `first render of ${path} (navigation → heading)`, value: `${rendered} ms` });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}
