import type { Role } from '@contract/auth';
import { describe, expect, it } from 'vitest';
import { a11ySweep, slug, VIEWPORTS } from './a11y-sweep';
import { PUBLIC_ROUTES } from './routes';

// axe-core on the signed-out pages and on the main dialogs, at 1280 and 375 px, light and dark (every
// route signed in: e2e/a11y.spec.ts; what both share: e2e/a11y-sweep.ts).

// Public pages, and the 404 page.
const PUBLIC_PAGES = [...PUBLIC_ROUTES, '/no/such/page'];

const { openAs, visit, ready, snapThemes, noConsoleErrors } = a11ySweep();

describe('accessibility (axe-core): signed out, and the dialogs', () => {
  for (const [viewport, size] of VIEWPORTS) {
    it(`public pages, signed out (${size}, light and dark)`, async () => {
      const { context, page } = await openAs(null, viewport);
      for (const path of PUBLIC_PAGES) {
        await visit(page, path);
        await ready(page);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
        await snapThemes(page, `a11y-signed-out-${slug(path)}-${size}`, true);
      }
      await context.close();
    });
  }

  const dialogs: { role: Role; path: string; opener: string; title: string }[] = [
    { role: 'employee', path: '/my-tasks', opener: 'New Task', title: 'Create New Task' },
    { role: 'manager', path: '/advanced-tasks', opener: 'Create Task', title: 'Create Task' },
    { role: 'manager', path: '/projects', opener: 'New Project', title: 'Create New Project' },
    { role: 'employee', path: '/tracker', opener: 'Add Manual Entry', title: 'Add Time Entry' },
    { role: 'admin', path: '/admin', opener: 'Send Invite', title: 'Invite' },
    { role: 'employee', path: '/chat', opener: 'New conversation', title: 'New conversation' },
  ];
  for (const [viewport, size] of VIEWPORTS) {
    // colours: checked dark at 1280 px
    const dark = size === 'desktop';
    for (const { role, path, opener, title } of dialogs) {
      it(`the ${title} dialog (${size}, ${dark ? 'light and dark' : 'light'})`, async () => {
        const { context, page } = await openAs(role, viewport);
        await page.goto(path);
        await ready(page);
        await page.getByRole('button', { name: opener, exact: true }).first().click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('heading', { name: new RegExp(title) }).waitFor();
        await snapThemes(page, `a11y-dialog-${slug(path)}-${size}`, dark);
        // submitted empty: the dialog with its validation messages
        const submit = dialog.locator('button[type="submit"]');
        if ((await submit.count()) > 0 && (await submit.isEnabled())) {
          await submit.click();
          await page.waitForTimeout(200);
          await snapThemes(page, `a11y-dialog-${slug(path)}-errors-${size}`, dark);
        }
        await context.close();
      });
    }
  }

  noConsoleErrors();
});
