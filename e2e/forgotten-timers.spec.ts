import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSession, call, createApprovedUser, createProject, signInContext } from './accounts';
import { browserForFile, DESKTOP, PHONE, snap } from './support';

// Forgotten timers (docs/product/time-tracking.md#forgotten-timers). The server's stop at the limit is
// proven by server/features/timers/forgotten-timers.test.ts on a fixed clock; a browser cannot wait
// an hour, and the e2e server's database is its own process's. So the tracker is shown a real entry
// of the user with the mark the server sets (the response rewritten in flight), and the admin's
// setting is exercised for real.
const browser = browserForFile();

async function signedIn(session: Parameters<typeof signInContext>[1], viewport = DESKTOP): Promise<Page> {
  const context = await browser.context(viewport);
  await signInContext(context, session);
  return context.newPage();
}

describe('forgotten timers', () => {
  it('the admin sets the limit in System Settings, with a clear message outside 1–24', async () => {
    const admin = await adminSession();
    const page = await signedIn(admin);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'System Settings' }).click();
    const limit = page.getByLabel('Stop forgotten timers after (hours)');
    await expect.poll(() => limit.inputValue()).toBe('10');
    await limit.fill('25');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Stop forgotten timers after must be between 1 and 24 hours').waitFor();
    await snap(page, 'forgotten-timers-setting-invalid-desktop');
    await limit.fill('8');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Settings Saved', { exact: true }).waitFor();
    expect((await call('GET', '/api/settings', undefined, admin.cookie)).body.autoStopTimerHours).toBe(8);
    const saved = (await call('GET', '/api/settings', undefined, admin.cookie)).body as Record<
      string,
      unknown
    >;
    expect(
      (await call('PUT', '/api/settings', { ...saved, autoStopTimerHours: 10 }, admin.cookie)).status,
    ).toBe(200);
  });

  for (const [viewport, size] of [
    [DESKTOP, 'desktop'],
    [PHONE, 'phone'],
  ] as const) {
    it(`the tracker marks an auto-stopped entry with a badge (${size})`, async () => {
      const employee = await createApprovedUser('employee', { firstName: 'Fred', lastName: 'Forgetful' });
      const project = await createProject(await adminSession(), `Night shift ${size}`);
      // Two days ago: never in the future, whatever the server's zone.
      const day = new Date(Date.now() - 2 * 24 * 3600 * 1000).toISOString().slice(0, 10);
      for (const [description, startTime, endTime] of [
        ['Left running overnight', '08:00', '18:00'],
        ['Stand-up', '07:00', '07:30'],
      ]) {
        const res = await call(
          'POST',
          '/api/time-entries',
          { projectId: project.id, date: day, startTime, endTime, description },
          employee.cookie,
        );
        expect(res.status, JSON.stringify(res.body)).toBe(201);
      }
      const page = await signedIn(employee, viewport);
      await page.route(
        (url) => url.pathname === '/api/time-entries',
        async (route) => {
          const response = await route.fetch();
          const entries = (await response.json()) as { description: string; autoStopped: boolean }[];
          // Without the server's field the rewrite below would show nothing: the field must be there.
          expect(entries.every((e) => e.autoStopped === false)).toBe(true);
          await route.fulfill({
            response,
            json: entries.map((e) => ({ ...e, autoStopped: e.description === 'Left running overnight' })),
          });
        },
      );
      await page.goto('/tracker');
      const rows = page.getByTestId('time-entry');
      const forgotten = rows.filter({ hasText: 'Left running overnight' });
      await forgotten.getByText('Auto-stopped', { exact: true }).waitFor();
      expect(await rows.filter({ hasText: 'Stand-up' }).getByText('Auto-stopped').count()).toBe(0);
      await snap(page, `forgotten-timers-badge-${size}`);
    });
  }
});
