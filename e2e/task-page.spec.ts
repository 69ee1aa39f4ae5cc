import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createApprovedUser, openSignedIn, signInContext } from './accounts';
import { choose, DESKTOP, launchBrowser, newContext, PHONE, snap, snapDialog, toastSays } from './support';

let browser: Browser;
type Session = Awaited<ReturnType<typeof createApprovedUser>>;
let manager: Session;
let employee: Session;
let taskId: string;
const TASK = 'Paint the lighthouse';
const RENAMED = 'Paint the lighthouse red';
/** Labels belong to the organisation, which every journey of a run shares: a name of this run's own. */
const LABEL = `Outdoor ${Date.now().toString(36).slice(-4)}`;
const JOURNEY_MS = 180_000;

beforeAll(async () => {
  browser = await launchBrowser();
  manager = await createApprovedUser('manager', { firstName: 'Tara', lastName: 'Keeper' });
  employee = await createApprovedUser('employee', { firstName: 'Finn', lastName: 'Painter' });
  const created = await call(
    'POST',
    '/api/tasks',
    {
      title: TASK,
      description: 'Two coats, weather permitting.',
      assigneeId: employee.user.id,
      estimatedHours: 6,
    },
    manager.cookie,
  );
  expect(created.status).toBe(201);
  taskId = (created.body as unknown as { id: string }).id;
});
afterAll(() => browser?.close());

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const progress = (page: Page) => page.getByTestId('task-progress').first();

describe('the task page', () => {
  it(
    'a manager finds the task with Ctrl+K, renames it in place, adds a sub-task, a checklist item and a label, then filters by it',
    async () => {
      const { context, page } = await openSignedIn(browser, manager, '/');
      await page.getByTestId('header-title').waitFor();
      await page.keyboard.press('Control+k');
      const palette = page.getByRole('combobox', { name: 'Search or run a command' });
      await palette.fill('lighthouse');
      await page.getByRole('option', { name: new RegExp(TASK) }).waitFor();
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/tasks/${taskId}`);
      await heading(page, TASK).waitFor();

      // The title, in place.
      await page.getByRole('button', { name: 'Edit title' }).click();
      await page.getByLabel('Title', { exact: true }).fill(RENAMED);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await heading(page, RENAMED).waitFor();
      await toastSays(page, 'Task updated');

      // A sub-task and a checklist item: "0 of 2", then ticked, "1 of 2".
      await page.getByRole('textbox', { name: 'New sub-task' }).fill('Buy the paint');
      await page.getByRole('region', { name: 'Sub-tasks' }).getByRole('button', { name: 'Add' }).click();
      await page.getByRole('link', { name: 'Buy the paint' }).waitFor();
      await page.getByRole('textbox', { name: 'New checklist item' }).fill('Check the weather');
      await page.getByRole('region', { name: 'Checklist' }).getByRole('button', { name: 'Add' }).click();
      await page.getByRole('checkbox', { name: 'Check the weather' }).waitFor();
      await expect.poll(() => progress(page).textContent()).toContain('0 of 2');
      // The box follows the server's answer (it is not ticked until the tick is saved).
      await page.getByRole('checkbox', { name: 'Check the weather' }).click();
      await expect.poll(() => progress(page).textContent()).toContain('1 of 2');

      // A new label, made in the picker and put on the task.
      await page.getByRole('button', { name: 'Labels' }).click();
      await page.getByLabel('New label').fill(LABEL);
      await snapDialog(page, 'task-page-labels-desktop');
      await page.getByRole('button', { name: 'Add label' }).click();
      await toastSays(page, 'Label created');
      await page.getByRole('checkbox', { name: LABEL }).waitFor();
      await expect.poll(() => page.getByRole('checkbox', { name: LABEL }).isChecked()).toBe(true);
      // Closed by its button (Escape would dismiss the toast first, the topmost layer).
      await page.getByRole('button', { name: 'Labels' }).click();
      await page.getByLabel('New label').waitFor({ state: 'detached' });
      await page.getByRole('main').getByTestId('label-chip').filter({ hasText: LABEL }).waitFor();

      // The history says who did what.
      const activity = page.getByRole('list', { name: 'Activity' });
      await activity.getByText(`Tara Keeper changed the labels (added: ${LABEL}; removed: —)`).waitFor();
      await activity.getByText(`Title: ${TASK} → ${RENAMED}`).waitFor();
      await activity.getByText('Tara Keeper ticked off “Check the weather”').waitFor();
      await activity.getByText('Tara Keeper added the sub-task “Buy the paint”').waitFor();
      await snap(page, 'task-page-desktop');

      // Advanced Tasks: the chip and the progress on the card, and the label as a filter.
      await page.goto('/advanced-tasks');
      await page.getByTestId('task-card').first().waitFor();
      await choose(page, 'filter-label', LABEL);
      await expect.poll(() => page.getByTestId('task-card').count()).toBe(1);
      const card = page.getByTestId('task-card').first();
      await card.getByText(RENAMED).waitFor();
      await card.getByTestId('label-chip').filter({ hasText: LABEL }).waitFor();
      expect(await card.getByTestId('task-progress').textContent()).toContain('1 of 2');
      await snap(page, 'task-page-label-filter-desktop');
      // The card's title opens the page again.
      await card.getByRole('link', { name: RENAMED }).click();
      await heading(page, RENAMED).waitFor();
      await context.close();
    },
    JOURNEY_MS,
  );

  it(
    'the assignee opens it from a notification; completing it with its sub-task open asks first',
    async () => {
      const { context, page } = await openSignedIn(browser, employee, '/');
      await page.getByTestId('header-title').waitFor();
      await page
        .getByRole('button', { name: /Notifications/ })
        .first()
        .click();
      await page.getByRole('link', { name: new RegExp(`assigned you “${TASK}”`) }).click();
      await page.waitForURL(`**/tasks/${taskId}`);
      await heading(page, RENAMED).waitFor();
      // The assignee may not rename another's task: no pencil; the timer is theirs.
      expect(await page.getByRole('button', { name: 'Edit title' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Start Timer' }).waitFor();
      await page.getByRole('button', { name: 'Start', exact: true }).click();
      await page.getByRole('button', { name: 'Complete' }).click();
      const confirm = page.getByTestId('open-subtasks-confirm');
      await confirm.getByText('1 sub-task is still open; confirm to finish the task anyway').waitFor();
      await snapDialog(page, 'task-page-open-subtasks-desktop');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await context.close();
    },
    JOURNEY_MS,
  );

  it('on a phone the page fits the screen', async () => {
    const { context, page } = await openSignedIn(browser, manager, `/tasks/${taskId}`, PHONE);
    await heading(page, RENAMED).waitFor();
    await page.getByRole('list', { name: 'Activity' }).getByTestId('activity-entry').first().waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await snap(page, 'task-page-375');
    await context.close();
  });

  it('reads in German', async () => {
    const context = await newContext(browser, DESKTOP);
    expect((await call('PATCH', '/api/profile', { language: 'de' }, employee.cookie)).status).toBe(200);
    await signInContext(context, { ...employee, user: { ...employee.user, language: 'de' } });
    const page = await context.newPage();
    await page.goto(`/tasks/${taskId}`);
    await heading(page, RENAMED).waitFor();
    await page.getByRole('heading', { name: 'Verlauf' }).waitFor();
    await page.getByRole('heading', { name: 'Unteraufgaben' }).waitFor();
    await expect.poll(() => progress(page).textContent()).toContain('1 von 2');
    await snap(page, 'task-page-german-desktop');
    await call('PATCH', '/api/profile', { language: 'en' }, employee.cookie);
    await context.close();
  });

  it("shows the app's own 404 for an unknown task and for one the person may not see", async () => {
    const { context, page } = await openSignedIn(
      browser,
      employee,
      '/tasks/00000000-0000-4000-8000-000000000000',
    );
    await page.getByRole('heading', { level: 1, name: 'Task not found' }).waitFor();
    await snap(page, 'task-page-not-found-desktop');
    const hidden = await call('POST', '/api/tasks', { title: 'Not for Finn' }, manager.cookie);
    await page.goto(`/tasks/${(hidden.body as unknown as { id: string }).id}`);
    await page.getByRole('heading', { level: 1, name: 'Task not found' }).waitFor();
    expect(await page.getByText('Not for Finn').count()).toBe(0);
    await context.close();
  });

  it('a signed-out deep link signs in first, then opens the task', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto(`/tasks/${taskId}`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Email').fill(employee.email);
    await page.getByLabel('Password').fill(employee.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`**/tasks/${taskId}`);
    await heading(page, RENAMED).waitFor();
    await context.close();
  });
});
