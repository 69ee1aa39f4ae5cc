import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createApprovedUser, createProject, openSignedIn, signInContext } from './accounts';
import { launchBrowser, newContext, PHONE, snap, toastSays } from './support';
import { english } from '../server/test/messages';

let browser: Browser;
type Session = Awaited<ReturnType<typeof createApprovedUser>>;
let manager: Session;
let employee: Session;
let projectId: string;

/** Other journeys share the server: the board shows only this journey's project (a remembered filter). */
const rememberFilters = (filters: { projectId: string; search?: string }) =>
  window.localStorage.setItem('workbench.advancedTasks.filters', JSON.stringify(filters));

async function task(title: string, assigneeId: string) {
  const res = await call('POST', '/api/tasks', { title, projectId, assigneeId }, manager.cookie);
  expect(res.status).toBe(201);
  return res.body as unknown as { id: string };
}

async function statusOf(id: string) {
  const res = await call('GET', `/api/tasks?projectId=${projectId}&limit=500`, undefined, manager.cookie);
  return (res.body as unknown as { id: string; status: string; assigneeId: string }[]).find(
    (x) => x.id === id,
  );
}

const boardView = () =>
  window.localStorage.setItem(
    'workbench.advancedTasks.view',
    JSON.stringify({ mode: 'board', sort: 'dueDate', order: 'asc' }),
  );

const column = (page: Page, status: string) =>
  page.locator(`[data-testid="board-column"][data-status="${status}"]`);
const boardCard = (scope: Page | Locator, title: string) =>
  scope.getByTestId('board-card').filter({ hasText: title });

/** A mouse drag in small steps, as a person moves it (dnd-kit starts after 5 px). */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('nothing to drag');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + Math.min(b.height / 2, 60), { steps: 12 });
  await page.mouse.up();
}

beforeAll(async () => {
  browser = await launchBrowser();
  manager = await createApprovedUser('manager', { firstName: 'Bea', lastName: 'Board' });
  employee = await createApprovedUser('employee', { firstName: 'Kai', lastName: 'Kanban' });
  projectId = (await createProject(manager, `Board ${Date.now().toString(36)}`)).id;
});
afterAll(() => browser?.close());

describe('the task board and bulk edit', () => {
  it('drags cards across the board with the mouse and the keyboard; a forbidden move snaps back with the reason', async () => {
    const alpha = await task('Alpha plan', manager.user.id);
    const bravo = await task('Bravo draft', manager.user.id);
    const charlie = await task('Charlie notes', manager.user.id);
    const context = await newContext(browser);
    await context.addInitScript(rememberFilters, { projectId });
    await signInContext(context, manager);
    const page = await context.newPage();
    await page.goto('/advanced-tasks');
    await page.getByRole('button', { name: 'Board' }).click();
    await boardCard(column(page, 'todo'), 'Charlie notes').waitFor();
    // The newest first in To Do.
    expect(await column(page, 'todo').getByTestId('board-card').allTextContents()).toEqual([
      expect.stringContaining('Charlie notes'),
      expect.stringContaining('Bravo draft'),
      expect.stringContaining('Alpha plan'),
    ]);
    await snap(page, 'task-board-desktop');

    // The mouse: Alpha into In Progress.
    await drag(page, boardCard(page, 'Alpha plan'), column(page, 'in_progress'));
    await toastSays(page, 'Alpha plan is now In Progress.');
    await boardCard(column(page, 'in_progress'), 'Alpha plan').waitFor();
    expect((await statusOf(alpha.id))?.status).toBe('in_progress');

    // The keyboard: Space picks Bravo up, → moves it a column right, Space drops it.
    await boardCard(page, 'Bravo draft').locator('[aria-roledescription]').focus();
    // Each step waits for what a screen reader hears (dnd-kit's live region).
    await page.keyboard.press('Space');
    // Picked up, it is over its own place at once: the region says so ('Picked up …' came first).
    await page.getByText('Bravo draft is over To Do, position 2.').waitFor({ state: 'attached' });
    // dnd-kit measures the columns just after the pick-up; on a loaded machine an arrow pressed before
    // that finds no column yet and nothing moves. A person presses again, and so does this journey,
    // at most three times, only while the card is still over its own place.
    const overInProgress = page.getByText(/^Bravo draft is over In Progress/);
    for (let attempt = 0; attempt < 3; attempt++) {
      await page.keyboard.press('ArrowRight');
      const moved = await overInProgress
        .waitFor({ state: 'attached', timeout: 4_000 })
        .then(() => true)
        .catch(() => false);
      if (moved) break;
    }
    await overInProgress.waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await toastSays(page, 'Bravo draft is now In Progress.');
    await boardCard(column(page, 'in_progress'), 'Bravo draft').waitFor();
    expect((await statusOf(bravo.id))?.status).toBe('in_progress');

    // Forbidden: To Do straight to Completed. The reason shows and the card is back in To Do.
    await drag(page, boardCard(page, 'Charlie notes'), column(page, 'completed'));
    await toastSays(page, 'Error');
    await page
      .locator('[role="region"] li')
      .getByText(english('task_move_refused', { from: 'todo', to: 'completed' }))
      .first()
      .waitFor();
    await boardCard(column(page, 'todo'), 'Charlie notes').waitFor();
    expect(await boardCard(column(page, 'completed'), 'Charlie notes').count()).toBe(0);
    expect((await statusOf(charlie.id))?.status).toBe('todo');
    await snap(page, 'task-board-refused-desktop');

    // The view and the filter are remembered.
    await page.reload();
    await boardCard(column(page, 'in_progress'), 'Alpha plan').waitFor();
    await context.close();
  });

  it('shows the board at 375 px (columns scroll sideways) and in German', async () => {
    const context = await newContext(browser, PHONE);
    await context.addInitScript(rememberFilters, { projectId });
    await context.addInitScript(boardView);
    await signInContext(context, manager);
    const page = await context.newPage();
    await page.goto('/advanced-tasks');
    await boardCard(page, 'Charlie notes').waitFor();
    // The board scrolls within itself; the page does not.
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      board: document.querySelector('[data-testid="task-board"]')?.scrollWidth ?? 0,
    }));
    expect(widths.page).toBeLessThanOrEqual(375);
    expect(widths.board).toBeGreaterThan(375);
    await snap(page, 'task-board-phone');
    await context.close();

    const german = await openSignedIn(
      browser,
      { ...manager, user: { ...manager.user, language: 'de' } },
      '/',
    );
    expect((await call('PATCH', '/api/profile', { language: 'de' }, manager.cookie)).status).toBe(200);
    await german.context.addInitScript(rememberFilters, { projectId });
    await german.page.goto('/advanced-tasks');
    await german.page.getByRole('button', { name: 'Board' }).click();
    await german.page.getByRole('heading', { name: 'In Bearbeitung' }).waitFor();
    await boardCard(german.page, 'Alpha plan').waitFor();
    await snap(german.page, 'task-board-de');
    expect((await call('PATCH', '/api/profile', { language: 'en' }, manager.cookie)).status).toBe(200);
    await german.context.close();
  });

  it('bulk-assigns five tasks: click, shift-click, one request', async () => {
    const titles = ['Bulk one', 'Bulk two', 'Bulk three', 'Bulk four', 'Bulk five'];
    const ids = [];
    for (const title of titles) ids.push((await task(title, manager.user.id)).id);
    const context = await newContext(browser);
    await context.addInitScript(rememberFilters, { projectId, search: 'Bulk' });
    await signInContext(context, manager);
    const page = await context.newPage();
    await page.goto('/advanced-tasks');
    await page.getByRole('button', { name: 'Table' }).click();
    await page.getByTestId('task-table').waitFor();
    // Ctrl+A while the table has the focus selects every row shown.
    await page.getByRole('checkbox', { name: 'Select Bulk one' }).focus();
    await page.keyboard.press('Control+a');
    await page.getByText('5 selected').waitFor();
    await page.getByRole('button', { name: 'Clear selection' }).click();
    await page.getByTestId('bulk-bar').waitFor({ state: 'detached' });

    // The first row, then shift-click on the last: the five.
    const box = (i: number) => page.getByTestId('task-row').nth(i).getByRole('checkbox');
    expect(await page.getByTestId('task-row').count()).toBe(5);
    await box(0).click();
    await page.getByText('1 selected').waitFor();
    await box(4).click({ modifiers: ['Shift'] });
    await page.getByText('5 selected').waitFor();
    await snap(page, 'task-bulk-selected-desktop');
    await page.locator('#bulk-assignee').click();
    await page.getByRole('option', { name: 'Kai Kanban' }).click();
    await toastSays(page, '5 tasks updated');
    for (const id of ids) expect((await statusOf(id))?.assigneeId).toBe(employee.user.id);
    await context.close();
  });
});
