import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createApprovedUser, createProject, openSignedIn } from './accounts';
import { choose, DESKTOP, launchBrowser, PHONE, snap, snapDialog, toastSays } from './support';

let browser: Browser;
type Session = Awaited<ReturnType<typeof createApprovedUser>>;
let manager: Session;
let employee: Session;
let other: Session;
let projectId: string;
/** Each journey walks several dialogs on a shared, busy machine. */
const JOURNEY_MS = 180_000;

beforeAll(async () => {
  browser = await launchBrowser();
  manager = await createApprovedUser('manager', { firstName: 'Mona', lastName: 'Lead' });
  employee = await createApprovedUser('employee', { firstName: 'Eli', lastName: 'Doer' });
  other = await createApprovedUser('employee', { firstName: 'Pia', lastName: 'Helper' });
  projectId = (await createProject(manager, 'Atlas Rollout', { description: 'Roll the new atlas out.' })).id;
  const task = (title: string, body: Record<string, unknown>) =>
    call('POST', '/api/tasks', { title, projectId, assigneeId: employee.user.id, ...body }, manager.cookie);
  await task('Draft the rollout plan', { priority: 'low', dueDate: '2030-05-20T10:00:00Z' });
  await task('Book the venue', { priority: 'high', dueDate: '2030-05-02T10:00:00Z' });
  await task('Order the banners', { priority: 'medium' });
});
afterAll(() => browser?.close());

describe('editing and deleting tasks, the task table and a project page', () => {
  it(
    'a manager edits a task and deletes another; the employee sees both live',
    async () => {
      const { page } = await openSignedIn(browser, manager, '/advanced-tasks');
      const { context: empCtx, page: empPage } = await openSignedIn(browser, employee, '/my-tasks');
      await empPage.getByTestId('task-card').filter({ hasText: 'Order the banners' }).waitFor();
      const card = page.getByTestId('task-card').filter({ hasText: 'Draft the rollout plan' });
      await card.getByRole('button', { name: 'Edit Draft the rollout plan' }).click();
      const dialog = page.getByTestId('edit-task-dialog');
      expect(await dialog.getByLabel('Title').inputValue()).toBe('Draft the rollout plan');
      await dialog.getByLabel('Title').fill('');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await dialog.getByText('Task title is required').waitFor();
      await dialog.getByLabel('Title').fill('Write the rollout plan');
      await choose(page, `edit-task-${await card.getAttribute('data-task-id')}-priority`, 'High');
      await snapDialog(page, 'task-edit-dialog-desktop');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await toastSays(page, 'Task updated');
      const edited = page.getByTestId('task-card').filter({ hasText: 'Write the rollout plan' });
      await edited.getByText('High priority').waitFor();
      // The employee's open My Tasks follows without a reload.
      await empPage.getByTestId('task-card').filter({ hasText: 'Write the rollout plan' }).waitFor();
      // The assignee did not create these tasks: no Edit or Delete for them.
      expect(await empPage.getByRole('button', { name: /^Edit / }).count()).toBe(0);

      const doomed = page.getByTestId('task-card').filter({ hasText: 'Order the banners' });
      await doomed.getByRole('button', { name: 'Delete Order the banners' }).click();
      await page.getByTestId('delete-task-dialog').waitFor();
      await snapDialog(page, 'task-delete-dialog-desktop');
      await page.getByTestId('delete-task-dialog').getByRole('button', { name: 'Delete Task' }).click();
      await toastSays(page, 'Deleted');
      await doomed.waitFor({ state: 'detached' });
      await empPage
        .getByTestId('task-card')
        .filter({ hasText: 'Order the banners' })
        .waitFor({ state: 'detached' });
      await snap(page, 'advanced-tasks-edited-desktop');
      await empCtx.close();
      await page.context().close();
    },
    JOURNEY_MS,
  );

  it(
    'the table view sorts on the server, fits 375 px and is remembered',
    async () => {
      const { page } = await openSignedIn(browser, manager, '/advanced-tasks', PHONE);
      await page.getByTestId('task-card').first().waitFor();
      await choose(page, 'filter-project', 'Atlas Rollout');
      await page.getByRole('button', { name: 'Table' }).click();
      const rows = page.getByTestId('task-row');
      await rows.first().waitFor();
      await choose(page, 'task-sort', 'Due date');
      const titles = async () => (await rows.locator('p.font-medium').allTextContents()).filter(Boolean);
      await expect.poll(titles).toEqual(['Book the venue', 'Write the rollout plan']);
      await page.getByRole('button', { name: 'Ascending; sort descending' }).click();
      await expect.poll(titles).toEqual(['Write the rollout plan', 'Book the venue']);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(375);
      await snap(page, 'advanced-tasks-table-phone');
      await page.reload();
      await choose(page, 'filter-project', 'Atlas Rollout');
      await rows.first().waitFor();
      expect(await page.getByRole('button', { name: 'Table' }).getAttribute('aria-pressed')).toBe('true');
      await expect.poll(titles).toEqual(['Write the rollout plan', 'Book the venue']);
      await page.setViewportSize(DESKTOP);
      await page.getByRole('columnheader', { name: 'Priority' }).getByRole('button').click();
      await expect
        .poll(() => page.getByRole('columnheader', { name: 'Priority' }).getAttribute('aria-sort'))
        .toBe('ascending');
      // Each row offers the cards' Edit and Delete, as icons.
      await rows
        .filter({ hasText: 'Book the venue' })
        .getByRole('button', { name: 'Edit Book the venue' })
        .click();
      const dialog = page.getByTestId('edit-task-dialog');
      await dialog.getByLabel('Title').fill('Book the venue and catering');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await toastSays(page, 'Task updated');
      await rows.filter({ hasText: 'Book the venue and catering' }).waitFor();
      await snap(page, 'advanced-tasks-table-desktop');
      await page.context().close();
    },
    JOURNEY_MS,
  );

  it(
    'a project page: figures, tasks by status, edit, add and remove a member',
    async () => {
      const { page } = await openSignedIn(browser, manager, '/projects');
      await page.getByRole('link', { name: 'Atlas Rollout' }).click();
      await page.waitForURL(`**/projects/${projectId}`);
      await page.getByRole('heading', { level: 1, name: 'Atlas Rollout' }).waitFor();
      await page.getByRole('heading', { name: 'People (1)' }).waitFor();
      await page.getByTestId('project-task').first().waitFor();
      expect(await page.getByTestId('project-task').count()).toBe(2);
      await snap(page, 'project-page-desktop');

      await page.getByRole('button', { name: 'Edit Project' }).click();
      const edit = page.getByTestId('edit-project-dialog');
      await edit.getByLabel('Name').fill('Atlas Launch');
      await choose(page, 'edit-project-status', 'On Hold');
      await snapDialog(page, 'project-edit-dialog-desktop');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await toastSays(page, 'Project Updated');
      await page.getByRole('heading', { level: 1, name: 'Atlas Launch' }).waitFor();

      await page.getByRole('button', { name: 'Add Member' }).click();
      const add = page.getByTestId('add-member-dialog');
      await choose(page, 'add-member-person', 'Pia Helper');
      await snapDialog(page, 'project-add-member-desktop');
      await add.getByRole('button', { name: 'Add Member' }).click();
      await toastSays(page, 'Member added');
      await page.getByRole('heading', { name: 'People (2)' }).waitFor();

      await page.getByRole('button', { name: 'Remove Pia Helper' }).click();
      await page.getByTestId('remove-member-dialog').getByRole('button', { name: 'Remove' }).click();
      await toastSays(page, 'Member removed');
      await page.getByRole('heading', { name: 'People (1)' }).waitFor();
      await page.context().close();

      // An employee sees the page without the managers' controls, at 375 px.
      const { page: phone } = await openSignedIn(browser, other, `/projects/${projectId}`, PHONE);
      await phone.getByRole('heading', { level: 1, name: 'Atlas Launch' }).waitFor();
      expect(await phone.getByRole('button', { name: 'Edit Project' }).count()).toBe(0);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await snap(phone, 'project-page-phone');
      await phone.context().close();
    },
    JOURNEY_MS,
  );
});
