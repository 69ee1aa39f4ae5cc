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

/**
 * The schedule's day labels: each on one line, and the labels of a row (and their inputs) level with
 * each other, whatever the width and language (a wrapped 'Wednesday hours' pushed its label up).
 */
async function daysInLine(page: Page) {
  const days = page.getByTestId('schedule-days');
  await days.getByRole('spinbutton').first().waitFor();
  const boxes = await days.locator('label').evaluateAll((labels) =>
    labels.map((l) => {
      // the text's own lines (a label box stretches to its row's height, the text does not)
      const text = document.createRange();
      text.selectNodeContents(l);
      // (an element's box and its text's are both listed, a pixel apart: a new line is a line lower)
      const tops = [...text.getClientRects()].map((r) => r.top).sort((a, b) => a - b);
      const lines = tops.filter((top, i) => i === 0 || top - tops[i - 1] > 8).length;
      const input = document.getElementById(l.getAttribute('for') ?? '')?.getBoundingClientRect();
      return { text: l.textContent, lines, top: text.getBoundingClientRect().top, inputTop: input?.top };
    }),
  );
  expect(boxes).toHaveLength(7);
  for (const box of boxes) {
    expect(box.lines, `${box.text} on one line`).toBe(1);
    const row = boxes.filter((b) => Math.abs(b.inputTop! - box.inputTop!) < 20);
    for (const other of row)
      expect(Math.abs(other.top - box.top), `${box.text} level with ${other.text}`).toBeLessThan(1);
  }
}

describe('team management journey', () => {
  it('an admin creates and edits a team and a schedule; the manager and the employee see theirs', async () => {
    // Names take letters only; a random run of them tells this run's people apart.
    const suffix = Array.from({ length: 6 }, () =>
      String.fromCharCode(97 + Math.floor(Math.random() * 26)),
    ).join('');
    const manager = await createApprovedUser('manager', { firstName: 'Mona', lastName: `Lead${suffix}` });
    const employee = await createApprovedUser('employee', { firstName: 'Ezra', lastName: `Work${suffix}` });
    const admin = await adminSession();
    const teamName = `Support ${suffix}`;

    const page = await pageAs(admin);
    await page.goto('/team/manage');
    await page.getByRole('heading', { name: 'Team Management', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New Team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Team' });
    // The contract's message, before anything is sent.
    await dialog.getByRole('button', { name: 'Create Team' }).click();
    await dialog.getByText('Team name is required').waitFor();
    await dialog.getByRole('textbox', { name: 'Team name' }).fill(teamName);
    await dialog.getByRole('searchbox', { name: 'People' }).fill(suffix);
    await dialog.getByRole('combobox', { name: `Mona Lead${suffix} in this team` }).selectOption('manager');
    await dialog.getByRole('combobox', { name: `Ezra Work${suffix} in this team` }).selectOption('member');
    await dialog.getByText('2 people in this team').waitFor();
    await snap(page, 'team-create-dialog-desktop');
    await dialog.getByRole('button', { name: 'Create Team' }).click();
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByTestId('team-card').filter({ hasText: teamName });
    await card.getByText(`Mona Lead${suffix}`).waitFor();
    await card.getByText('Manager').waitFor();

    // Rename it.
    await card.getByRole('button', { name: `Edit ${teamName}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${teamName}` });
    await edit.getByRole('textbox', { name: 'Team name' }).fill(`${teamName} EU`);
    await edit.getByRole('button', { name: 'Save Team' }).click();
    await edit.waitFor({ state: 'detached' });
    await page
      .getByTestId('team-card')
      .filter({ hasText: `${teamName} EU` })
      .waitFor();

    // The employee's schedule: 6 h on Friday, in New York.
    await page.getByRole('combobox', { name: 'Person' }).selectOption({ label: `Ezra Work${suffix}` });
    const friday = page.getByRole('spinbutton', { name: 'Friday hours' });
    await expect.poll(() => friday.inputValue()).toBe('8');
    await friday.fill('6');
    // A zone is chosen from the list: what matches none cannot be chosen.
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    await zone.fill('Mars');
    await page.getByText('No time zone matches: try a city, such as Berlin').waitFor();
    await zone.fill('new york');
    await page.getByRole('option', { name: 'America/New York', exact: true }).click();
    expect(await zone.inputValue()).toBe('America/New York');
    await page.getByRole('button', { name: 'Save Schedule' }).click();
    await page
      .getByRole('region', { name: /Notification/ })
      .getByText('Schedule Saved')
      .waitFor();
    await daysInLine(page);
    await snap(page, 'team-manage-admin-desktop');
    const saved = await call('GET', `/api/users/${employee.user.id}/schedule`, undefined, admin.cookie);
    expect(saved.body).toMatchObject({
      minutes: [480, 480, 480, 480, 360, 0, 0],
      timeZone: 'America/New_York',
    });
    // A refused save withdraws the earlier 'Schedule Saved' at once (not after its 5 s): the errors
    // never stand beside it.
    await page.getByRole('button', { name: 'Save Schedule' }).click();
    await page
      .getByRole('region', { name: /Notification/ })
      .getByText('Schedule Saved')
      .waitFor();
    await friday.fill('25');
    await page.getByRole('button', { name: 'Save Schedule' }).click();
    await page.getByText('Hours per day must be between 0 and 24').waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('region', { name: /Notification/ })
          .getByText('Schedule Saved')
          .count(),
      )
      .toBe(0);
    await snap(page, 'team-manage-admin-error-desktop');
    await page.context().close();

    // The manager sees the team and, read-only, the employee's schedule.
    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const view = await pageAs(manager, viewport);
      await view.goto('/team/manage');
      await view
        .getByTestId('team-card')
        .filter({ hasText: `${teamName} EU` })
        .waitFor();
      expect(await view.getByRole('button', { name: 'New Team' }).count()).toBe(0);
      expect(await view.getByRole('button', { name: /^Edit / }).count()).toBe(0);
      await view.getByRole('combobox', { name: 'Person' }).selectOption({ label: `Ezra Work${suffix}` });
      await view.getByTestId('schedule-view').getByText('Time zone: America/New_York').waitFor();
      expect(await view.getByRole('button', { name: 'Save Schedule' }).count()).toBe(0);
      await snap(view, `team-manage-manager-${name}`);
      await view.context().close();
    }

    // The employee sees their own team and schedule; the sidebar has 'Team'.
    const own = await pageAs(employee, PHONE);
    await own.goto('/');
    await own.getByTestId('menu-button').click();
    await own.getByTestId('nav-team').click();
    await own.waitForURL('**/team/manage');
    await own
      .getByTestId('team-card')
      .filter({ hasText: `${teamName} EU` })
      .waitFor();
    await own.getByTestId('schedule-view').getByText('6h').waitFor();
    await snap(own, 'team-manage-employee-phone');
    await own.context().close();
  });

  it("a team's default schedule is followed by its people; the admin sees who deviates and brings them back", async () => {
    const suffix = Array.from({ length: 6 }, () =>
      String.fromCharCode(97 + Math.floor(Math.random() * 26)),
    ).join('');
    const follower = await createApprovedUser('employee', { firstName: 'Fay', lastName: `Shift${suffix}` });
    const deviant = await createApprovedUser('employee', { firstName: 'Dev', lastName: `Shift${suffix}` });
    const admin = await adminSession();
    // Dev already has a schedule of their own.
    await call(
      'PUT',
      `/api/users/${deviant.user.id}/schedule`,
      { minutes: [300, 300, 300, 300, 300, 0, 0] },
      admin.cookie,
    );
    const teamName = `Night ${suffix}`;

    const page = await pageAs(admin);
    await page.goto('/team/manage');
    await page.getByRole('button', { name: 'New Team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Team' });
    await dialog.getByRole('textbox', { name: 'Team name' }).fill(teamName);
    await dialog.getByRole('searchbox', { name: 'People' }).fill(suffix);
    await dialog.getByRole('combobox', { name: `Fay Shift${suffix} in this team` }).selectOption('member');
    await dialog.getByRole('combobox', { name: `Dev Shift${suffix} in this team` }).selectOption('member');
    await dialog.getByRole('checkbox', { name: 'Give this team a default schedule' }).check();
    // Four 7.5-hour nights, Monday to Thursday.
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday'])
      await dialog.getByRole('spinbutton', { name: `${day} hours` }).fill('7.5');
    await dialog.getByRole('spinbutton', { name: 'Friday hours' }).fill('0');
    await snap(page, 'team-default-schedule-dialog-desktop');
    await dialog.getByRole('button', { name: 'Create Team' }).click();
    await dialog.waitFor({ state: 'detached' });

    const card = page.getByTestId('team-card').filter({ hasText: teamName });
    await card.getByText('2 people · 30h a week by default').waitFor();
    await card.getByText('1 person follows another schedule').waitFor();
    await card
      .getByRole('listitem')
      .filter({ hasText: `Dev Shift${suffix}` })
      .getByText('Own schedule')
      .waitFor();
    expect(
      await card
        .getByRole('listitem')
        .filter({ hasText: `Fay Shift${suffix}` })
        .getByText('Own schedule')
        .count(),
    ).toBe(0);

    // Fay follows the team's default; Dev is brought back to it.
    const person = page.getByRole('combobox', { name: 'Person' });
    await person.selectOption({ label: `Fay Shift${suffix}` });
    await page.getByTestId('schedule-source').getByText(`The ${teamName} team's default schedule`).waitFor();
    await expect.poll(() => page.getByRole('spinbutton', { name: 'Monday hours' }).inputValue()).toBe('7.5');
    await person.selectOption({ label: `Dev Shift${suffix}` });
    await page.getByTestId('schedule-source').getByText('Their own schedule').waitFor();
    await snap(page, 'team-default-schedule-deviates-desktop');
    await page.getByRole('button', { name: 'Use Default Schedule' }).click();
    await page.getByTestId('schedule-source').getByText(`The ${teamName} team's default schedule`).waitFor();
    await card.getByText('1 person follows another schedule').waitFor({ state: 'detached' });
    const saved = await call('GET', `/api/users/${deviant.user.id}/schedule`, undefined, admin.cookie);
    expect(saved.body).toMatchObject({ minutes: [450, 450, 450, 450, 0, 0, 0], source: 'team' });
    await page.context().close();

    // Fay sees whose schedule she follows, on a phone too.
    const own = await pageAs(follower, PHONE);
    await own.goto('/team/manage');
    await own.getByTestId('schedule-source').getByText(`The ${teamName} team's default schedule`).waitFor();
    await own
      .getByTestId('team-card')
      .filter({ hasText: teamName })
      .getByText('30h a week by default', { exact: false })
      .waitFor();
    await snap(own, 'team-default-schedule-employee-phone');
    await own.context().close();
  });

  it("keeps each day's label on one line at 375 px and in German ('Donnerstag')", async () => {
    const admin = await adminSession();
    for (const [viewport, language, name] of [
      [PHONE, 'en', 'Thursday hours'],
      [DESKTOP, 'de', 'Donnerstag (Stunden)'],
      [PHONE, 'de', 'Donnerstag (Stunden)'],
    ] as const) {
      const context = await newContext(browser, viewport);
      if (language === 'de') await context.addInitScript(() => window.localStorage.setItem('language', 'de'));
      await signInContext(context, admin);
      const page = await context.newPage();
      await page.goto('/team/manage');
      await page.getByRole('spinbutton', { name }).waitFor();
      await daysInLine(page);
      await snap(page, `team-schedule-${language}-${viewport === PHONE ? 'phone' : 'desktop'}`);
      await context.close();
    }
  });
});
