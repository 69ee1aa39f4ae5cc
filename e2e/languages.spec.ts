import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSession, createApprovedUser, signInContext } from './accounts';
import { browserForFile, choose, DESKTOP, dialogReady, PHONE, snap, snapDialog, toastSays } from './support';

// Languages (docs/product/profile.md#language, docs/decisions/035-languages.md): the sign-in page's
// picker, a person's language and clock on their profile, every screen switching at once, no reload.

const browser = browserForFile();
const VIEWPORTS = [
  [DESKTOP, 'desktop'],
  [PHONE, 'phone'],
] as const;

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
/** A mark on the window: still there later means the page was not loaded again. */
const markWindow = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

describe('languages', () => {
  it('the sign-in page switches to German at once, and the browser remembers it', async () => {
    const context = await browser.context();
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    await markWindow(page);

    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    expect(await sameDocument(page)).toBe(true);
    expect(await htmlLang(page)).toBe('de');
    await page.getByLabel('Passwort', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Anmelden' }).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    expect(await htmlLang(page)).toBe('de');
    await snap(page, 'languages-login-de-desktop');
    await page.goto('/register');
    await page.getByRole('heading', { name: 'Konto erstellen' }).waitFor();
    await snap(page, 'languages-register-de-desktop');

    // And back: English again, at once.
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    await context.close();
  });

  it('the sign-in and registration pages in German on a phone', async () => {
    const context = await browser.context(PHONE);
    await context.addInitScript(() => window.localStorage.setItem('language', 'de'));
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    await snap(page, 'languages-login-de-phone');
    await page.goto('/register');
    await page.getByRole('heading', { name: 'Konto erstellen' }).waitFor();
    await snap(page, 'languages-register-de-phone');
    await context.close();
  });

  it('a person switches to Deutsch on the profile: the shell reads German at once; the clock follows the choice', async () => {
    const session = await createApprovedUser('employee', { firstName: 'Lena', lastName: 'Lang' });
    const context = await browser.context();
    await signInContext(context, session);
    const page = await context.newPage();
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Language and clock' }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    await markWindow(page);

    await choose(page, 'language-language', 'Deutsch');
    await page.getByRole('button', { name: 'Save language and clock' }).click();
    await page.getByRole('heading', { name: 'Sprache und Uhrzeit' }).waitFor();
    expect(await sameDocument(page)).toBe(true);
    expect(await htmlLang(page)).toBe('de');
    await toastSays(page, 'Sprache und Uhrzeit gespeichert');
    expect(await page.getByTestId('header-title').textContent()).toBe('Profil');
    expect(await page.getByTestId('nav-my-tasks').textContent()).toContain('Meine Aufgaben');
    expect(await page.getByTestId('nav-timesheets').textContent()).toContain('Stundenzettel');
    await page.getByTestId('logout').getByText('Abmelden').waitFor();

    // German writes the 24-hour clock; the sessions list shows when this one signed in.
    const hint = page.locator('#language-timeFormat-hint');
    expect(await hint.textContent()).toBe('So sehen Uhrzeiten aus: 21:05');
    const signedIn = page.getByTestId('session-row').first();
    expect(await signedIn.textContent()).not.toMatch(/\b(AM|PM)\b/);

    await choose(page, 'language-timeFormat', '12 Stunden (9:05 PM)');
    await page.getByRole('button', { name: 'Sprache und Uhrzeit speichern' }).click();
    await expect.poll(() => hint.textContent()).toMatch(/^So sehen Uhrzeiten aus: 9:05\sPM$/);
    await expect.poll(() => signedIn.textContent()).toMatch(/\b(AM|PM)\b/);

    // The choice is the account's: it comes back with the profile even where this browser's stored
    // copy of the user is older (this journey's sign-in writes the first one into every page load).
    await page.reload();
    await page.getByRole('heading', { name: 'Sprache und Uhrzeit' }).waitFor();
    expect(await htmlLang(page)).toBe('de');
    await choose(page, 'language-timeFormat', 'Wie meine Sprache sie schreibt');
    await page.getByRole('button', { name: 'Sprache und Uhrzeit speichern' }).click();
    await expect.poll(() => hint.textContent()).toBe('So sehen Uhrzeiten aus: 21:05');
    // Wait for the save to be confirmed, as a person would: a toast that appears once a dialog is
    // open is the topmost layer and takes the next Escape, so on a slow machine the palette or the
    // shortcuts help below it stayed open (CI, 2026-11-27).
    await toastSays(page, 'Sprache und Uhrzeit gespeichert');
    await snap(page, 'languages-profile-de-desktop');
    // …and for it to have gone (5 s): a toast is a dismissable layer of its own, and while one is on
    // screen Radix may give it the Escape meant for the dialog (CI, 2026-11-27 afternoon: the
    // shortcuts help stayed open after Escape although the toast had appeared before it opened).
    await page
      .locator('[role="region"] li')
      .getByText('Sprache und Uhrzeit gespeichert', { exact: true })
      .waitFor({ state: 'hidden', timeout: 15_000 });

    // The palette and the shortcuts help speak German too.
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Suchen oder einen Befehl ausführen' }).waitFor();
    await page.getByRole('group', { name: 'Gehe zu' }).waitFor();
    await snapDialog(page, 'languages-palette-de-desktop');
    await dialogReady(page);
    await page.keyboard.press('Escape');
    // Wait until it has closed, as a person sees it close: a '?' pressed while it was still closing
    // once never opened the shortcuts (CI, 2026-11-27).
    await page
      .getByRole('combobox', { name: 'Suchen oder einen Befehl ausführen' })
      .waitFor({ state: 'hidden' });
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Tastenkürzel' }).waitFor();
    await dialogReady(page);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Tastenkürzel' }).waitFor({ state: 'hidden' });

    // English with a 24-hour clock: 21:05.
    await choose(page, 'language-language', 'English');
    await choose(page, 'language-timeFormat', '24 Stunden (21:05)');
    await page.getByRole('button', { name: 'Sprache und Uhrzeit speichern' }).click();
    await page.getByRole('heading', { name: 'Language and clock' }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    await expect.poll(() => hint.textContent()).toBe('Times read like this: 21:05');
    expect(await page.getByTestId('nav-my-tasks').textContent()).toContain('My Tasks');
    await context.close();
  });

  it('the profile, the palette and System Settings in German on a phone and at 1280 px', async () => {
    const admin = await adminSession();
    for (const [viewport, name] of VIEWPORTS) {
      const context = await browser.context(viewport);
      await signInContext(context, admin);
      // The browser's choice, not the account's: the shared admin keeps English for other journeys.
      await context.addInitScript(() => window.localStorage.setItem('language', 'de'));
      const page = await context.newPage();
      if (name === 'phone') {
        await page.goto('/profile');
        await page.getByRole('heading', { name: 'Sprache und Uhrzeit' }).waitFor();
        await snap(page, 'languages-profile-de-phone');
        await page.getByTestId('search-button').click();
        await page.getByRole('combobox', { name: 'Suchen oder einen Befehl ausführen' }).waitFor();
        await snapDialog(page, 'languages-palette-de-phone');
        await page.keyboard.press('Escape');
      }
      await page.goto('/admin');
      await page.getByRole('tab', { name: /System Settings|Systemeinstellungen/ }).click();
      await page.getByLabel('Standardsprache').waitFor();
      await snap(page, `languages-settings-de-${name}`);
      await context.close();
    }
  });
});
