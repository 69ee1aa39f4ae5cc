import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createApprovedUser, createProject, signInContext } from './accounts';
import { apiFromPage, DESKTOP, launchBrowser, newContext, PHONE, snap } from './support';

type Session = Awaited<ReturnType<typeof createApprovedUser>>;
let browser: Browser;
let employee: Session;
const PROJECT = 'Orbit Relaunch';
const TASK = 'Prepare launch checklist';

beforeAll(async () => {
  browser = await launchBrowser();
  const manager = await createApprovedUser('manager');
  const project = await createProject(manager, PROJECT, {
    description: 'Time tracking journey',
    priority: 'high',
  });
  employee = await createApprovedUser('employee', { firstName: 'Tara', lastName: 'Tracker' });
  const task = await call(
    'POST',
    '/api/tasks',
    { title: TASK, description: 'Everything for launch day', priority: 'high', projectId: project.id },
    employee.cookie,
  );
  if (task.status >= 300) throw new Error(`task: ${task.status} ${JSON.stringify(task.body)}`);
});
afterAll(() => browser?.close());

async function signedIn(viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, viewport);
  await signInContext(context, employee);
  return { context, page: await context.newPage() };
}

const statText = (page: Page, name: string) => page.getByTestId(`stat-${name}`).textContent();

describe('time tracking', () => {
  it('runs a tracker timer across a reload, stops it and shows the entry and the new figures', async () => {
    const { context, page } = await signedIn();
    await page.goto('/tracker');
    await page.getByText('No entries yet').waitFor();
    await page.getByText('Start your first timer to begin tracking time.').waitFor();
    expect(await page.getByRole('timer').textContent()).toBe('00:00:00');
    const start = page.getByRole('button', { name: 'Start Timer' });
    expect(await start.isDisabled()).toBe(true);
    await snap(page, 'time-tracker-empty-desktop');

    await page.getByRole('combobox', { name: 'Project' }).click();
    await page.getByRole('option', { name: PROJECT }).click();
    await page.getByPlaceholder('What are you working on?').fill('Release planning');
    expect(await start.isDisabled()).toBe(false);
    await start.click();
    await page.getByText('Timer Started', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Stop Timer' }).waitFor();
    await page.waitForFunction(() => document.querySelector('[role="timer"]')?.textContent !== '00:00:00');
    await snap(page, 'time-tracker-running-desktop');

    await page.reload();
    await page.getByRole('button', { name: 'Stop Timer' }).waitFor();
    expect(await page.getByTestId('timer-project').textContent()).toBe(PROJECT);
    await page.getByText('Release planning').waitFor();

    await page.waitForTimeout(1100);
    await page.getByRole('button', { name: 'Stop Timer' }).click();
    await page.getByText('Timer Stopped', { exact: true }).waitFor();
    await page.getByTestId('time-entry').first().waitFor();
    expect(await page.getByTestId('time-entry').count()).toBe(1);
    expect(await page.getByTestId('time-entry').first().textContent()).toContain('Release planning');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="stat-entries"]')?.textContent === '1',
    );
    expect(await page.getByRole('timer').textContent()).toBe('00:00:00');
    await context.close();
  });

  it('calls time without a project "No project" on the tracker and the timesheet alike', async () => {
    // One word for a project-less entry on every screen (docs/product/glossary.md), not 'General work'
    // on the tracker: that is the description a quick timer gets, not a project.
    const person = await createApprovedUser('employee', { firstName: 'Nora', lastName: 'Loose' });
    expect((await call('POST', '/api/timer/start', { description: 'Inbox' }, person.cookie)).status).toBe(
      201,
    );
    const context = await newContext(browser, DESKTOP);
    await signInContext(context, person);
    const page = await context.newPage();
    await page.goto('/tracker');
    await expect.poll(() => page.getByTestId('timer-project').textContent()).toBe('No project');
    await snap(page, 'time-tracker-no-project-desktop');
    await page.goto('/my-tasks');
    const banner = page.getByRole('region', { name: 'Active timer' });
    await expect.poll(() => banner.textContent()).toContain('Inbox · No project');
    await page.goto('/timesheets');
    await expect
      .poll(() => page.getByTestId('sheet-entry').first().textContent())
      .toContain('No project · Inbox');
    expect((await call('POST', '/api/timer/stop', {}, person.cookie)).status).toBe(200);
    await page.goto('/tracker');
    const entry = page.getByTestId('time-entry').first();
    await expect.poll(() => entry.locator('p').first().textContent()).toBe('No project');
    await context.close();
  });

  it('adds a manual entry through the dialog; the server computes its duration', async () => {
    const { context, page } = await signedIn();
    await page.goto('/tracker');
    await page.getByTestId('time-entry').first().waitFor();
    await page.getByRole('button', { name: 'Add Manual Entry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Time Entry' });
    await dialog.waitFor();
    const summary = await apiFromPage<{ today: string }>(page, 'GET', '/api/time-entries/summary');
    expect(await dialog.locator('#entry-date').inputValue()).toBe(summary.body.today);

    await dialog.locator('#entry-projectId').click();
    await page.getByRole('option', { name: PROJECT }).click();
    await dialog.locator('#entry-description').fill('Customer workshop');
    const yesterday = new Date(Date.parse(`${summary.body.today}T12:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10);
    await dialog.locator('#entry-date').fill(yesterday);
    // Equal times are no span at all (an earlier end would be a night shift, ending the next day).
    await dialog.locator('#entry-startTime').fill('13:00');
    await dialog.locator('#entry-endTime').fill('13:00');
    await dialog.getByRole('button', { name: 'Add Entry' }).click();
    await dialog.getByText('End time must be after start time').waitFor();
    await dialog.locator('#entry-endTime').fill('14:30');
    await expect.poll(() => dialog.getByTestId('entry-preview').textContent()).toBe('13:00–14:30 · 1h 30m');
    await snap(page, 'time-tracker-dialog-desktop');
    await dialog.getByRole('button', { name: 'Add Entry' }).click();
    await dialog.waitFor({ state: 'detached' });

    const workshop = page.getByTestId('time-entry').filter({ hasText: 'Customer workshop' });
    await workshop.waitFor();
    expect(await workshop.textContent()).toContain('1h 30m');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="stat-entries"]')?.textContent === '2',
    );
    expect(Number.parseFloat((await statText(page, 'total-hours')) ?? '')).toBeGreaterThanOrEqual(1.5);
    await snap(page, 'time-tracker-entries-desktop');
    await context.close();
  });

  it('starts a task timer on My Tasks and shows the banner', async () => {
    const { context, page } = await signedIn();
    await page.goto('/my-tasks');
    const card = page.locator('article, li, [data-testid="task-card"]').filter({ hasText: TASK }).first();
    await card.getByRole('button', { name: 'Start Timer' }).click();
    await page.getByText('Timer Started', { exact: true }).waitFor();
    const banner = page.getByRole('region', { name: 'Active timer' });
    await banner.waitFor();
    expect(await banner.textContent()).toContain(TASK);
    await card.getByRole('button', { name: 'Stop Timer' }).waitFor();
    await snap(page, 'my-tasks-running-desktop');
    await context.close();
  });

  it('shows dashboard figures that match the server, with the running timer', async () => {
    const { context, page } = await signedIn();
    await page.goto('/');
    await page.getByText('Welcome, Tara!').waitFor(); // her first sign-in
    await page.getByTestId('dashboard-Productivity').waitFor();
    const stats = await apiFromPage<{
      activeProjects: number;
      productivityScore: number;
      completedTasks: number;
      totalTasks: number;
    }>(page, 'GET', '/api/dashboard/stats');
    expect(await page.getByTestId('dashboard-Active Projects').textContent()).toBe(
      String(stats.body.activeProjects),
    );
    expect(await page.getByTestId('dashboard-Productivity').textContent()).toBe(
      `${stats.body.productivityScore}%`,
    );
    await page.getByText(`${stats.body.completedTasks} of ${stats.body.totalTasks}`).waitFor();
    // The task timer from the previous journey is still running: the Quick Timer shows it.
    await page.getByRole('button', { name: 'Stop Timer' }).waitFor();
    await snap(page, 'home-desktop');
    await page.getByRole('link', { name: 'Track Time' }).click();
    await page.waitForURL('**/tracker');
    await context.close();
  });

  it('reads well at 375 px', async () => {
    const { context, page } = await signedIn(PHONE);
    for (const [path, name, ready] of [
      ['/', 'home-phone', 'Quick Timer'],
      ['/tracker', 'time-tracker-running-phone', 'Recent Time Entries'],
      ['/my-tasks', 'my-tasks-running-phone', 'Timer running'],
    ] as const) {
      await page.goto(path);
      await page.getByText(ready).first().waitFor();
      await page.waitForTimeout(300);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      await snap(page, name);
    }
    await page.goto('/tracker');
    await page.getByRole('button', { name: 'Add Manual Entry' }).click();
    await page.getByRole('dialog', { name: 'Add Time Entry' }).waitFor();
    await snap(page, 'time-tracker-dialog-phone');
    await context.close();
  });

  it('keeps counting Today and Hours Today while a timer runs', async () => {
    const runner = await createApprovedUser('employee', { firstName: 'Rhea', lastName: 'Runner' });
    const projects = await call('GET', '/api/projects', undefined, runner.cookie);
    const project = (projects.body as unknown as { id: string; name: string }[]).find(
      (p) => p.name === PROJECT,
    );
    const started = await call(
      'POST',
      '/api/timer/start',
      { projectId: project?.id, description: 'Long haul' },
      runner.cookie,
    );
    expect(started.status).toBe(201);
    const context = await newContext(browser, DESKTOP);
    await signInContext(context, runner);
    const page = await context.newPage();
    await page.clock.install();

    await page.goto('/tracker');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="stat-today"]')?.textContent === '0.0h',
    );
    // Twelve minutes later, with no request in between, the card shows them.
    await page.clock.fastForward('12:00');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="stat-today"]')?.textContent === '0.2h',
    );
    await snap(page, 'time-tracker-today-counting-desktop');

    await page.goto('/');
    // the figure itself, not the card's label (shown with a skeleton before the stats arrive)
    await page.getByTestId('dashboard-Hours Today').waitFor();
    await page.clock.fastForward('30:00');
    await page.waitForFunction(() =>
      /^0\.[5-9]h$/.test(document.querySelector('[data-testid="dashboard-Hours Today"]')?.textContent ?? ''),
    );
    await context.close();
  });
});
