import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REWORK_REASON_REQUIRED, SUBMIT_ONLY_ASSIGNEE } from '@contract/tasks';
import { createApprovedUser, openSignedIn } from './accounts';
import { apiFromPage, choose, launchBrowser, PHONE, snap, snapDialog, toastSays } from './support';
import { english } from '../server/test/messages';

let browser: Browser;
type Session = Awaited<ReturnType<typeof createApprovedUser>>;
let manager: Session;
let employee: Session;
const PROJECT = 'Website Relaunch';
const TASK = 'Write the launch checklist';

beforeAll(async () => {
  browser = await launchBrowser();
  manager = await createApprovedUser('manager', { firstName: 'Maria', lastName: 'Manager' });
  employee = await createApprovedUser('employee', { firstName: 'Evan', lastName: 'Worker' });
});
afterAll(() => browser?.close());

const card = (page: Page) => page.getByTestId('task-card').filter({ hasText: TASK });

async function reloadAndFind(page: Page) {
  await page.reload();
  await card(page).waitFor();
}

describe('tasks and projects journey', () => {
  let managerCtx: BrowserContext;
  let managerPage: Page;
  let employeeCtx: BrowserContext;
  let employeePage: Page;

  it('a manager creates a project (validation, toast, card, Complete/Resume)', async () => {
    ({ context: managerCtx, page: managerPage } = await openSignedIn(browser, manager, '/projects'));
    const page = managerPage;
    // Other journeys share the server: the empty state shows only when no project exists yet.
    const existing = await apiFromPage<unknown[]>(page, 'GET', '/api/projects');
    if (existing.body.length === 0) {
      await page.getByText('No projects yet').waitFor();
      await snap(page, 'projects-empty-desktop');
    } else await page.getByTestId('project-card').first().waitFor();
    await page.getByRole('button', { name: 'New Project' }).first().click();
    const dialog = page.getByTestId('create-project-dialog');
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await dialog.getByText('Project name is required').waitFor();
    await dialog.getByLabel('Name').fill(PROJECT);
    await dialog.getByLabel('Description').fill('New marketing site and launch plan.');
    await choose(page, 'project-priority', 'High');
    await snapDialog(page, 'projects-create-dialog-desktop');
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await toastSays(page, 'Project Created');
    const projectCard = page.getByTestId('project-card').filter({ hasText: PROJECT });
    await projectCard.waitFor();
    expect(await projectCard.getByTestId('project-status').textContent()).toBe('Active');
    expect(await projectCard.getByTestId('project-members').textContent()).toBe('0 members');

    // A second project to exercise Complete and Resume.
    await page.getByRole('button', { name: 'New Project' }).first().click();
    await dialog.getByLabel('Name').fill('Internal Tools');
    await choose(page, 'project-status', 'On Hold');
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    const held = page.getByTestId('project-card').filter({ hasText: 'Internal Tools' });
    await held.getByRole('button', { name: 'Resume' }).click();
    await toastSays(page, 'Project Updated');
    await held.getByRole('button', { name: 'Complete' }).click();
    await held.getByTestId('project-status').filter({ hasText: 'Completed' }).waitFor();
  });

  it('the manager assigns a task from Advanced Tasks', async () => {
    const page = managerPage;
    await page.goto('/advanced-tasks');
    // Other journeys share the server: the empty state shows only when no task exists yet.
    const existing = await apiFromPage<unknown[]>(page, 'GET', '/api/tasks');
    if (existing.body.length === 0) {
      await page.getByText('No tasks yet').waitFor();
      await snap(page, 'advanced-tasks-empty-desktop');
    } else await page.getByTestId('task-card').first().waitFor();
    await page.getByRole('button', { name: 'Create Task' }).first().click();
    const dialog = page.getByTestId('create-task-dialog');
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await dialog.getByText('Task title is required').waitFor();
    await dialog.getByLabel('Title').fill(TASK);
    await dialog.getByLabel('Description').fill('Every step from DNS switch to the announcement post.');
    await choose(page, 'create-task-priority', 'High');
    await choose(page, 'create-task-projectId', PROJECT);
    await choose(page, 'create-task-assigneeId', 'Evan Worker');
    await dialog.getByLabel('Estimated hours').fill('6');
    await dialog.getByLabel('Due date').fill('2030-01-15T17:00');
    await snapDialog(page, 'advanced-tasks-create-dialog-desktop');
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await toastSays(page, 'Task created successfully');
    await card(page).waitFor();
    const text = await card(page).textContent();
    expect(text).toContain('Evan Worker');
    expect(text).toContain(PROJECT);
    expect(text).toContain('Assigned by Maria Manager');
    expect(text).toContain('0h 0m spent of 6h');
    // Submitting is Evan's act: the manager who assigned it is not offered it, and the API refuses it.
    expect(await card(page).getByRole('button', { name: 'Pause' }).count()).toBe(1);
    expect(await card(page).getByRole('button', { name: 'Submit for Review' }).count()).toBe(0);
    const listed = await apiFromPage<{ id: string; title: string }[]>(page, 'GET', '/api/tasks');
    const id = listed.body.find((task) => task.title === TASK)?.id;
    const refused = await apiFromPage(page, 'PATCH', `/api/tasks/${id}/submit`, {});
    expect(refused).toEqual({
      status: 403,
      body: { code: SUBMIT_ONLY_ASSIGNEE, message: english(SUBMIT_ONLY_ASSIGNEE) },
    });
  });

  it('the employee sees it in My Tasks, starts it and submits it for review', async () => {
    ({ context: employeeCtx, page: employeePage } = await openSignedIn(browser, employee, '/my-tasks'));
    const page = employeePage;
    await card(page).waitFor();
    const text = await card(page).textContent();
    for (const part of [
      TASK,
      'Every step from DNS',
      'High priority',
      PROJECT,
      'To Do',
      '0h 0m spent',
      'Due ',
    ]) {
      expect(text).toContain(part);
    }
    await snap(page, 'my-tasks-desktop');
    await page.getByRole('button', { name: 'New Task' }).click();
    await page.getByTestId('create-task-dialog').getByText('Create New Task').waitFor();
    await snapDialog(page, 'my-tasks-create-dialog-desktop');
    await page.keyboard.press('Escape');
    await page.getByTestId('create-task-dialog').waitFor({ state: 'hidden' });
    await card(page).getByRole('button', { name: 'Start', exact: true }).click();
    await toastSays(page, 'Task Updated');
    await card(page).getByTestId('task-status').filter({ hasText: 'In Progress' }).waitFor();
    expect(await card(page).getByRole('button', { name: 'Complete' }).count()).toBe(1);

    await page.goto('/advanced-tasks');
    await card(page).getByRole('button', { name: 'Pause' }).click();
    await toastSays(page, 'Task status updated');
    expect(await card(page).getByRole('button', { name: 'Submit for Review' }).count()).toBe(0);
    await card(page).getByRole('button', { name: 'Resume' }).click();
    await card(page).getByRole('button', { name: 'Submit for Review' }).click();
    await toastSays(page, 'Task submitted for review');
    await card(page).getByText('Pending Review', { exact: true }).waitFor();
    // Employees never review, not even their own work.
    expect(await card(page).getByRole('button', { name: 'Approve' }).count()).toBe(0);
  });

  it('the manager sends it back for rework with a comment', async () => {
    const page = managerPage;
    await reloadAndFind(page);
    await card(page).getByText('Pending Review', { exact: true }).waitFor();
    await card(page).getByRole('button', { name: 'Rework' }).click();
    const review = page.getByTestId('review-dialog');
    await review.getByText('Task completed and ready for review').waitFor();
    // Without a reason nothing is sent: the dialog says what is missing, on the field.
    await review.getByRole('button', { name: 'Send for Rework' }).click();
    await review
      .getByRole('alert')
      .filter({ hasText: english(REWORK_REASON_REQUIRED) })
      .waitFor();
    expect(await review.getByLabel('Reason for rework').getAttribute('aria-invalid')).toBe('true');
    await snapDialog(page, 'advanced-tasks-review-reason-required-desktop');
    await review.getByLabel('Reason for rework').fill('Please add the rollback steps.');
    await expect.poll(() => review.getByRole('alert').count()).toBe(0);
    await snapDialog(page, 'advanced-tasks-review-dialog-desktop');
    await review.getByRole('button', { name: 'Send for Rework' }).click();
    await toastSays(page, 'Task sent for rework');
    await card(page).getByText('Needs Rework', { exact: true }).waitFor();

    await card(page)
      .getByRole('button', { name: /Comments/ })
      .click();
    const comments = page.getByTestId('comments-dialog');
    await comments.getByText('No comments yet. Start the conversation.').waitFor();
    await comments.getByLabel('Add a comment').fill('Ping me when the rollback part is in.');
    await comments.getByRole('button', { name: 'Add Comment' }).click();
    await toastSays(page, 'Comment added successfully');
    await comments.getByText('Maria Manager').waitFor();
    await snapDialog(page, 'advanced-tasks-comments-dialog-desktop');
    // Escape would first dismiss the toast (the newest layer), so use the dialog's own button.
    await comments.getByRole('button', { name: 'Close', exact: true }).last().click();
    await comments.waitFor({ state: 'hidden' });
    await snap(page, 'advanced-tasks-desktop');
  });

  it('the employee sees Needs Rework with the review notes and the comment, and resubmits', async () => {
    const page = employeePage;
    await reloadAndFind(page);
    await card(page).getByText('Needs Rework', { exact: true }).waitFor();
    const text = await card(page).textContent();
    expect(text).toContain('Please add the rollback steps.');
    expect(text).toContain('Reviewed by Maria Manager');
    await card(page).getByRole('button', { name: 'Comments (1)' }).click();
    await page.getByTestId('comments-dialog').getByText('Ping me when the rollback part is in.').waitFor();
    await page.keyboard.press('Escape');
    await card(page).getByRole('button', { name: 'Submit for Review' }).click();
    await toastSays(page, 'Task submitted for review');
    await card(page).getByText('Pending Review', { exact: true }).waitFor();
  });

  it('the manager approves; both see Completed and Approved', async () => {
    const page = managerPage;
    await reloadAndFind(page);
    await card(page).getByRole('button', { name: 'Approve' }).click();
    const review = page.getByTestId('review-dialog');
    await review.getByLabel('Review comments').fill('Great work.');
    await review.getByRole('button', { name: 'Approve' }).click();
    await toastSays(page, 'Task approved');
    await card(page).getByText('Approved', { exact: true }).waitFor();
    await card(page).getByTestId('task-status').filter({ hasText: 'Completed' }).waitFor();

    await employeePage.goto('/my-tasks');
    await card(employeePage).getByText('Approved', { exact: true }).waitFor();
    await card(employeePage).getByTestId('task-status').filter({ hasText: 'Completed' }).waitFor();
    expect(await card(employeePage).getByRole('button').count()).toBe(0);

    // The project now counts the employee as a team member.
    await page.goto('/projects');
    const projectCard = page.getByTestId('project-card').filter({ hasText: PROJECT });
    expect(await projectCard.getByTestId('project-members').textContent()).toBe('1 member');
    await snap(page, 'projects-desktop');
  });

  it('filters Advanced Tasks on the server', async () => {
    const page = managerPage;
    await page.goto('/advanced-tasks');
    await card(page).waitFor();
    await page.getByLabel('Search').fill('no such task');
    await page.getByText('No matching tasks').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await card(page).waitFor();
    // Other journeys' tasks may be To Do: ours, completed, leaves the list and comes back.
    await choose(page, 'filter-status', 'To Do');
    await card(page).waitFor({ state: 'detached' });
    await choose(page, 'filter-status', 'Completed');
    await card(page).waitFor();
    await managerCtx.close();
    await employeeCtx.close();
  });

  it('looks right at 375 px', async () => {
    const m = await openSignedIn(browser, manager, '/projects', PHONE);
    await m.page.getByTestId('project-card').first().waitFor();
    await snap(m.page, 'projects-phone');
    await m.page.getByRole('button', { name: 'New Project' }).first().click();
    await m.page.getByTestId('create-project-dialog').waitFor();
    await snapDialog(m.page, 'projects-create-dialog-phone');
    await m.page.goto('/advanced-tasks');
    await card(m.page).waitFor();
    await snap(m.page, 'advanced-tasks-phone');
    await m.page.getByRole('button', { name: 'Create Task' }).first().click();
    await m.page.getByTestId('create-task-dialog').waitFor();
    await snapDialog(m.page, 'advanced-tasks-create-dialog-phone');
    await m.page.keyboard.press('Escape');
    await card(m.page)
      .getByRole('button', { name: /Comments/ })
      .click();
    await m.page.getByTestId('comments-dialog').waitFor();
    await snapDialog(m.page, 'advanced-tasks-comments-dialog-phone');
    await m.page.keyboard.press('Escape');
    const own = await apiFromPage<{ id: string }>(m.page, 'POST', '/api/tasks', {
      title: 'Check the phone layout',
    });
    await apiFromPage(m.page, 'PATCH', `/api/tasks/${own.body.id}/submit`, {});
    await m.page.reload();
    const pending = m.page.getByTestId('task-card').filter({ hasText: 'Check the phone layout' });
    await pending.getByRole('button', { name: 'Rework' }).click();
    const review = m.page.getByTestId('review-dialog');
    await review.getByRole('button', { name: 'Send for Rework' }).click();
    await review.getByText(english(REWORK_REASON_REQUIRED)).waitFor();
    await snapDialog(m.page, 'advanced-tasks-review-dialog-phone');
    await m.context.close();

    const e = await openSignedIn(browser, employee, '/my-tasks', PHONE);
    await card(e.page).waitFor();
    await snap(e.page, 'my-tasks-phone');
    await e.page.getByRole('button', { name: 'New Task' }).click();
    await e.page.getByTestId('create-task-dialog').waitFor();
    await snapDialog(e.page, 'my-tasks-create-dialog-phone');
    await e.page.getByRole('button', { name: 'Create Task' }).last().click();
    await e.page.getByText('Task title is required').waitFor();
    await e.page.getByLabel('Title').fill('Book the venue');
    await e.page.getByRole('button', { name: 'Create Task' }).last().click();
    await toastSays(e.page, 'Task Created');
    await e.page.getByTestId('task-card').filter({ hasText: 'Book the venue' }).waitFor();
    await e.context.close();
  });
});
