import { ENTRY_LOCKED } from '@contract/time-entries';
import { addDays, zonedClock, zonedDate } from '@contract/zoned-time';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, call, createApprovedUser, signInApi, signInContext } from './accounts';
import { baseURL, DESKTOP, launchBrowser, PHONE, snap } from './support';
import { english } from '../server/test/messages';

/**
 * One ledger of hours, as people see it (docs/product/time-tracking.md#time-zones, #overlaps;
 * docs/product/timesheets.md#review, #lock): an employee in Berlin and her manager in New York read
 * the same times for the same entries, each in the employee's own zone.
 */
let browser: Browser;
type Session = Awaited<ReturnType<typeof signInApi>>;

const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';
// Names take letters only: the run's time, written in letters, keeps them unique.
const suffix = [...Date.now().toString(36).slice(-5)]
  .map((c) => String.fromCharCode(97 + (parseInt(c, 36) % 26)))
  .join('');
const ELI = `Eli Employee${suffix}`;
const PROJECT = `Ledger ${suffix}`;

let eli: Session;
let nora: Session;
let project: { id: string };
/** Monday of last week in Berlin: a week that is over, so it can be submitted. */
let monday: string;

/** A session whose profile has its own zone (the stored user record carries it, as after a sign-in). */
async function personIn(role: 'employee' | 'manager', timeZone: string, firstName: string, lastName: string) {
  const made = await createApprovedUser(role, { firstName, lastName });
  const zoned = await call('PATCH', '/api/profile', { timeZone }, made.cookie);
  if (zoned.status !== 200) throw new Error(`profile: ${zoned.status} ${JSON.stringify(zoned.body)}`);
  return signInApi(made.email, made.password);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await adminSession();
  eli = await personIn('employee', BERLIN, 'Eli', `Employee${suffix}`);
  nora = await personIn('manager', NEW_YORK, 'Nora', `Manager${suffix}`);
  const team = await call(
    'POST',
    '/api/teams',
    {
      name: `Ledger team ${suffix}`,
      members: [
        { userId: nora.user.id, role: 'manager' },
        { userId: eli.user.id, role: 'member' },
      ],
    },
    admin.cookie,
  );
  if (team.status !== 201) throw new Error(`team: ${team.status} ${JSON.stringify(team.body)}`);
  const made = await call('POST', '/api/projects', { name: PROJECT, status: 'active' }, admin.cookie);
  project = made.body as unknown as { id: string };
  const today = zonedDate(new Date(), BERLIN);
  monday = addDays(today, -((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7) - 7);
  const build = await call(
    'POST',
    '/api/time-entries',
    { projectId: project.id, description: 'Build', date: monday, startTime: '09:00', endTime: '17:00' },
    eli.cookie,
  );
  if (build.status !== 201) throw new Error(`entry: ${build.status} ${JSON.stringify(build.body)}`);
});

afterAll(() => browser?.close());

/** A signed-in page whose browser runs in `timeZone` (a person's own computer, where they are). */
async function pageAs(session: Session, timeZone: string, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport,
    timezoneId: timeZone,
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(15_000);
  await signInContext(context, session);
  return context.newPage();
}

async function addEntry(page: Page, date: string, startTime: string, endTime: string, description: string) {
  await page.getByRole('button', { name: 'Add Manual Entry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Time Entry' });
  await dialog.locator('#entry-projectId').click();
  await page.getByRole('option', { name: PROJECT }).click();
  await dialog.locator('#entry-description').fill(description);
  await dialog.locator('#entry-date').fill(date);
  await dialog.locator('#entry-startTime').fill(startTime);
  await dialog.locator('#entry-endTime').fill(endTime);
  return dialog;
}

const entryRow = (page: Page, description: string) =>
  page.getByTestId('time-entry').filter({ has: page.getByText(description, { exact: true }) });
const text = async (locator: { textContent: () => Promise<string | null> }) =>
  (await locator.textContent())?.trim();
const day = (page: Page, index: number) => page.getByTestId('sheet-day').nth(index);
const sheetEntry = (page: Page, index: number, description: string) =>
  day(page, index).getByTestId('sheet-entry').filter({ hasText: description });

describe('one ledger of hours', () => {
  it('warns of an overlap naming the other entry, and shows a night shift ending the next day', async () => {
    const page = await pageAs(eli, BERLIN);
    await page.goto('/tracker');
    await entryRow(page, 'Build').waitFor();
    // The browser is in her own zone: nothing to say about zones.
    expect(await page.getByTestId('zone-note').count()).toBe(0);
    expect(await entryRow(page, 'Build').getByTestId('entry-times').textContent()).toContain('09:00–17:00');

    // An hour inside Build: the dialog names it before saving.
    let dialog = await addEntry(page, monday, '10:00', '11:00', 'Standup review');
    const warning = dialog.getByTestId('entry-overlap-warning');
    await expect
      .poll(() => warning.textContent())
      .toBe('Overlaps Build 09:00–17:00 — the shared time counts once');
    await snap(page, 'ledger-overlap-warning-desktop');
    await dialog.getByRole('button', { name: 'Add Entry' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The answer names it too, and so does the list.
    await page
      .getByRole('region', { name: /Notification/ })
      .getByText('Overlaps Build 09:00–17:00 — the shared time counts once.')
      .waitFor();
    await entryRow(page, 'Standup review')
      .getByTestId('entry-overlap')
      .getByText('Overlaps Build 09:00–17:00')
      .waitFor();

    // A night shift: an end before the start is the next day.
    dialog = await addEntry(page, addDays(monday, 1), '22:00', '01:00', 'Night deploy');
    await expect
      .poll(() => dialog.getByTestId('entry-preview').textContent())
      .toBe('22:00–01:00 (+1 day) · 3h 0m');
    await snap(page, 'ledger-night-shift-dialog-desktop');
    await dialog.getByRole('button', { name: 'Add Entry' }).click();
    await dialog.waitFor({ state: 'detached' });
    const night = entryRow(page, 'Night deploy');
    expect(await night.getByTestId('entry-times').textContent()).toContain('22:00–01:00 (+1 day)');
    expect(await night.getByTestId('entry-duration').textContent()).toBe('3h 0m');
    await snap(page, 'ledger-tracker-entries-desktop');

    // The timesheet: the night counts on both days, the overlap once, and the days are flagged.
    await page.goto(`/timesheets?week=${monday}`);
    await sheetEntry(page, 0, 'Build').waitFor();
    expect(await sheetEntry(page, 0, 'Build').getByTestId('sheet-entry-times').textContent()).toBe(
      '09:00–17:00',
    );
    await day(page, 0).getByTestId('day-overlap').waitFor();
    expect(await day(page, 0).getByText('Tracked').locator('xpath=..').textContent()).toBe('Tracked8h 0m');
    const tuesday = sheetEntry(page, 1, 'Night deploy');
    expect(await tuesday.getByTestId('sheet-entry-times').textContent()).toBe('22:00–01:00 (+1 day)');
    expect(await tuesday.getByTestId('sheet-entry-counted').textContent()).toBe('2h 0m');
    await tuesday.getByText('Continues into the next day').waitFor();
    const wednesday = sheetEntry(page, 2, 'Night deploy');
    expect(await wednesday.getByTestId('sheet-entry-counted').textContent()).toBe('1h 0m');
    await wednesday.getByText('Continues from the previous day').waitFor();
    expect(await day(page, 1).getByText('Tracked').locator('xpath=..').textContent()).toBe('Tracked2h 0m');
    expect(await day(page, 2).getByText('Tracked').locator('xpath=..').textContent()).toBe('Tracked1h 0m');
    await snap(page, 'ledger-timesheet-night-desktop');
    await page.context().close();
  });

  it('says from when a week can be submitted, asks before submitting, and then locks its entries', async () => {
    const page = await pageAs(eli, BERLIN);
    // Next week has not been worked yet: its button waits for its last working day, a Friday.
    const nextMonday = addDays(monday, 14);
    await page.goto(`/timesheets?week=${nextMonday}`);
    const friday = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    }).format(new Date(`${addDays(nextMonday, 4)}T12:00:00Z`));
    const from = page.getByTestId('submit-from');
    await expect.poll(() => text(from)).toBe(`Submit from ${friday}`);
    expect(await from.isDisabled()).toBe(true);
    await snap(page, 'ledger-submit-from-desktop');

    await page.goto(`/timesheets?week=${monday}`);
    await page.getByRole('button', { name: 'Submit Week' }).click();
    const confirm = page.getByTestId('submit-dialog');
    await confirm.getByRole('heading', { name: 'Submit this week?' }).waitFor();
    await snap(page, 'ledger-submit-confirm-desktop');
    await confirm.getByRole('button', { name: 'Submit Week' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('sheet-status').textContent()).toBe('Submitted');

    // On the tracker the locked week's entries cannot be edited, and the reason is shown.
    await page.goto('/tracker');
    const build = entryRow(page, 'Build');
    await build.getByText('Locked', { exact: true }).waitFor();
    expect(await build.getByRole('button', { name: 'Edit entry: Build' }).isDisabled()).toBe(true);
    expect(await build.getByRole('button', { name: 'Delete entry: Build' }).isDisabled()).toBe(true);
    await build.getByTestId('disabled-reason').hover();
    await expect.poll(() => page.getByRole('tooltip').textContent()).toBe(english(ENTRY_LOCKED));
    await snap(page, 'ledger-locked-entry-desktop');
    await page.context().close();

    const phone = await pageAs(eli, BERLIN, PHONE);
    await phone.goto('/tracker');
    await entryRow(phone, 'Build').getByText('Locked', { exact: true }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await snap(phone, 'ledger-tracker-phone');
    await phone.goto(`/timesheets?week=${monday}`);
    await sheetEntry(phone, 1, 'Night deploy').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await snap(phone, 'ledger-timesheet-phone');
    await phone.context().close();
  });

  it("shows a manager in New York the Berlin employee's week in Berlin times, named", async () => {
    for (const [viewport, size] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const page = await pageAs(nora, NEW_YORK, viewport);
      await page.goto('/timesheets');
      const item = page.getByTestId('review-item').filter({ hasText: ELI });
      await item.waitFor();
      expect(await item.textContent()).toContain(BERLIN);
      expect(await text(item.getByTestId('review-overlaps'))).toBe('2 overlapping entries');
      expect(await text(item.getByTestId('review-gaps'))).toBe('3 days with an attendance gap');
      if (size === 'desktop') await snap(page, 'ledger-review-queue-desktop');

      await item.getByRole('button', { name: `View ${ELI}'s week` }).click();
      const heading = page.getByRole('heading', { level: 1 });
      await expect.poll(() => heading.textContent()).toBe(`${ELI}'s week · ${BERLIN}`);
      expect(await page.getByText('Your week').count()).toBe(0);
      // 09:00–17:00 in Berlin, not the 03:00–11:00 of the manager's own clock.
      await sheetEntry(page, 0, 'Build').waitFor();
      expect(await sheetEntry(page, 0, 'Build').getByTestId('sheet-entry-times').textContent()).toBe(
        '09:00–17:00',
      );
      expect(await sheetEntry(page, 1, 'Night deploy').getByTestId('sheet-entry-times').textContent()).toBe(
        '22:00–01:00 (+1 day)',
      );
      await page.getByRole('button', { name: 'Approve', exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await snap(page, `ledger-review-view-${size}`);
      await page.context().close();
    }
  });

  it('keeps her own Berlin times on a browser in New York, and says so once on each screen', async () => {
    const started = await call('POST', '/api/timer/start', { projectId: project.id }, eli.cookie);
    expect(started.status).toBe(201);
    const page = await pageAs(eli, NEW_YORK);
    await page.goto('/tracker');
    await entryRow(page, 'Build').waitFor();
    expect(await page.getByTestId('zone-note').allTextContents()).toEqual([`Times in ${BERLIN}`]);
    expect(await entryRow(page, 'Build').getByTestId('entry-times').textContent()).toContain('09:00–17:00');
    // The running timer started at a Berlin time too.
    expect(await page.getByTestId('timer-started').textContent()).toBe(
      zonedClock(new Date(started.body.startTime as string), BERLIN),
    );
    await snap(page, 'ledger-tracker-away-desktop');
    expect((await call('POST', '/api/timer/stop', {}, eli.cookie)).status).toBe(200);

    await page.goto(`/timesheets?week=${monday}`);
    await sheetEntry(page, 0, 'Build').waitFor();
    expect(await page.getByTestId('zone-note').allTextContents()).toEqual([`Times in ${BERLIN}`]);
    expect(await sheetEntry(page, 0, 'Build').getByTestId('sheet-entry-times').textContent()).toBe(
      '09:00–17:00',
    );

    // The live clock is Berlin's, not the browser's.
    await page.goto('/attendance');
    const clock = page.getByTestId('live-clock');
    await expect
      .poll(async () => (await clock.textContent())?.slice(0, 5))
      .toBe(zonedClock(new Date(), BERLIN));
    expect(await page.getByTestId('zone-note').allTextContents()).toEqual([`Times in ${BERLIN}`]);
    await snap(page, 'ledger-attendance-away-desktop');
    await page.context().close();
  });

  it('reads a due date typed on a browser in New York as Berlin time, her own', async () => {
    const made = await call(
      'POST',
      '/api/tasks',
      { title: 'File the expenses', priority: 'low' },
      eli.cookie,
    );
    expect(made.status).toBe(201);
    const page = await pageAs(eli, NEW_YORK);
    await page.goto('/my-tasks');
    const card = page.getByTestId('task-card').filter({ hasText: 'File the expenses' });
    await card.getByRole('button', { name: 'Edit File the expenses' }).click();
    const dialog = page.getByTestId('edit-task-dialog');
    await dialog.getByText(`A time in ${BERLIN}`).waitFor();
    await dialog.getByLabel('Due date').fill('2030-01-15T17:00');
    await snap(page, 'ledger-due-date-desktop');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    // 17:00 in Berlin (UTC+1 in January), whatever the browser's own clock says.
    const mine = await call('GET', '/api/my-tasks', undefined, eli.cookie);
    const task = (mine.body as unknown as { id: string; dueDate: string | null }[]).find(
      (t) => t.id === made.body.id,
    );
    expect(task?.dueDate).toBe('2030-01-15T16:00:00.000Z');
    await card.getByText('Due Jan 15, 2030, 5:00 PM').waitFor();
    await card.getByRole('button', { name: 'Edit File the expenses' }).click();
    expect(await dialog.getByLabel('Due date').inputValue()).toBe('2030-01-15T17:00');
    await page.context().close();
  });
});
