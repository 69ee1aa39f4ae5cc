import { describe, expect, it } from 'vitest';
import { adminSession, call, createApprovedUser, createProject, signInContext } from './accounts';
import { baseURL, browserForFile, DESKTOP, PHONE, snap } from './support';

const browser = browserForFile();

describe("a person's data in the admin's user details", () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`exports it as JSON and anonymises a departed person after typing ANONYMISE (${label})`, async () => {
      const admin = await adminSession();
      const lastName = `Departing ${label}`;
      const person = await createApprovedUser('employee', { firstName: 'Dora', lastName });
      const project = await createProject(admin, `Handover ${label}`);
      const entry = await call(
        'POST',
        '/api/time-entries',
        {
          description: 'Last report',
          projectId: project.id,
          date: '2026-01-05',
          startTime: '09:00',
          endTime: '11:00',
        },
        person.cookie,
      );
      expect(entry.status, JSON.stringify(entry.body)).toBe(201);

      const context = await browser.context(viewport);
      await signInContext(context, admin);
      const page = await context.newPage();
      await page.goto('/admin');
      // Found by a few letters among everyone (searched on the server).
      await page.getByTestId('managed-user').first().waitFor();
      await page.getByLabel('Search users').fill(lastName.toLowerCase());
      await expect.poll(() => page.getByTestId('managed-user').count()).toBe(1);
      await page.getByRole('button', { name: `View Dora ${lastName}` }).click();
      const dialog = page.getByRole('dialog', { name: `Dora ${lastName}` });
      await dialog.getByRole('heading', { name: 'Personal data' }).waitFor();
      await snap(page, `person-data-${label}`);

      // The export is a download of everything held about them, and never a secret.
      const href = await dialog.getByRole('link', { name: 'Export data' }).getAttribute('href');
      expect(href).toBe(`/api/admin/users/${person.user.id}/export`);
      const exported = await fetch(`${baseURL()}${href}`, { headers: { cookie: admin.cookie } });
      expect(exported.status).toBe(200);
      const body = await exported.text();
      const data = JSON.parse(body);
      expect(data.user.email).toBe(person.email);
      expect(data.timeEntries.map((e: { description: string }) => e.description)).toEqual(['Last report']);
      expect(body).not.toMatch(/passwordHash|tokenHash/);

      // Anonymising asks for the word first.
      await dialog.getByRole('button', { name: 'Anonymise…' }).click();
      const confirm = dialog.getByRole('button', { name: 'Anonymise person' });
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.getByLabel('Type ANONYMISE to confirm').fill('anonymise');
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.getByLabel('Type ANONYMISE to confirm').fill('ANONYMISE');
      await snap(page, `person-anonymise-confirm-${label}`);
      await confirm.click();
      await page.getByText('Person anonymised').first().waitFor();
      await dialog.waitFor({ state: 'hidden' });

      const placeholder = `Former member ${person.user.id.slice(0, 8)}`;
      // Their name is gone, so the search finds nobody; without it the placeholder is listed.
      await page.getByText('No users found').waitFor();
      await page.getByLabel('Search users').fill('');
      await page.getByRole('button', { name: `View ${placeholder}` }).waitFor();
      expect(await page.getByText(`Dora ${lastName}`).count()).toBe(0);
      await page.getByRole('button', { name: `View ${placeholder}` }).click();
      const after = page.getByRole('dialog', { name: placeholder });
      await after.getByText(/^Anonymised /).waitFor();
      expect(await after.getByRole('button', { name: 'Anonymise…' }).count()).toBe(0);
      await snap(page, `person-anonymised-${label}`);

      // They are signed out, and their time is still there for the reports.
      expect((await call('GET', '/api/auth/user', undefined, person.cookie)).status).toBe(401);
      const again = await fetch(`${baseURL()}${href}`, { headers: { cookie: admin.cookie } });
      expect((await again.json()).timeEntries).toHaveLength(1);
      await context.close();
    });
  }
});
