import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, call, createApprovedUser, openSignedIn } from './accounts';
import { inGerman } from './messages';
import { launchBrowser, PHONE, snap, snapDialog, toastSays } from './support';

/** The labels screen (docs/product/tasks.md#labels): add, rename, recolour, delete. */
let browser: Browser;
type Session = Awaited<ReturnType<typeof createApprovedUser>>;
let manager: Session;
let employee: Session;
const JOURNEY_MS = 120_000;
const tag = Date.now().toString(36);

beforeAll(async () => {
  browser = await launchBrowser();
  manager = await createApprovedUser('manager', { firstName: 'Lena', lastName: 'Labeller' });
  employee = await createApprovedUser('employee', { firstName: 'Emil', lastName: 'Plain' });
});
afterAll(() => browser?.close());

describe('the labels screen', () => {
  it(
    'a manager adds a label, renames and recolours it (the tasks show it at once), and deletes it',
    async () => {
      const { context, page } = await openSignedIn(browser, manager, '/advanced-tasks');
      await page.getByRole('link', { name: 'Labels' }).click();
      await page.getByRole('heading', { name: 'Labels', level: 1 }).waitFor();
      await page.getByLabel('New label').fill(`Urgent ${tag}`);
      await page.getByTitle('Red', { exact: true }).click();
      expect(await page.getByRole('radio', { name: 'Red' }).isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Add label' }).click();
      await toastSays(page, 'Label created');
      const row = (name: string) => page.getByTestId('label-row').filter({ hasText: name });
      await row(`Urgent ${tag}`).waitFor();

      // a task carrying it
      const labels = await call('GET', '/api/labels', undefined, manager.cookie);
      const label = (labels.body as unknown as { id: string; name: string }[]).find(
        (l) => l.name === `Urgent ${tag}`,
      );
      const task = await call(
        'POST',
        '/api/tasks',
        { title: `Labelled ${tag}`, labelIds: [label?.id] },
        manager.cookie,
      );
      expect(task.status).toBe(201);

      await page.getByRole('button', { name: `Edit label Urgent ${tag}` }).click();
      await page.getByLabel('Name', { exact: true }).fill(`Blocker ${tag}`);
      await page.getByTitle('Teal', { exact: true }).last().click();
      await snap(page, 'labels-edit-desktop');
      await page.getByRole('button', { name: 'Save' }).click();
      await toastSays(page, 'Label saved');
      await row(`Blocker ${tag}`).waitFor();
      const carried = await call('GET', `/api/tasks/${task.body.id}`, undefined, manager.cookie);
      expect(carried.body.labels).toEqual([{ id: label?.id, name: `Blocker ${tag}`, color: '#0f766e' }]);
      await snap(page, 'labels-desktop');

      // a name already used, whatever its case, is refused on its field
      await page.getByLabel('New label').fill(`blocker ${tag}`);
      await page.getByRole('button', { name: 'Add label' }).click();
      await page.getByText('A label with this name already exists').waitFor();

      await page.getByRole('button', { name: `Delete label Blocker ${tag}` }).click();
      await snapDialog(page, 'labels-delete-dialog-desktop');
      await page.getByRole('dialog').getByRole('button', { name: 'Delete label' }).click();
      await toastSays(page, 'Label deleted');
      await row(`Blocker ${tag}`).waitFor({ state: 'detached' });
      const after = await call('GET', `/api/tasks/${task.body.id}`, undefined, manager.cookie);
      expect(after.body.labels).toEqual([]);
      await context.close();
    },
    JOURNEY_MS,
  );

  it(
    'an admin keeps them in System Settings on a phone; in German; an employee is told it is not theirs',
    async () => {
      const admin = await adminSession();
      const created = await call(
        'POST',
        '/api/labels',
        { name: `Kunde ${tag}`, color: '#6d28d9' },
        admin.cookie,
      );
      expect(created.status).toBe(201);
      const phone = await openSignedIn(browser, admin, '/admin', PHONE);
      await phone.page.getByRole('tab', { name: 'System Settings' }).click();
      await phone.page.getByRole('tab', { name: 'Labels' }).click();
      await phone.page
        .getByTestId('label-row')
        .filter({ hasText: `Kunde ${tag}` })
        .waitFor();
      const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(PHONE.width);
      await snap(phone.page, 'labels-admin-phone');
      await phone.context.close();

      expect((await call('PATCH', '/api/profile', { language: 'de' }, manager.cookie)).status).toBe(200);
      const german = await openSignedIn(
        browser,
        { ...manager, user: { ...manager.user, language: 'de' } },
        '/labels',
      );
      await german.page
        .getByRole('heading', { name: inGerman('Labels', undefined, 'tasks'), level: 1 })
        .waitFor();
      await german.page.getByRole('button', { name: `Label Kunde ${tag} bearbeiten` }).waitFor();
      await snap(german.page, 'labels-german-desktop');
      await german.context.close();

      const plain = await openSignedIn(browser, employee, '/labels');
      await plain.page.getByText('Only managers and administrators can keep the labels.').waitFor();
      await plain.context.close();
    },
    JOURNEY_MS,
  );
});
