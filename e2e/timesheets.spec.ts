import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, call, createApprovedUser, signInContext } from './accounts';
import { DESKTOP, launchBrowser, newContext, PHONE, snap } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type Session = Parameters<typeof signInContext>[1];
async function pageAs(session: Session, viewport = DESKTOP): Promise<Page> {
  const context = await newContext(browser, viewport);
  await signInContext(context, session);
  return context.newPage();
}

/** Monday of last week (a week that has begun and is over, whatever day the journey runs). */
function lastMonday(): string {
  const d = new Date();
  d.setUTCHours(12, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7) - 7);
  return d.toISOString().slice(0, 10);
}
const plus = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
/** Submitting asks first (docs/product/timesheets.md#submitting): the week then locks. */
async function submitWeek(page: Page) {
  await page.getByRole('button', { name: 'Submit Week' }).click();
  const confirm = page.getByTestId('submit-dialog');
  await confirm.getByRole('heading', { name: 'Submit this week?' }).waitFor();
  await confirm.getByRole('button', { name: 'Submit Week' }).click();
  await confirm.waitFor({ state: 'detached' });
  await expect.poll(() => page.getByTestId('sheet-status').textContent()).toBe('Submitted');
}

const letters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

describe('timesheet journey', () => {
  it('submit → reject with a comment → correct and resubmit → approve → locked', async () => {
    const suffix = letters();
    const admin = await adminSession();
    const manager = await createApprovedUser('manager', { firstName: 'Mira', lastName: `Boss${suffix}` });
    const employee = await createApprovedUser('employee', { firstName: 'Theo', lastName: `Sheet${suffix}` });
    const team = await call(
      'POST',
      '/api/teams',
      {
        name: `Sheets ${suffix}`,
        members: [
          { userId: manager.user.id, role: 'manager' },
          { userId: employee.user.id, role: 'member' },
        ],
      },
      admin.cookie,
    );
    expect(team.status).toBe(201);
    const project = await call('POST', '/api/projects', { name: `Sheets ${suffix}` }, admin.cookie);
    const monday = lastMonday();
    const track = (date: string, startTime: string, endTime: string) =>
      call(
        'POST',
        '/api/time-entries',
        // A long line: on a phone it must wrap, not widen the page.
        {
          projectId: project.body.id,
          date,
          startTime,
          endTime,
          description: 'Support for the quarterly customer onboarding review',
        },
        employee.cookie,
      );
    expect((await track(monday, '09:00', '17:00')).status).toBe(201);

    // The employee sees the week and submits it.
    const own = await pageAs(employee);
    await own.goto(`/timesheets?week=${monday}`);
    await own.getByRole('heading', { name: 'Timesheets', level: 1 }).waitFor();
    const firstDay = own.getByTestId('sheet-day').first();
    await firstDay.getByText('8h 0m').first().waitFor();
    await firstDay.getByText('Gap').waitFor(); // tracked, but no attendance that day
    await submitWeek(own);
    await own.getByTestId('locked-note').waitFor();
    await snap(own, 'timesheet-submitted-desktop');

    // The manager rejects it with a comment.
    const boss = await pageAs(manager);
    await boss.goto('/timesheets');
    const item = boss.getByTestId('review-item').filter({ hasText: `Theo Sheet${suffix}` });
    await item.waitFor();
    await item.getByRole('button', { name: `Reject Theo Sheet${suffix}'s week` }).click();
    const dialog = boss.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Reject Week' }).click();
    await dialog.getByText('A comment is required to reject a week').waitFor();
    await dialog.getByRole('textbox', { name: 'Comment' }).fill('Tuesday is missing');
    await snap(boss, 'timesheet-reject-dialog-desktop');
    await dialog.getByRole('button', { name: 'Reject Week' }).click();
    await dialog.waitFor({ state: 'detached' });
    await item.waitFor({ state: 'detached' });

    // The employee reads the comment, corrects the week and submits again.
    await own.reload();
    await expect.poll(() => own.getByTestId('sheet-status').textContent()).toBe('Rejected');
    await own.getByTestId('reject-comment').getByText('Tuesday is missing').waitFor();
    await snap(own, 'timesheet-rejected-desktop');
    expect((await track(plus(monday, 1), '09:00', '16:30')).status).toBe(201);
    await own.reload();
    await own.getByTestId('sheet-day').nth(1).getByText('7h 30m').first().waitFor();
    await submitWeek(own);

    // The manager opens it from the queue and approves it.
    await boss.reload();
    await item.getByRole('button', { name: `View Theo Sheet${suffix}'s week` }).click();
    await boss.getByRole('button', { name: 'Back to my week' }).waitFor();
    // The review view names whose week it is and the zone their days count in, never "Your week".
    await expect
      .poll(() => boss.getByRole('heading', { level: 1 }).textContent())
      .toMatch(new RegExp(`^Theo Sheet${suffix}'s week · \\S+$`));
    expect(await boss.getByText('Your week').count()).toBe(0);
    await boss.getByTestId('sheet-day').nth(1).getByText('7h 30m').first().waitFor();
    await snap(boss, 'timesheet-manager-view-desktop');
    await boss.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(() => boss.getByTestId('sheet-status').textContent()).toBe('Approved');
    // The team's overtime counts the approved week: 15 h 30 m tracked, and nothing expected, since
    // Theo joined today, after that week (days before someone joined owe no hours).
    await boss.getByRole('button', { name: 'Back to my week' }).click();
    const overtime = boss.getByRole('table', { name: 'Team overtime' });
    const theo = overtime.getByRole('row', { name: new RegExp(`Theo Sheet${suffix}`) });
    // The first cell is the approved weeks' balance (the person's name is the row header).
    await expect.poll(() => theo.getByRole('cell').first().textContent()).toBe('+15h 30m');
    await overtime.scrollIntoViewIfNeeded();
    await snap(boss, 'timesheet-team-overtime-desktop');
    await boss.context().close();

    // Locked: the page says so and the API refuses a change.
    await own.reload();
    await expect.poll(() => own.getByTestId('sheet-status').textContent()).toBe('Approved');
    await own
      .getByTestId('locked-note')
      .getByText(/This week is locked/)
      .waitFor();
    expect(await own.getByRole('button', { name: 'Submit Week' }).count()).toBe(0);
    const refused = await track(plus(monday, 2), '09:00', '10:00');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This week is locked');
    await snap(own, 'timesheet-approved-desktop');
    await own.context().close();

    const phone = await pageAs(employee, PHONE);
    await phone.goto(`/timesheets?week=${monday}`);
    await expect.poll(() => phone.getByTestId('sheet-status').textContent()).toBe('Approved');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await snap(phone, 'timesheet-approved-phone');
    await phone.goto('/');
    await phone
      .getByTestId('overtime-month')
      .getByText(/this month so far$/)
      .waitFor();
    await snap(phone, 'dashboard-overtime-phone');
    await phone.context().close();
  });
});
