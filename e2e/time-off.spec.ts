import { addDays } from '@contract/zoned-time';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, call, createApprovedUser, signInContext } from './accounts';
import { DESKTOP, launchBrowser, newContext, PHONE, snap } from './support';

/**
 * Time off as people use it (docs/product/time-off.md): an employee asks for a week of vacation and
 * sees what it costs, their manager approves it from the queue, the team calendar shows it, and the
 * admin sets the holiday region and adds a company day, which the week's cost then counts.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  // The holiday region is the organisation's: the other journeys count their weeks without one.
  const admin = await adminSession();
  await call('PUT', '/api/holidays/region', { country: null, region: null }, admin.cookie);
});

type Session = Parameters<typeof signInContext>[1];
async function pageAs(session: Session, viewport = DESKTOP): Promise<Page> {
  const context = await newContext(browser, viewport);
  await signInContext(context, session);
  return context.newPage();
}

const letters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/**
 * A whole Monday–Friday week five weeks ahead, within one calendar year (in December, next year's).
 * Its company day is the organisation's, on everyone's timesheet: time-off-effects.spec counts
 * weeks within the next four (its vacation and its own company day), so this one stays clear of
 * them on every weekday (on a Monday, "at least a week ahead" had been next week, and both
 * journeys found two days off there).
 */
function comingWeek(): string {
  const today = new Date().toISOString().slice(0, 10);
  let monday = addDays(today, 35 - ((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7));
  if (addDays(monday, 4).slice(0, 4) !== monday.slice(0, 4)) monday = addDays(monday, 7);
  return monday;
}
const monthsAhead = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
  Number(to.slice(5, 7)) -
  Number(from.slice(5, 7));

async function noSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

describe('time off journey', () => {
  it('request a week → approve → team calendar → holiday region and a company day', async () => {
    const suffix = letters();
    const employeeName = `Vera Vacation${suffix}`;
    const admin = await adminSession();
    const manager = await createApprovedUser('manager', { firstName: 'Mona', lastName: `Lead${suffix}` });
    const employee = await createApprovedUser('employee', {
      firstName: 'Vera',
      lastName: `Vacation${suffix}`,
    });
    const team = await call(
      'POST',
      '/api/teams',
      {
        name: `Holidays ${suffix}`,
        members: [
          { userId: manager.user.id, role: 'manager' },
          { userId: employee.user.id, role: 'member' },
        ],
      },
      admin.cookie,
    );
    expect(team.status).toBe(201);
    const monday = comingWeek();
    const friday = addDays(monday, 4);
    const year = Number(monday.slice(0, 4));
    const today = new Date().toISOString().slice(0, 10);

    // The admin adds days to the new employee's allowance (joining late in a year gives few).
    const boss = await pageAs({ user: admin.user, cookie: admin.cookie });
    await boss.goto('/time-off?tab=balances');
    await boss.getByRole('heading', { name: 'Time off', level: 1 }).waitFor();
    for (let y = Number(today.slice(0, 4)); y < year; y++)
      await boss.getByRole('button', { name: 'Next year' }).click();
    await boss.getByRole('button', { name: `Adjust ${employeeName}'s allowance` }).click();
    const adjust = boss.getByTestId('adjust-dialog');
    await adjust.getByRole('button', { name: 'Save adjustment' }).click();
    await adjust.getByText('Give a reason').waitFor();
    await adjust.getByRole('spinbutton', { name: 'Days' }).fill('10');
    await adjust.getByRole('textbox', { name: 'Reason' }).fill('Agreed at hiring');
    await snap(boss, 'time-off-adjust-desktop');
    await adjust.getByRole('button', { name: 'Save adjustment' }).click();
    await adjust.waitFor({ state: 'detached' });
    const before = await call(
      'GET',
      `/api/leave/balances?userId=${employee.user.id}&year=${year}`,
      undefined,
      employee.cookie,
    );
    const balance = (before.body as unknown as { remainingDays: number; requestedDays: number }[])[0];
    expect(balance.remainingDays).toBeGreaterThanOrEqual(10);
    const row = boss.getByRole('row', { name: new RegExp(employeeName) });
    await expect.poll(() => row.getByRole('cell').nth(3).textContent()).toBe('10');
    await snap(boss, 'time-off-balances-desktop');

    // The admin gives her days of her own (refused above 366), then puts her back on the organisation's.
    const entitlementCell = row.getByRole('cell').first();
    await boss.getByRole('button', { name: `Set ${employeeName}'s entitlement` }).click();
    const entitle = boss.getByTestId('entitlement-dialog');
    await entitle.getByText(/has the organisation's \d+ days a year/).waitFor();
    await entitle.getByRole('spinbutton', { name: 'Days per year' }).fill('400');
    await entitle.getByRole('button', { name: 'Save entitlement' }).click();
    await entitle.getByText('Entitlement must be between 0 and 366 days').waitFor();
    await entitle.getByRole('spinbutton', { name: 'Days per year' }).fill('30');
    await entitle.getByRole('button', { name: 'Save entitlement' }).click();
    await entitle.waitFor({ state: 'detached' });
    await boss.getByText('Entitlement saved').first().waitFor();
    await expect.poll(() => entitlementCell.textContent()).toMatch(/own$/);
    await snap(boss, 'time-off-entitlement-own-desktop');
    await boss.getByRole('button', { name: `Set ${employeeName}'s entitlement` }).click();
    await entitle.getByText(/has 30 days a year of their own/).waitFor();
    await snap(boss, 'time-off-entitlement-dialog-desktop');
    await entitle.getByRole('button', { name: /^Use the organisation's \d+ days$/ }).click();
    await entitle.waitFor({ state: 'detached' });
    await boss.getByText("Back to the organisation's entitlement").first().waitFor();
    await expect.poll(() => entitlementCell.textContent()).not.toMatch(/own$/);

    // The employee asks for the week and sees its cost and the balance after it.
    const own = await pageAs(employee);
    await own.goto('/time-off');
    await own.getByTestId('nav-time-off').waitFor();
    // The balance of the week's year (next year's, in December).
    const showWeeksYear = async () => {
      await own.getByTestId('balance-card').getByTestId('balance-remaining').waitFor();
      for (let y = Number(today.slice(0, 4)); y < year; y++)
        await own.getByRole('button', { name: 'Next year' }).click();
      await own.getByRole('heading', { name: `Allowance ${year}` }).waitFor();
    };
    await showWeeksYear();
    await own.getByRole('button', { name: 'Request time off' }).click();
    const dialog = own.getByTestId('request-dialog');
    await dialog.getByRole('combobox', { name: 'Type' }).click();
    await own.getByRole('option', { name: 'Vacation' }).click();
    await dialog.getByLabel('First day', { exact: true }).fill(monday);
    await dialog.getByLabel('Last day', { exact: true }).fill(friday);
    await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('Family visit');
    const preview = dialog.getByTestId('request-preview');
    await expect.poll(() => preview.getByTestId('preview-cost').textContent()).toBe('5 days');
    const available = balance.remainingDays - balance.requestedDays;
    expect(await preview.getByTestId('preview-after').textContent()).toBe(days(available - 5));
    await snap(own, 'time-off-request-desktop');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await dialog.waitFor({ state: 'detached' });
    const mine = own.getByTestId('leave-item').filter({ hasText: 'Vacation' });
    await expect.poll(() => mine.getByTestId('leave-status').textContent()).toBe('Pending');
    await expect.poll(() => own.getByTestId('balance-card').textContent()).toMatch(/Requested5 days/);

    // The same days again: the preview says why not, and so does the server when sent anyway.
    await own.getByRole('button', { name: 'Request time off' }).click();
    await dialog.getByRole('combobox', { name: 'Type' }).click();
    await own.getByRole('option', { name: 'Vacation' }).click();
    await dialog.getByLabel('First day', { exact: true }).fill(addDays(monday, 2));
    await dialog.getByLabel('Last day', { exact: true }).fill(addDays(monday, 2));
    await dialog
      .getByTestId('preview-problem')
      .getByText('You already have time off on these days')
      .waitFor();
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await dialog
      .getByTestId('request-refusal')
      .getByText('You already have time off on these days')
      .waitFor();
    // Said once: the preview keeps the cost and leaves the reason to the refusal.
    expect(await dialog.getByText('You already have time off on these days').count()).toBe(1);
    await snap(own, 'time-off-refused-desktop');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The manager approves it from the queue.
    const lead = await pageAs(manager);
    await lead.goto('/time-off?tab=approvals');
    const item = lead.getByTestId('approval-item').filter({ hasText: employeeName });
    await item.getByText('Family visit').waitFor();
    await snap(lead, 'time-off-approvals-desktop');
    await item.getByRole('button', { name: `Approve ${employeeName}'s request` }).click();
    await item.waitFor({ state: 'detached' });
    await lead.getByText('Nothing to decide').waitFor();

    // The team calendar shows the week, to the manager and to the employee.
    await lead.getByRole('tab', { name: 'Team calendar' }).click();
    for (let i = monthsAhead(today, monday); i > 0; i--)
      await lead.getByRole('button', { name: 'Next month' }).click();
    const grid = lead.getByRole('region', { name: /^Absences in/ });
    const veraRow = grid.getByRole('row', { name: new RegExp(employeeName) });
    await veraRow.getByTestId('absence-bar').getByText('Vacation').first().waitFor();
    await snap(lead, 'time-off-calendar-desktop');
    await lead.context().close();

    await own.reload();
    await showWeeksYear();
    await expect.poll(() => mine.getByTestId('leave-status').textContent()).toBe('Approved');
    await expect.poll(() => own.getByTestId('balance-card').textContent()).toMatch(/Planned5 days/);
    await snap(own, 'time-off-mine-desktop');

    // The employee makes a feed of their time off: the URL is shown once and serves the week.
    await own.getByRole('tab', { name: 'Calendar feeds' }).click();
    await own.getByRole('button', { name: 'Make a feed of my time off' }).click();
    const url = await own.getByRole('textbox', { name: /copy this address now/ }).inputValue();
    expect(url).toMatch(/\/api\/calendar\/[\w-]+\.ics$/);
    await own.getByTestId('feed-item').first().waitFor();
    await snap(own, 'time-off-feeds-desktop');
    const ics = await fetch(url);
    expect(ics.status).toBe(200);
    const body = await ics.text();
    expect(body).toContain('BEGIN:VEVENT');
    expect(body).toContain('Vacation');
    await own.context().close();

    // The admin chooses the holiday region and adds a company day inside the week.
    await boss.goto('/admin');
    await boss.getByRole('tab', { name: 'System Settings' }).click();
    await boss.getByRole('tab', { name: 'Time off' }).click();
    await boss.getByRole('list', { name: 'Leave types' }).getByText('Vacation').waitFor();
    // A type's colour changes; in use, Vacation can be archived but not deleted.
    await boss.getByRole('button', { name: 'Edit Vacation' }).click();
    const edit = boss.getByTestId('leave-type-dialog');
    await edit.getByLabel('Colour').fill('#16a34a');
    await snap(boss, 'time-off-type-dialog-desktop');
    await edit.getByRole('button', { name: 'Save type' }).click();
    await edit.waitFor({ state: 'detached' });
    expect(await boss.getByRole('button', { name: 'Delete Vacation' }).count()).toBe(0);
    await boss.getByRole('button', { name: 'Archive Vacation' }).waitFor();
    await boss.getByRole('combobox', { name: 'Country' }).fill('Germany');
    await boss.getByRole('option', { name: 'Germany' }).click();
    await boss.getByRole('combobox', { name: 'Region' }).click();
    await boss.getByRole('option', { name: 'Berlin' }).click();
    await boss.getByRole('button', { name: 'Save region' }).click();
    const holidays = boss.getByRole('list', { name: `Holidays ${Number(today.slice(0, 4))}` });
    await holidays.getByText('Public holiday').first().waitFor();
    for (let y = Number(today.slice(0, 4)); y < year; y++)
      await boss.getByRole('button', { name: 'Next year' }).last().click();
    await boss.getByRole('button', { name: 'Add a company day' }).click();
    const day = boss.getByTestId('company-day-dialog');
    await day.getByLabel('Date', { exact: true }).fill(addDays(monday, 2));
    await day.getByRole('textbox', { name: 'Name' }).fill(`Team day ${suffix}`);
    await snap(boss, 'time-off-company-day-desktop');
    await day.getByRole('button', { name: 'Add day' }).click();
    await day.waitFor({ state: 'detached' });
    const yearList = boss.getByRole('list', { name: `Holidays ${year}` });
    const added = yearList.getByTestId('holiday').filter({ hasText: `Team day ${suffix}` });
    await added.getByText('Company day').waitFor();
    // A public holiday the organisation works, and back.
    const newYear = yearList.getByTestId('holiday').filter({ hasText: "New Year's Day" });
    await newYear.getByRole('button', { name: "Remove New Year's Day" }).click();
    await newYear.getByText('Worked').waitFor();
    await newYear.getByRole('button', { name: "Restore New Year's Day" }).click();
    await newYear.getByText('Public holiday').waitFor();
    await snap(boss, 'time-off-settings-desktop');

    // The week now costs four days: a company day is a day off (docs/product/time-off.md#allowances).
    const requests = await call(
      'GET',
      `/api/leave/requests?userId=${employee.user.id}`,
      undefined,
      employee.cookie,
    );
    const week = (requests.body as unknown as { startDate: string; days: number }[]).find(
      (r) => r.startDate === monday,
    );
    expect(week?.days).toBe(4);

    // On a phone: the employee's page and the calendar's list of days.
    const phone = await pageAs(employee, PHONE);
    await phone.goto('/time-off');
    await phone.getByTestId('leave-item').filter({ hasText: '4 days' }).waitFor();
    await noSideScroll(phone);
    await snap(phone, 'time-off-mine-phone');
    await phone.getByRole('button', { name: 'Request time off' }).click();
    await phone.getByTestId('request-dialog').getByRole('combobox', { name: 'Type' }).waitFor();
    await snap(phone, 'time-off-request-phone');
    await phone.keyboard.press('Escape');
    await phone.getByRole('tab', { name: 'Team calendar' }).click();
    for (let i = monthsAhead(today, monday); i > 0; i--)
      await phone.getByRole('button', { name: 'Next month' }).click();
    const agenda = phone.getByRole('list', { name: 'Absences and holidays' });
    await agenda.getByText(`Team day ${suffix}`).waitFor();
    await agenda.getByText(employeeName).first().waitFor();
    await noSideScroll(phone);
    await snap(phone, 'time-off-calendar-phone');
    await phone.context().close();

    const adminPhone = await pageAs({ user: admin.user, cookie: admin.cookie }, PHONE);
    await adminPhone.goto('/admin');
    await adminPhone.getByRole('tab', { name: 'System Settings' }).click();
    await adminPhone.getByRole('tab', { name: 'Time off' }).click();
    await adminPhone.getByRole('list', { name: 'Leave types' }).getByText('Vacation').waitFor();
    await noSideScroll(adminPhone);
    await snap(adminPhone, 'time-off-settings-phone');
    await adminPhone.context().close();
    await boss.context().close();
  });
});
