import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, call, createApprovedUser, createProject, signInContext } from './accounts';
import { DESKTOP, launchBrowser, newContext, PHONE, snap } from './support';

/**
 * Live screens (docs/product/client-behaviour.md#live-screens): what one person does shows on another
 * person's open screens without a reload.
 */
let browser: Browser;
type Session = Awaited<ReturnType<typeof createApprovedUser>>;
let manager: Session;
let employee: Session;
const TASK = 'Draft the quarterly safety briefing';
// Names take letters only.
const suffix = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
  '',
);
const EMPLOYEE = `Lena Live${suffix}`;

beforeAll(async () => {
  browser = await launchBrowser();
  manager = await createApprovedUser('manager', { firstName: 'Omar', lastName: `Lead${suffix}` });
  employee = await createApprovedUser('employee', { firstName: 'Lena', lastName: `Live${suffix}` });
  // The manager manages the employee: their submitted weeks come to the manager's review queue.
  const admin = await adminSession();
  const team = await call(
    'POST',
    '/api/teams',
    {
      name: `Live ${suffix}`,
      members: [
        { userId: manager.user.id, role: 'manager' },
        { userId: employee.user.id, role: 'member' },
      ],
    },
    admin.cookie,
  );
  expect(team.status).toBe(201);
});
afterAll(() => browser?.close());

const contexts: BrowserContext[] = [];
async function contextOf(session: Session, viewport = DESKTOP) {
  const context = await newContext(browser, viewport);
  await signInContext(context, session);
  contexts.push(context);
  return context;
}

/**
 * A page at `path` whose live socket is connected (the server said `ready`), marked so that a reload
 * would show: `stillTheSamePage` fails after one.
 */
async function openLive(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('page error:', err.message));
  const ready = page
    .waitForEvent('websocket', { predicate: (ws) => ws.url().endsWith('/api/ws') })
    .then((ws) =>
      ws.waitForEvent('framereceived', { predicate: (f) => String(f.payload).includes('"ready"') }),
    );
  await page.goto(path);
  await ready;
  await page.evaluate(() => {
    (window as unknown as { openedOnce: boolean }).openedOnce = true;
  });
  return page;
}
const stillTheSamePage = (page: Page) =>
  page.evaluate(() => (window as unknown as { openedOnce?: boolean }).openedOnce === true);

const recentTasks = (page: Page) => page.getByRole('list', { name: 'Recent tasks' });

describe('live screens (two people, no reload)', () => {
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
  });

  it("a manager assigns a task: the employee's dashboard Recent Tasks and My Tasks show it without a reload", async () => {
    const own = await contextOf(employee);
    const dashboard = await openLive(own, '/');
    await dashboard.getByText('No tasks yet').waitFor();
    const myTasks = await openLive(own, '/my-tasks');
    await myTasks.getByRole('heading', { name: 'My Tasks', level: 1 }).waitFor();
    const phone = await openLive(await contextOf(employee, PHONE), '/');
    await phone.getByText('No tasks yet').waitFor();

    const boss = await openLive(await contextOf(manager), '/advanced-tasks');
    await boss.getByRole('button', { name: 'Create Task' }).first().click();
    const dialog = boss.getByTestId('create-task-dialog');
    await dialog.getByLabel('Title').fill(TASK);
    await dialog.getByLabel('Description').fill('Slides, the sign-up sheet and the fire drill dates.');
    await dialog.getByRole('combobox', { name: 'Assignee' }).click();
    await boss.getByRole('option', { name: EMPLOYEE, exact: true }).click();
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await dialog.waitFor({ state: 'detached' });

    await recentTasks(dashboard).getByText(TASK).waitFor();
    await myTasks.getByTestId('task-card').filter({ hasText: TASK }).waitFor();
    await recentTasks(phone).getByText(TASK).waitFor();
    for (const page of [dashboard, myTasks, phone]) expect(await stillTheSamePage(page)).toBe(true);
    // The figures follow too: one task, none completed.
    await dashboard.getByText('0 of 1', { exact: true }).waitFor();
    await snap(dashboard, 'live-dashboard-desktop');
    await snap(phone, 'live-dashboard-phone');
  });

  it("the employee submits a week: the manager's review queue shows it without a reload", async () => {
    // Monday of last week: a week that is over, whatever day the journey runs.
    const d = new Date();
    d.setUTCHours(12, 0, 0, 0);
    d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7) - 7);
    const monday = d.toISOString().slice(0, 10);
    const project = await createProject(manager, `Live ${suffix}`);
    const entry = await call(
      'POST',
      '/api/time-entries',
      { projectId: project.id, date: monday, startTime: '09:00', endTime: '16:00', description: 'Briefing' },
      employee.cookie,
    );
    expect(entry.status).toBe(201);

    const boss = await openLive(await contextOf(manager), '/timesheets');
    await boss.getByText('Nothing to review').waitFor();
    const own = await openLive(await contextOf(employee), `/timesheets?week=${monday}`);
    await own.getByRole('button', { name: 'Submit Week' }).click();
    const confirm = own.getByTestId('submit-dialog');
    await confirm.getByRole('button', { name: 'Submit Week' }).click();
    await confirm.waitFor({ state: 'detached' });

    const queue = boss.getByRole('list', { name: 'Weeks to review' });
    await queue.getByTestId('review-item').filter({ hasText: EMPLOYEE }).waitFor();
    expect(await stillTheSamePage(boss)).toBe(true);
    await queue.scrollIntoViewIfNeeded();
    await snap(boss, 'live-review-queue-desktop');
  });
  it("the employee asks for time off: the manager's approval queue shows it; the manager approves: the employee's My time off says Approved, both without a reload", async () => {
    // A weekday two weeks on: leave that changes no week the other journeys count.
    const d = new Date();
    d.setUTCHours(12, 0, 0, 0);
    d.setUTCDate(d.getUTCDate() + 14);
    while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
    const day = d.toISOString().slice(0, 10);

    const boss = await openLive(await contextOf(manager), '/time-off?tab=approvals');
    await boss.getByText('Nothing to decide').waitFor();
    const own = await openLive(await contextOf(employee), '/time-off');
    await own.getByTestId('balance-card').getByTestId('balance-remaining').waitFor();
    await own.getByRole('button', { name: 'Request time off' }).click();
    const dialog = own.getByTestId('request-dialog');
    await dialog.getByRole('combobox', { name: 'Type' }).click();
    await own.getByRole('option', { name: 'Vacation' }).click();
    await dialog.getByLabel('First day', { exact: true }).fill(day);
    await dialog.getByLabel('Last day', { exact: true }).fill(day);
    await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('Moving flat');
    await expect.poll(() => dialog.getByTestId('preview-cost').textContent()).toBe('1 day');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await dialog.waitFor({ state: 'detached' });
    const mine = own.getByTestId('leave-item').filter({ hasText: 'Moving flat' });
    await expect.poll(() => mine.getByTestId('leave-status').textContent()).toBe('Pending');

    // The manager's queue, open all along, shows the request.
    const item = boss.getByTestId('approval-item').filter({ hasText: EMPLOYEE });
    await item.getByText('Moving flat').waitFor();
    expect(await stillTheSamePage(boss)).toBe(true);
    await snap(boss, 'live-leave-approvals-desktop');

    await item.getByRole('button', { name: `Approve ${EMPLOYEE}'s request` }).click();
    await item.waitFor({ state: 'detached' });
    // The employee's My time off, open all along, says Approved.
    await expect.poll(() => mine.getByTestId('leave-status').textContent()).toBe('Approved');
    expect(await stillTheSamePage(own)).toBe(true);
    await snap(own, 'live-leave-mine-desktop');
  });
});
