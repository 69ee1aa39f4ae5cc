import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, call, createApprovedUser, signInContext } from './accounts';
import { DESKTOP, launchBrowser, newContext, PHONE, snap } from './support';

/**
 * What time off does to the other screens (docs/product/time-off.md#counting): the timesheet's days
 * off, the Absences report and its export, and the dashboard's "Who's out today". The requests and
 * the holiday are made through the API here: the /time-off screens have journeys of their own.
 */
type Session = Awaited<ReturnType<typeof createApprovedUser>>;
let browser: Browser;
let admin: Awaited<ReturnType<typeof adminSession>>;
let manager: Session;
let vera: Session;
let hugo: Session;
let loner: Session;
let holidayId: string | undefined;
/** The organisation's holiday region before this journey (another journey may have chosen one). */
let region: { country: string | null; region: string | null } | undefined;

// Names take letters only: the run's time, written in letters, keeps them unique.
const suffix = [...Date.now().toString(36).slice(-5)]
  .map((c) => String.fromCharCode(97 + (parseInt(c, 36) % 26)))
  .join('');
const VERA = `Vera Vacation${suffix}`;
const HUGO = `Hugo Home${suffix}`;
const TEAM = `Away ${suffix}`;
const HOLIDAY = `Founders Day ${suffix}`;

const addDays = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

let today: string;
/** The week of Vera's vacation: next week, or the one after when next week crosses a new year. */
let vacation: string;
/** A Wednesday three weeks on: the company day, where no other journey reads a week. */
let holiday: string;

async function ok<T = Record<string, unknown>>(
  res: Promise<{ status: number; body: unknown }>,
  what: string,
) {
  const r = await res;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as T;
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminSession();
  // No public holidays while this journey counts hours: only the company day it adds. The region is
  // put back afterwards.
  const current = await ok<{ country: string | null; region: string | null }>(
    call('GET', '/api/holidays/region', undefined, admin.cookie),
    'region',
  );
  if (current.country) {
    region = { country: current.country, region: current.region };
    await ok(call('PUT', '/api/holidays/region', { country: null, region: null }, admin.cookie), 'no region');
  }
  manager = await createApprovedUser('manager', { firstName: 'Mona', lastName: `Manager${suffix}` });
  vera = await createApprovedUser('employee', { firstName: 'Vera', lastName: `Vacation${suffix}` });
  hugo = await createApprovedUser('employee', { firstName: 'Hugo', lastName: `Home${suffix}` });
  loner = await createApprovedUser('employee', { firstName: 'Lou', lastName: `Alone${suffix}` });
  await ok(
    call(
      'POST',
      '/api/teams',
      {
        name: TEAM,
        members: [
          { userId: manager.user.id, role: 'manager' },
          { userId: vera.user.id, role: 'member' },
          { userId: hugo.user.id, role: 'member' },
        ],
      },
      admin.cookie,
    ),
    'team',
  );
  ({ today } = await ok<{ today: string }>(
    call('GET', '/api/time-entries/summary', undefined, vera.cookie),
    'summary',
  ));
  vacation = addDays(mondayOf(today), 7);
  if (vacation.slice(0, 4) !== addDays(vacation, 6).slice(0, 4)) vacation = addDays(vacation, 7);
  holiday = addDays(vacation, 16);

  const types = await ok<{ id: string; name: string }[]>(
    call('GET', '/api/leave/types', undefined, vera.cookie),
    'types',
  );
  const typeId = (name: string) => types.find((t) => t.name === name)?.id;
  // Someone who joined today has a few days pro rata; the admin gives Vera enough for the week.
  await ok(
    call(
      'POST',
      `/api/leave/allowances/${vera.user.id}/adjustments`,
      { year: Number(vacation.slice(0, 4)), days: 10, reason: 'Joined with days owed' },
      admin.cookie,
    ),
    'adjustment',
  );
  const request = await ok<{ id: string; status: string }>(
    call(
      'POST',
      '/api/leave/requests',
      { typeId: typeId('Vacation'), startDate: vacation, endDate: addDays(vacation, 4) },
      vera.cookie,
    ),
    'vacation request',
  );
  expect(request.status).toBe('pending');
  await ok(call('POST', `/api/leave/requests/${request.id}/approve`, {}, manager.cookie), 'approval');

  // Hugo works every day of the week, so his sick day is a working day whatever today is.
  await ok(
    call(
      'PUT',
      `/api/users/${hugo.user.id}/schedule`,
      { minutes: [480, 480, 480, 480, 480, 480, 480] },
      admin.cookie,
    ),
    'schedule',
  );
  const sick = await ok<{ status: string }>(
    call(
      'POST',
      '/api/leave/requests',
      { typeId: typeId('Sick leave'), startDate: today, endDate: today },
      hugo.cookie,
    ),
    'sick day',
  );
  expect(sick.status).toBe('approved'); // Sick leave needs no approval

  // Mona takes the morning after the company day off (her deciders are the admins).
  const half = await ok<{ id: string }>(
    call(
      'POST',
      '/api/leave/requests',
      {
        typeId: typeId('Vacation'),
        startDate: addDays(holiday, 1),
        endDate: addDays(holiday, 1),
        endHalf: true,
      },
      manager.cookie,
    ),
    'half day',
  );
  await ok(call('POST', `/api/leave/requests/${half.id}/approve`, {}, admin.cookie), 'half-day approval');

  const added = await ok<{ id: string }>(
    call('POST', '/api/holidays', { date: holiday, kind: 'added', name: HOLIDAY }, admin.cookie),
    'company day',
  );
  holidayId = added.id;
});

afterAll(async () => {
  // The company day and the region are the organisation's: the other journeys' weeks must not see
  // the one, and get the other back.
  if (holidayId) await call('DELETE', `/api/holidays/${holidayId}`, undefined, admin.cookie);
  if (region) await call('PUT', '/api/holidays/region', region, admin.cookie);
  await browser?.close();
});

async function pageAs(who: Session, viewport = DESKTOP): Promise<Page> {
  const context = await newContext(browser, viewport);
  await signInContext(context, who);
  return context.newPage();
}

const day = (page: Page, i: number) => page.getByTestId('sheet-day').nth(i);
const figure = (page: Page, testId: string) => page.getByTestId(testId).locator('p').nth(1).textContent();

describe('time off on the other screens', () => {
  it('a week of approved vacation owes nothing, and the timesheet lists the leave on its days', async () => {
    const page = await pageAs(vera);
    await page.goto(`/timesheets?week=${vacation}`);
    await page.getByRole('heading', { name: 'Timesheets', level: 1 }).waitFor();
    await day(page, 0).getByTestId('sheet-day-off').waitFor();
    for (let i = 0; i < 5; i++) {
      const row = day(page, i).getByTestId('sheet-day-off');
      expect(await row.textContent()).toBe('VacationLeave credit 8h 0m');
      expect(await day(page, i).getByText('Expected').locator('xpath=..').textContent()).toBe(
        'Expected0h 0m',
      );
    }
    // The weekend has no leave on it.
    expect(await day(page, 5).getByTestId('sheet-day-off').count()).toBe(0);
    expect(await figure(page, 'expected')).toBe('0h 0m');
    await page.getByTestId('expected').getByText('holidays and leave not owed').waitFor();
    expect(
      await page.getByText('Difference', { exact: true }).first().locator('xpath=..').textContent(),
    ).toBe('Difference0m');
    await snap(page, 'time-off-timesheet-vacation-desktop');
    await page.context().close();

    const phone = await pageAs(vera, PHONE);
    await phone.goto(`/timesheets?week=${vacation}`);
    await day(phone, 0).getByTestId('sheet-day-off').waitFor();
    await snap(phone, 'time-off-timesheet-vacation-phone');
    // The rows keep their contrast in the dark theme (the system's, followed by default).
    await phone.emulateMedia({ colorScheme: 'dark' });
    await snap(phone, 'time-off-timesheet-vacation-phone-dark');
    await phone.context().close();

    // Her manager reads the same week, leave rows and all (the view a review opens).
    const boss = await pageAs(manager);
    await boss.goto(`/timesheets?week=${vacation}&user=${vera.user.id}`);
    await boss.getByTestId('review-heading').getByText(`${VERA}'s week`).waitFor();
    await day(boss, 0).getByTestId('sheet-day-off').waitFor();
    expect(await boss.getByTestId('sheet-day-off').allTextContents()).toEqual(
      Array(5).fill('VacationLeave credit 8h 0m'),
    );
    expect(await figure(boss, 'expected')).toBe('0h 0m');
    await snap(boss, 'time-off-timesheet-vacation-manager-desktop');
    await boss.context().close();
  });

  it("a company day shows on everyone's timesheet by its name, as a company day that is not owed", async () => {
    const week = mondayOf(holiday);
    for (const who of [manager, vera]) {
      const page = await pageAs(who);
      await page.goto(`/timesheets?week=${week}`);
      const wednesday = day(page, 2);
      const row = wednesday.getByTestId('sheet-day-off');
      await row.waitFor();
      expect(await row.textContent()).toBe(`Company day: ${HOLIDAY}Not owed`);
      expect(await wednesday.getByText('Expected').locator('xpath=..').textContent()).toBe('Expected0h 0m');
      // The other days still owe their hours; Mona's half day off owes half of hers.
      expect(await day(page, 1).getByText('Expected').locator('xpath=..').textContent()).toBe(
        'Expected8h 0m',
      );
      if (who === manager) {
        const thursday = day(page, 3);
        expect(await thursday.getByTestId('sheet-day-off').textContent()).toBe(
          'Vacation (half day)Leave credit 4h 0m',
        );
        expect(await thursday.getByText('Expected').locator('xpath=..').textContent()).toBe('Expected4h 0m');
      }
      expect(await figure(page, 'expected')).toBe(who === manager ? '28h 0m' : '32h 0m');
      if (who === manager) await snap(page, 'time-off-timesheet-holiday-desktop');
      await page.context().close();
    }
    // Hugo's sheet too, read by his manager (the review view shows the same week).
    const sheet = await ok<{ days: { off: { name: string }[] }[] }>(
      call('GET', `/api/timesheets?week=${week}&userId=${hugo.user.id}`, undefined, manager.cookie),
      "Hugo's week",
    );
    expect(sheet.days[2].off.map((o) => o.name)).toEqual([HOLIDAY]);
  });

  it('the Absences report lists the time off per person and type, and exports it', async () => {
    const page = await pageAs(manager);
    const to = addDays(vacation, 6);
    await page.goto(`/reports?preset=custom&from=${today}&to=${to}`);
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Absences' }).click();
    await page.waitForURL(/report=absences/);
    await expect.poll(() => page.getByTestId('report-scope').textContent()).toBe(`Your teams: ${TEAM}`);
    await page.getByTestId('absence-row').first().waitFor();
    // What a reader sees (innerText: a phone's copy of the type, hidden here, is left out).
    const shown = async (p: Page) =>
      (await p.getByTestId('absence-row').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(await shown(page)).toEqual([`${HUGO} Sick leave 1 8.00`, `${VERA} Vacation 5 40.00`]);
    await page.getByRole('heading', { name: 'Time off: 6 days' }).waitFor();
    await snap(page, 'time-off-absences-report-desktop');

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^absences-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync((await csv.path()) as string, 'utf8').split('\r\n');
    expect(lines[0]).toBe('User,Type,Days,Hours (h)');
    expect(lines).toContain(`${VERA},Vacation,5,40`);
    expect(lines).toContain(`${HUGO},Sick leave,1,8`);
    await page.context().close();

    const phone = await pageAs(manager, PHONE);
    await phone.goto(`/reports?report=absences&preset=custom&from=${today}&to=${to}`);
    await phone.getByTestId('absence-row').first().waitFor();
    // The type moves under the name; the figures stay in view without scrolling the table.
    expect(await shown(phone)).toEqual([`${HUGO} Sick leave 1 8.00`, `${VERA} Vacation 5 40.00`]);
    const table = phone.getByRole('region', { name: /Time off per user and type/ });
    expect(await table.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await snap(phone, 'time-off-absences-report-phone');
    await phone.context().close();
  });

  it("the dashboard shows who's out today: a private type as Out to peers, by name to the manager", async () => {
    const peer = await pageAs(vera);
    await peer.goto('/');
    const card = peer.getByRole('list', { name: 'Out today' });
    await card.getByText(HUGO).waitFor();
    expect(
      await card.getByRole('listitem').filter({ hasText: HUGO }).getByTestId('out-today-type').textContent(),
    ).toBe('Out');
    await snap(peer, 'time-off-dashboard-out-today-desktop');
    await peer.context().close();

    const boss = await pageAs(manager, PHONE);
    await boss.goto('/');
    const list = boss.getByRole('list', { name: 'Out today' });
    await list.getByText(HUGO).waitFor();
    expect(
      await list.getByRole('listitem').filter({ hasText: HUGO }).getByTestId('out-today-type').textContent(),
    ).toBe('Sick leave');
    await list.scrollIntoViewIfNeeded();
    await snap(boss, 'time-off-dashboard-out-today-phone');
    await boss.emulateMedia({ colorScheme: 'dark' });
    await snap(boss, 'time-off-dashboard-out-today-phone-dark');
    await boss.context().close();

    // Someone in no team: nobody of theirs is out.
    const alone = await pageAs(loner);
    await alone.goto('/');
    await alone.getByRole('heading', { name: "Everyone's in today" }).waitFor();
    await snap(alone, 'time-off-dashboard-everyone-in-desktop');
    await alone.context().close();
  });
});
