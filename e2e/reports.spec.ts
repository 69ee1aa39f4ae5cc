import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, call, createApprovedUser, signInContext } from './accounts';
import { DESKTOP, launchBrowser, newContext, PHONE, snap } from './support';

type Session = Awaited<ReturnType<typeof createApprovedUser>>;
let browser: Browser;
let manager: Session;
let rhea: Session;
// Names take letters only: the run's time, written in letters, keeps them unique.
const suffix = [...Date.now().toString(36).slice(-5)]
  .map((c) => String.fromCharCode(97 + (parseInt(c, 36) % 26)))
  .join('');
const PROJECT = `Report Atlas ${suffix}`;
const RHEA = `Rhea Reporter${suffix}`;
const SAMI = `Sami Second${suffix}`;
const TEAM = `Reporting ${suffix}`;

const addDays = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  browser = await launchBrowser();
  manager = await createApprovedUser('manager');
  const project = await call('POST', '/api/projects', { name: PROJECT, status: 'active' }, manager.cookie);
  if (project.status >= 300) throw new Error(`project: ${project.status} ${JSON.stringify(project.body)}`);
  rhea = await createApprovedUser('employee', { firstName: 'Rhea', lastName: `Reporter${suffix}` });
  const sami = await createApprovedUser('employee', { firstName: 'Sami', lastName: `Second${suffix}` });
  // A manager's reports cover the people of the teams they manage.
  const team = await call(
    'POST',
    '/api/teams',
    {
      name: TEAM,
      members: [
        { userId: manager.user.id, role: 'manager' },
        { userId: rhea.user.id, role: 'member' },
        { userId: sami.user.id, role: 'member' },
      ],
    },
    (await adminSession()).cookie,
  );
  if (team.status !== 201) throw new Error(`team: ${team.status} ${JSON.stringify(team.body)}`);
  // Last week's Monday and Tuesday, in the organisation's zone (the day the server calls today).
  const { today } = (await call('GET', '/api/time-entries/summary', undefined, rhea.cookie))
    .body as unknown as {
    today: string;
  };
  const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7) - 7);
  const entries: [Session, string, string, string][] = [
    [rhea, monday, '09:00', '12:00'],
    [sami, addDays(monday, 1), '10:00', '11:30'],
  ];
  for (const [who, date, startTime, endTime] of entries) {
    const res = await call(
      'POST',
      '/api/time-entries',
      { projectId: project.body.id, description: 'Report journey', date, startTime, endTime },
      who.cookie,
    );
    if (res.status >= 300) throw new Error(`entry: ${res.status} ${JSON.stringify(res.body)}`);
  }
});
afterAll(() => browser?.close());

async function signedIn(who: Session, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, viewport);
  await signInContext(context, who);
  return { context, page: await context.newPage() };
}

const rowText = (page: Page, name: string) =>
  page
    .getByRole('row', { name: new RegExp(name) })
    .first()
    .textContent();

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('reports', () => {
  it("a manager opens last week's time by user, then by project, exports, prints, and reads the grid", async () => {
    const { context, page } = await signedIn(manager);
    await page.goto('/');
    await page.getByTestId('nav-reports').click();
    await page.waitForURL('**/reports');
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();

    await choose(page, 'Range', 'Last week');
    // A manager's "all" is the people of her own teams, and the report says so.
    await expect.poll(() => page.getByTestId('report-scope').textContent()).toBe(`Your teams: ${TEAM}`);
    await choose(page, 'Team', TEAM);
    await choose(page, 'Group by', 'User');
    await page.waitForURL(/preset=last-week.*teamId=.*groupBy=user/);
    await page.getByRole('rowheader', { name: RHEA }).waitFor();
    // Whose data it is, as the server decided it (docs/product/reports.md#scope).
    await expect.poll(() => page.getByTestId('report-scope').textContent()).toBe(`Team: ${TEAM}`);
    expect(await rowText(page, RHEA)).toContain('3.00');
    expect(await rowText(page, SAMI)).toContain('1.50');
    await snap(page, 'reports-time-by-user-desktop');

    await choose(page, 'Group by', 'Project');
    await page.waitForURL(/groupBy=project/);
    await page.getByRole('rowheader', { name: PROJECT }).waitFor();
    expect(await rowText(page, PROJECT)).toContain('4.50');
    await page.getByRole('img', { name: /Bar chart of tracked hours by project/ }).waitFor();
    expect(await page.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    await snap(page, 'reports-time-by-project-desktop');

    // The view is in the URL: opening it again shows the same report.
    const url = page.url();
    await page.goto(url);
    await page.getByRole('rowheader', { name: PROJECT }).waitFor();

    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export Excel' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toMatch(
      /^time-by-project-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.xlsx$/,
    );
    const workbook = readFileSync((await xlsx.path()) as string);
    expect(workbook.subarray(0, 2).toString()).toBe('PK'); // a zip: an Office Open XML workbook
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    const text = readFileSync((await csv.path()) as string, 'utf8');
    expect(text.split('\r\n')[0]).toBe('Project,Hours,Share (%)');
    expect(text).toContain(`${PROJECT},4.5,`);

    // Print: the browser's dialog is replaced; the print layout hides the app around the report.
    await page.evaluate(() => {
      (window as unknown as { printed: boolean }).printed = false;
      window.print = () => {
        (window as unknown as { printed: boolean }).printed = true;
      };
    });
    await page.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: boolean }).printed)).toBe(true);
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
    expect(await page.getByLabel('Range', { exact: true }).isVisible()).toBe(false);
    expect(await page.getByRole('rowheader', { name: PROJECT }).isVisible()).toBe(true);
    await snap(page, 'reports-print');
    await page.emulateMedia({ media: 'screen' });

    await page.getByRole('tab', { name: 'Week grid' }).click();
    await page.waitForURL(/report=grid/);
    await page.getByRole('rowheader', { name: RHEA }).waitFor();
    const cells = await page
      .getByRole('row', { name: new RegExp(RHEA) })
      .getByRole('cell')
      .allTextContents();
    expect(cells).toEqual(['3.00', '–', '–', '–', '–', '–', '–', '3.00']);
    await snap(page, 'reports-grid-desktop');

    // Attendance against tracked time: Rhea tracked 3 h and never clocked in.
    await page.getByRole('tab', { name: 'Attendance' }).click();
    await page.waitForURL(/report=attendance/);
    await page
      .getByRole('region', { name: /Attendance per user/ })
      .getByRole('rowheader', { name: RHEA })
      .waitFor();
    const attendance = await page
      .getByRole('region', { name: /Attendance per user/ })
      .getByRole('row', { name: new RegExp(RHEA) })
      .getByRole('cell')
      .allTextContents();
    expect(attendance).toEqual(['0.00', '3.00', '−3.00', '0', '0', '0', '0']);
    // Attendance has no project: the filter is gone.
    expect(await page.locator('#report-project').count()).toBe(0);
    await snap(page, 'reports-attendance-desktop');

    // Overtime: they joined today, so last week owed nothing and Rhea's 3 h are a surplus.
    await page.getByRole('tab', { name: 'Overtime' }).click();
    await page.waitForURL(/report=overtime/);
    // The URL changes before the attendance tables leave the page: wait for the overtime view itself.
    await page.getByRole('heading', { name: /^Balance:/ }).waitFor();
    expect(await page.getByTestId('overtime-counted').textContent()).toMatch(/^Counted from /);
    await page.getByRole('rowheader', { name: RHEA }).waitFor();
    expect(
      await page
        .getByRole('row', { name: new RegExp(RHEA) })
        .getByRole('cell')
        .allTextContents(),
    ).toEqual(['0.00', '3.00', '+3.00']);
    await snap(page, 'reports-overtime-desktop');

    await page.getByRole('tab', { name: 'Tasks' }).click();
    await page.waitForURL(/report=tasks/);
    await page.getByRole('heading', { name: /Reviews decided in the range|No task activity/ }).waitFor();
    await snap(page, 'reports-tasks-desktop');
    await context.close();
  });

  it('an employee sees only their own time, on a phone', async () => {
    const { context, page } = await signedIn(rhea, PHONE);
    await page.goto('/reports?preset=last-week&groupBy=user');
    await page.getByRole('rowheader', { name: RHEA }).waitFor();
    expect(await page.getByRole('rowheader', { name: SAMI }).count()).toBe(0);
    expect(await page.getByLabel('User', { exact: true }).count()).toBe(0);
    expect(await page.getByTestId('report-scope').textContent()).toBe('Only your own time');
    expect(await rowText(page, 'Total')).toContain('3.00');
    await snap(page, 'reports-employee-phone');
    // Another user's data is refused by the server, whatever the URL says.
    await page.goto(`/reports?preset=last-week&userId=${manager.user.id}`);
    await page.getByRole('alert').getByText('You can only see your own reports').waitFor();
    await page.goto('/reports?preset=last-week&report=grid');
    await page.getByRole('rowheader', { name: RHEA }).waitFor();
    await snap(page, 'reports-grid-phone');
    await page.goto('/reports?preset=this-week&report=overtime');
    await page.getByRole('rowheader', { name: RHEA }).waitFor();
    // This week reaches past today (unless today is its Sunday): the report says where it stops.
    const counted = await page.getByTestId('overtime-counted').textContent();
    expect(counted).toMatch(/^Counted (up to today: |from )/);
    expect(await page.getByRole('rowheader').allTextContents()).toEqual([RHEA, 'Total']);
    await snap(page, 'reports-overtime-phone');
    await page.goto('/reports?preset=last-week&report=attendance');
    await page
      .getByRole('region', { name: /Attendance per user/ })
      .getByRole('rowheader', { name: RHEA })
      .waitFor();
    await snap(page, 'reports-attendance-phone');
    // Rhea has no tasks: the tasks report says so.
    await page.goto('/reports?preset=last-week&report=tasks');
    await page.getByRole('heading', { name: 'No task activity' }).waitFor();
    await snap(page, 'reports-tasks-phone');
    await context.close();
  });
});
