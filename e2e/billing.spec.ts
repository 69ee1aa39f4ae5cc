import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminSession,
  call,
  createApprovedUser,
  createProject,
  openSignedIn,
  signInContext,
} from './accounts';
import { baseURL, choose, launchBrowser, newContext, PHONE, snap, snapDialog, toastSays } from './support';

let browser: Browser;
type Session = Awaited<ReturnType<typeof createApprovedUser>>;
let manager: Session;
let admin: Awaited<ReturnType<typeof adminSession>>;
let projectId: string;
const JOURNEY_MS = 240_000;
const CLIENT = `Umbrella ${Date.now().toString(36)}`;

beforeAll(async () => {
  browser = await launchBrowser();
  manager = await createApprovedUser('manager', { firstName: 'Bea', lastName: 'Budget' });
  admin = await adminSession();
  projectId = (await createProject(manager, 'Orbit Billing')).id;
});
afterAll(() => browser?.close());

describe('billing: a client, a billable project with a rate and a budget, an invoice', () => {
  it(
    'sets up the client and the project, tracks time, sees the budget and its alert, invoices and is refused an edit',
    async () => {
      // A manager adds the client.
      const { page, context } = await openSignedIn(browser, manager, '/clients');
      await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'New Client' }).click();
      const dialog = page.getByTestId('client-dialog');
      await dialog.getByLabel('Name').fill(CLIENT);
      await dialog.getByLabel('Currency').fill('EUR');
      await snapDialog(page, 'billing-client-dialog-desktop');
      await dialog.getByRole('button', { name: 'Add Client' }).click();
      await toastSays(page, 'Client added');
      await page.getByRole('link', { name: CLIENT }).waitFor();
      await snap(page, 'billing-clients-desktop');

      // The project: its client, billable, a one-hour monthly budget, a rate.
      await page.goto(`/projects/${projectId}`);
      await page.getByRole('heading', { name: 'Billing', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Edit Billing' }).click();
      const billing = page.getByTestId('project-billing-dialog');
      await choose(page, 'billing-clientId', CLIENT);
      await billing.getByLabel('Time on this project is billable').check();
      await choose(page, 'billing-budgetKind', 'Hours');
      await choose(page, 'billing-budgetPeriod', 'Per month');
      await billing.getByLabel('Budget amount (hours or money)').fill('1');
      await snapDialog(page, 'billing-project-dialog-desktop');
      await billing.getByRole('button', { name: 'Save' }).click();
      await toastSays(page, 'Billing saved');
      await page.getByRole('button', { name: 'Add Rate' }).click();
      const rate = page.getByTestId('rate-dialog');
      await rate.getByLabel('Amount per hour').fill('90');
      await rate.getByLabel('Effective from').fill('2020-01-01');
      await rate.getByRole('button', { name: 'Add Rate' }).click();
      await toastSays(page, 'Rate added');

      // Time tracked: 50 minutes of the one-hour budget, billable by the project's default.
      const end = new Date(Date.now() - 60_000);
      const start = new Date(end.getTime() - 50 * 60_000);
      const zone = 'UTC';
      await call('PATCH', '/api/profile', { timeZone: zone }, manager.cookie);
      const hhmm = (d: Date) => d.toISOString().slice(11, 16);
      const made = await call(
        'POST',
        '/api/time-entries',
        { projectId, date: start.toISOString().slice(0, 10), startTime: hhmm(start), endTime: hhmm(end) },
        manager.cookie,
      );
      expect(made.status).toBe(201);
      expect((made.body as unknown as { billable: boolean }).billable).toBe(true);

      // The page shows the budget's bar, and reading it told the manager of the 80% threshold.
      await page.reload();
      await page.getByRole('progressbar', { name: /Budget this month/ }).waitFor();
      // (the account's approval is the other unread one)
      const bell = page.getByRole('button', { name: 'Notifications, 2 unread', exact: true });
      await bell.waitFor();
      await bell.click();
      await page.getByText('Orbit Billing has used 80% of its budget').waitFor();
      await snap(page, 'billing-project-budget-desktop');
      await page.keyboard.press('Escape');

      // The tracker shows the entry as billable, with the $ toggle on the timer.
      await page.goto('/tracker');
      await page.getByRole('button', { name: 'Billable' }).first().waitFor();
      await snap(page, 'billing-tracker-desktop');

      // The timesheet shows the week's and each day's billable share, counted by the server.
      await page.goto('/timesheets');
      await page.getByTestId('tracked').getByText('0h 50m billable').waitFor();
      await snap(page, 'billing-timesheet-desktop');
      await page.goto('/tracker');

      // A running timer shows its "$" and is switched while it runs; the entry keeps the choice.
      expect((await call('POST', '/api/timer/start', { projectId }, manager.cookie)).status).toBe(201);
      await page.reload();
      const dollar = page.getByTestId('running-timer').getByRole('button', { name: 'Billable' });
      await expect.poll(() => dollar.getAttribute('aria-pressed')).toBe('true');
      await dollar.click();
      await expect.poll(() => dollar.getAttribute('aria-pressed')).toBe('false');
      await snap(page, 'billing-timer-switched-desktop');
      const active = await call('GET', '/api/timer/active', undefined, manager.cookie);
      expect((active.body as unknown as { timer: { billable: boolean } }).timer.billable).toBe(false);
      const stopped = await call('POST', '/api/timer/stop', {}, manager.cookie);
      const timed = stopped.body as unknown as { id: string; billable: boolean };
      expect(timed.billable).toBe(false);
      expect((await call('DELETE', `/api/time-entries/${timed.id}`, undefined, manager.cookie)).status).toBe(
        204,
      );

      // The admin marks the client's month as invoiced and downloads it.
      const adminPage = await openSignedIn(browser, admin, '/clients');
      await adminPage.page.getByRole('link', { name: CLIENT }).click();
      await adminPage.page.getByRole('heading', { name: 'Invoices' }).waitFor();
      await adminPage.page.getByLabel('Reference').fill('INV-ORBIT-1');
      await adminPage.page.getByRole('button', { name: 'Mark as Invoiced' }).click();
      await toastSays(adminPage.page, 'Marked as invoiced');
      const csv = adminPage.page.getByRole('link', { name: 'CSV' });
      await csv.waitFor();
      const href = await csv.getAttribute('href');
      const file = await fetch(`${baseURL()}${href}`, { headers: { cookie: admin.cookie } });
      expect(file.status).toBe(200);
      expect(await file.text()).toContain('Bea Budget');
      await snap(adminPage.page, 'billing-client-invoiced-desktop');
      await adminPage.context.close();

      // The invoiced entry is billed and locked: its edit is refused, as a locked week's is.
      await page.reload();
      const row = page.getByTestId('time-entry').filter({ hasText: 'Orbit Billing' });
      await row.getByText('Billed').waitFor();
      expect(await row.getByRole('button', { name: /^Edit / }).isDisabled()).toBe(true);
      await row.getByTestId('disabled-reason').focus();
      await page
        .getByRole('tooltip')
        .getByText(/This entry is invoiced/)
        .waitFor();
      const entryId = (made.body as unknown as { id: string }).id;
      const refused = await call(
        'PATCH',
        `/api/time-entries/${entryId}`,
        { description: 'x' },
        manager.cookie,
      );
      expect(refused.status).toBe(409);
      await snap(page, 'billing-entry-invoiced-desktop');

      // Reports → Billable shows the billed hour and the budget burn.
      await page.goto('/reports?report=billable&preset=this-month');
      await page.getByRole('region', { name: /Billable time by client/ }).waitFor();
      await snap(page, 'billing-report-desktop');
      await context.close();
    },
    JOURNEY_MS,
  );

  it(
    'fits a phone, and reads in German',
    async () => {
      const { page, context } = await openSignedIn(browser, manager, `/projects/${projectId}`, PHONE);
      await page.getByRole('progressbar').first().waitFor();
      await snap(page, 'billing-project-phone');
      await page.goto('/clients');
      await page.getByRole('link', { name: CLIENT }).waitFor();
      await snap(page, 'billing-clients-phone');
      // The running timer's $ and the timesheet's billable share fit a phone too.
      expect((await call('POST', '/api/timer/start', { projectId }, manager.cookie)).status).toBe(201);
      await page.goto('/tracker');
      const dollar = page.getByTestId('running-timer').getByRole('button', { name: 'Billable' });
      await expect.poll(() => dollar.getAttribute('aria-pressed')).toBe('true');
      await snap(page, 'billing-timer-phone');
      const stopped = await call('POST', '/api/timer/stop', {}, manager.cookie);
      const timed = stopped.body as unknown as { id: string };
      expect((await call('DELETE', `/api/time-entries/${timed.id}`, undefined, manager.cookie)).status).toBe(
        204,
      );
      await page.goto('/timesheets');
      await page.getByTestId('day-billable').first().waitFor();
      await snap(page, 'billing-timesheet-phone');
      await context.close();

      expect((await call('PATCH', '/api/profile', { language: 'de' }, manager.cookie)).status).toBe(200);
      const german = await newContext(browser);
      await signInContext(german, { ...manager, user: { ...manager.user, language: 'de' } });
      const dePage = await german.newPage();
      await dePage.goto(`/projects/${projectId}`);
      await dePage.getByRole('heading', { name: 'Abrechnung' }).waitFor();
      await snap(dePage, 'billing-project-german');
      await german.close();
    },
    JOURNEY_MS,
  );

  it(
    "manages rates: the default and cost rates in the admin settings, a client's, a person's on a project",
    async () => {
      const client = await call(
        'POST',
        '/api/clients',
        { name: `Rates ${CLIENT}`, currency: 'CHF' },
        admin.cookie,
      );
      expect(client.status).toBe(201);
      const clientId = (client.body as unknown as { id: string }).id;
      const rated = (await createProject(manager, 'Orbit Rates')).id;
      const member = await call(
        'POST',
        `/api/projects/${rated}/members`,
        { userId: manager.user.id },
        manager.cookie,
      );
      expect([201, 409]).toContain(member.status);

      // The admin: the organisation's default rate and a person's cost rate, in the settings.
      const { page, context } = await openSignedIn(browser, admin, '/admin?tab=settings&section=billing');
      const defaults = page.getByRole('region', { name: 'Default billable rate' });
      await defaults.getByRole('button', { name: 'Add Rate' }).click();
      const dialog = page.getByTestId('rate-dialog');
      await dialog.getByRole('heading', { name: 'Add Default Rate' }).waitFor();
      await dialog.getByLabel('Amount per hour').fill('70');
      await dialog.getByLabel('Effective from').fill('2020-01-01');
      await dialog.getByRole('button', { name: 'Add Rate' }).click();
      await toastSays(page, 'Rate added');
      await defaults.getByText('€70.00 per hour from').waitFor();

      const costs = page.getByRole('region', { name: 'Internal cost rates' });
      await costs.getByRole('button', { name: 'Add Rate' }).click();
      await dialog.getByRole('heading', { name: 'Add Cost Rate' }).waitFor();
      // A cost rate names its person: the dialog says so before it asks the server.
      await dialog.getByLabel('Amount per hour').fill('40');
      await dialog.getByRole('button', { name: 'Add Rate' }).click();
      await dialog.getByText('Choose a valid user').waitFor();
      await choose(page, 'rate-userId', 'Bea Budget');
      await snapDialog(page, 'billing-rate-cost-dialog-desktop');
      await dialog.getByRole('button', { name: 'Add Rate' }).click();
      await toastSays(page, 'Rate added');
      await costs.getByText('Bea Budget ·').waitFor();
      await snap(page, 'billing-rates-admin-desktop');

      // The client's rate, on the client's page.
      await page.goto(`/clients/${clientId}`);
      const clientRates = page.getByRole('region', { name: 'Client rates' });
      await clientRates.getByText('No rates of this client').waitFor();
      await clientRates.getByRole('button', { name: 'Add Rate' }).click();
      await dialog.getByRole('heading', { name: 'Add Client Rate' }).waitFor();
      expect(await dialog.getByLabel('Currency').inputValue()).toBe('CHF');
      await dialog.getByLabel('Amount per hour').fill('120');
      await dialog.getByLabel('Effective from').fill('2020-01-01');
      await dialog.getByRole('button', { name: 'Add Rate' }).click();
      await toastSays(page, 'Rate added');
      await clientRates.getByText(/CHF\s*120\.00 per hour from/).waitFor();
      await snap(page, 'billing-client-rates-desktop');

      // The manager: the project's rate and a person's on it; one deleted again.
      const mine = await openSignedIn(browser, manager, `/projects/${rated}`);
      const projectRates = mine.page.getByRole('region', { name: 'Rates', exact: true });
      await projectRates.getByRole('button', { name: 'Add Rate' }).click();
      const add = mine.page.getByTestId('rate-dialog');
      await add.getByLabel('Amount per hour').fill('90');
      await add.getByLabel('Effective from').fill('2020-01-01');
      await add.getByRole('button', { name: 'Add Rate' }).click();
      await toastSays(mine.page, 'Rate added');
      await projectRates.getByRole('button', { name: 'Add Rate' }).click();
      await choose(mine.page, 'rate-userId', 'Bea Budget');
      await add.getByLabel('Amount per hour').fill('95,50');
      await add.getByLabel('Effective from').fill('2021-03-01');
      await add.getByRole('button', { name: 'Add Rate' }).click();
      await toastSays(mine.page, 'Rate added');
      await projectRates.getByText('Bea Budget ·').waitFor();
      expect(await projectRates.getByTestId('rate').count()).toBe(2);
      await snap(mine.page, 'billing-project-rates-desktop');
      await projectRates.getByRole('button', { name: /^Delete rate €90\.00/ }).click();
      await toastSays(mine.page, 'Rate deleted');
      await expect.poll(() => projectRates.getByTestId('rate').count()).toBe(1);
      await mine.context.close();

      // An employee sees no rates at all.
      const employee = await createApprovedUser('employee');
      const theirs = await openSignedIn(browser, employee, `/projects/${rated}`);
      await theirs.page.getByRole('heading', { name: 'Billing', exact: true }).waitFor();
      expect(await theirs.page.getByRole('region', { name: 'Rates', exact: true }).count()).toBe(0);
      await theirs.context.close();

      // A phone: the admin's rates, and the default rate deleted again (other journeys price nothing by it).
      const phone = await openSignedIn(browser, admin, '/admin?tab=settings&section=billing', PHONE);
      const phoneDefaults = phone.page.getByRole('region', { name: 'Default billable rate' });
      await phoneDefaults.getByText('€70.00 per hour from').waitFor();
      await snap(phone.page, 'billing-rates-admin-phone');
      await phoneDefaults.getByRole('button', { name: /^Delete rate €70\.00/ }).click();
      await toastSays(phone.page, 'Rate deleted');
      await phoneDefaults.getByText('No default rate').waitFor();
      await phone.context.close();
      await context.close();

      // In German, once: the browser's choice, not the account's, so the shared admin's own language
      // (none: as the browser asks) stays as the other journeys expect it.
      const german = await newContext(browser);
      await german.addInitScript(() => window.localStorage.setItem('language', 'de'));
      await signInContext(german, admin);
      const dePage = await german.newPage();
      await dePage.goto('/admin?tab=settings&section=billing');
      await dePage.getByRole('region', { name: 'Interne Kostensätze' }).getByText('Bea Budget ·').waitFor();
      await snap(dePage, 'billing-rates-admin-german');
      await german.close();
    },
    JOURNEY_MS,
  );
});
