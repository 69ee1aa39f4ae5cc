import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, newContext, PHONE, snap } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/**
 * The contract's messages are keys of locales/<language>/errors.json: the form shows them in the
 * screen's language, and the server answers in it too (docs/decisions/035-languages.md).
 */
describe('error messages in German', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`shows the form's and the server's messages in German (${name})`, async () => {
      const context = await newContext(browser, viewport);
      await context.addInitScript(() => window.localStorage.setItem('language', 'de'));
      const page = await context.newPage();
      await page.goto('/register');
      await page.locator('form button[type="submit"]').click();
      await page.getByText('Der Vorname muss mindestens 2 Zeichen lang sein').waitFor();
      expect(await page.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein').count()).toBe(1);
      expect(await page.getByText('First name must be at least 2 characters').count()).toBe(0);
      await snap(page, `error-language-register-${name}`);
      // The server writes in the screen's language (the client sends it as Accept-Language).
      const answer = await page.evaluate(async () => {
        const res = await fetch('/api/simple-login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Accept-Language': 'de' },
          body: JSON.stringify({ email: 'nobody@example.com', password: 'Wrong-password-1' }),
        });
        return res.json();
      });
      expect(answer.code).toBe('invalid_credentials');
      expect(answer.message).toBe('Ungültige E-Mail-Adresse oder ungültiges Passwort');
      await context.close();
    });
  }
});
