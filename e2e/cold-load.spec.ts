import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ColdLoad, coldLoad } from '../bench/web';
import { createApprovedUser } from './accounts';
import { baseURL, launchBrowser } from './support';

// A cold load is a chain of round trips on a real network: the shared code comes in a few grouped
// chunks (web/vite.config.ts), so no first screen needs more than a handful of script requests.
const MAX_SCRIPTS = 10;
// The sign-in page's budget (docs/performance.md; what it took: docs/decisions/040-login-budget.md).
const LOGIN_BUDGET_BYTES = 150 * 1024;

/** Each script of a load with its gzip size, largest first: what to look at when the budget is exceeded. */
function describeScripts(load: ColdLoad): string {
  return load.scripts
    .map((script, i) => ({ script, bytes: load.scriptBytes[i] }))
    .sort((a, b) => b.bytes - a.bytes)
    .map(({ script, bytes }) => `  ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${script}`)
    .join('\n');
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('cold load', () => {
  // Each language's sign-in page downloads its own words (web/src/lib/i18n.ts): both within budget.
  it.each([
    ['English', undefined],
    ['German', 'de'],
  ])(
    `/login in %s needs at most ${MAX_SCRIPTS} scripts, within ${LOGIN_BUDGET_BYTES / 1024} KB gzip`,
    async (name, language) => {
      const load = await coldLoad(browser, baseURL(), '/login', undefined, language);
      console.log(
        `/login (${name}): ${load.scripts.length} scripts, ${(load.gzipBytes / 1024).toFixed(1)} KB gzip`,
      );
      console.log(describeScripts(load));
      expect(load.scripts.length, load.scripts.join('\n')).toBeLessThanOrEqual(MAX_SCRIPTS);
      expect(load.gzipBytes).toBeLessThanOrEqual(LOGIN_BUDGET_BYTES);
    },
  );

  it(`a signed-in screen needs at most ${MAX_SCRIPTS} scripts`, async () => {
    const session = await createApprovedUser('manager');
    for (const path of ['/', '/tracker', '/chat', '/my-tasks']) {
      const load = await coldLoad(browser, baseURL(), path, session);
      console.log(`${path}: ${load.scripts.length} scripts, ${(load.gzipBytes / 1024).toFixed(1)} KB gzip`);
      console.log(describeScripts(load));
      expect(load.scripts.length, `${path}\n${load.scripts.join('\n')}`).toBeLessThanOrEqual(MAX_SCRIPTS);
    }
  });
});
