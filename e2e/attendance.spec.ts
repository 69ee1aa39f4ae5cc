import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, call, createApprovedUser, signInContext } from './accounts';
import { DESKTOP, launchBrowser, newContext, PHONE, snap } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/**
 * An organisation zone where it is about noon right now, so the journey does not depend on when it
 * runs: expected clock-in 10:00 makes a clock-in now late by two hours or so.
 */
function noonZone() {
  const offset = Math.max(-12, Math.min(14, 12 - new Date().getUTCHours()));
  return offset >= 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}
const baseSettings = () => ({
  clockIn: '10:00',
  clockOut: '20:00',
  dailyBreakMinutes: 10,
  lunchMinutes: 45,
  lateThresholdMinutes: 15,
  timeZone: noonZone(),
});

/** Waits until no attendance request is in flight: every action button is usable again. */
async function settled(page: Page) {
  await expect
    .poll(() =>
      page
        .locator('button:is(:text("Clock"), :text("Break"))')
        .evaluateAll((bs) => bs.every((b) => !(b as HTMLButtonElement).disabled)),
    )
    .toBe(true);
}

async function signedInPage(session: Parameters<typeof signInContext>[1], viewport = DESKTOP) {
  const context: BrowserContext = await newContext(browser, viewport);
  await signInContext(context, session);
  const page: Page = await context.newPage();
  return { context, page };
}

describe('attendance journey', () => {
  it('clocks in, takes a break, clocks out and finds the record in history', async () => {
    const admin = await adminSession();
    expect((await call('PUT', '/api/settings', baseSettings(), admin.cookie)).status).toBe(200);
    const employee = await createApprovedUser('employee', { firstName: 'Clara', lastName: 'Clock' });

    for (const [viewport, suffix] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const { context, page } = await signedInPage(employee, viewport);
      await page.goto('/attendance');
      await page.getByRole('heading', { name: 'Attendance', level: 1 }).waitFor();
      const state = page.getByTestId('clock-state');
      await expect.poll(() => state.textContent()).toBe('Clocked out');
      if (suffix === 'desktop') {
        await page.getByText('No attendance records yet').waitFor();
        // The clock ticks every second.
        const clock = page.getByTestId('live-clock');
        const first = await clock.textContent();
        await expect.poll(() => clock.textContent(), { timeout: 3000 }).not.toBe(first);
      }
      await snap(page, `attendance-clocked-out-${suffix}`);

      await page.getByRole('button', { name: 'Clock In' }).click();
      await expect.poll(() => state.textContent()).toBe('Clocked in');
      await page.getByText(/Clocked in at .* elapsed/).waitFor();
      const toasts = page.getByRole('region', { name: /Notification/ });
      await toasts.getByText('Clocked in', { exact: true }).waitFor();
      await toasts.getByText(/^At \d{1,2}:\d{2}/).waitFor();
      await expect.poll(() => page.getByTestId('hours-today').textContent()).toMatch(/^\d+m$|^\d+h \d+m$/);
      await settled(page);
      await snap(page, `attendance-clocked-in-${suffix}`);

      await page.getByRole('button', { name: 'Start Break' }).click();
      await expect.poll(() => state.textContent()).toBe('On break');
      await page.getByText(/On break since/).waitFor();
      await settled(page);
      await snap(page, `attendance-on-break-${suffix}`);
      await page.getByRole('button', { name: 'End Break' }).click();
      await expect.poll(() => state.textContent()).toBe('Clocked in');

      // Clock Out asks first; Cancel keeps the day open.
      await page.getByRole('button', { name: 'Clock Out' }).click();
      const confirm = page.getByRole('dialog', { name: 'Clock out now?' });
      await confirm.getByText(/You clocked in at /).waitFor();
      await snap(page, `attendance-clock-out-confirm-${suffix}`);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await state.textContent()).toBe('Clocked in');
      await page.getByRole('button', { name: 'Clock Out' }).click();
      await confirm.getByRole('button', { name: 'Clock Out' }).click();
      await expect.poll(() => state.textContent()).toBe('Clocked out');
      await toasts.getByText('Clocked out', { exact: true }).waitFor();
      await toasts.getByText(/ worked\.$/).waitFor();
      await snap(page, `attendance-clocked-out-toast-${suffix}`);
      const history = page.getByTestId(suffix === 'desktop' ? 'history-table' : 'history-list');
      await expect.poll(() => history.getByText('Late').count()).toBeGreaterThan(0);
      await page
        .getByText(/^Late arrival: /)
        .first()
        .waitFor();
      await settled(page);
      await snap(page, `attendance-history-${suffix}`);
      await context.close();
    }
  });

  it('a second tab that clocks in adopts the open record instead of failing', async () => {
    const employee = await createApprovedUser('employee');
    const { context, page } = await signedInPage(employee);
    await page.goto('/attendance');
    await page.getByRole('button', { name: 'Clock In' }).waitFor();
    // Another device clocks in meanwhile; this page still shows Clock In.
    expect((await call('POST', '/api/attendance/clock-in', {}, employee.cookie)).status).toBe(201);
    await page.getByRole('button', { name: 'Clock In' }).click();
    await expect.poll(() => page.getByTestId('clock-state').textContent()).toBe('Clocked in');
    await context.close();
  });

  it('an admin raises the late threshold in System Settings and the System Alerts change', async () => {
    const admin = await adminSession();
    expect((await call('PUT', '/api/settings', baseSettings(), admin.cookie)).status).toBe(200);
    const late = await createApprovedUser('employee', { firstName: 'Larry', lastName: 'Latecomer' });
    expect((await call('POST', '/api/attendance/clock-in', {}, late.cookie)).status).toBe(201);

    const { context, page } = await signedInPage(admin);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'System Alerts' }).click();
    const alerts = page.getByTestId('alert-list');
    const larry = alerts.locator('li', { hasText: 'Larry Latecomer' });
    await larry.getByText(/^Late arrival: /).waitFor();
    await snap(page, 'admin-system-alerts-desktop');

    await page.getByRole('tab', { name: 'System Settings' }).click();
    const threshold = page.getByLabel('Late threshold (minutes)');
    await expect.poll(() => threshold.inputValue()).toBe('15');
    await snap(page, 'admin-system-settings-desktop');
    await threshold.fill('');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Late threshold must be a number').waitFor();
    await threshold.fill('600');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Settings Saved', { exact: true }).waitFor();

    await page.getByRole('tab', { name: 'System Alerts' }).click();
    await expect.poll(() => larry.count()).toBe(0);
    const saved = await call('GET', '/api/settings', undefined, admin.cookie);
    expect(saved.body.lateThresholdMinutes).toBe(600);
    await context.close();

    // The same tabs at phone width, with the late alert back.
    await call('PUT', '/api/settings', baseSettings(), admin.cookie);
    const phone = await signedInPage(admin, PHONE);
    await phone.page.goto('/admin');
    await phone.page.getByRole('tab', { name: 'System Alerts' }).click();
    await phone.page.getByText('Larry Latecomer').first().waitFor();
    await snap(phone.page, 'admin-system-alerts-phone');
    await phone.page.getByRole('tab', { name: 'System Settings' }).click();
    await phone.page.getByLabel('Late threshold (minutes)').waitFor();
    await snap(phone.page, 'admin-system-settings-phone');
    await phone.context.close();
  });
});
