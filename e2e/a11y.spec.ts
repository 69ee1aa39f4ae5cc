import { describe, expect, it } from 'vitest';
import type { Role } from '@contract/auth';
import { a11ySweep, type Session, slug, VIEWPORTS } from './a11y-sweep';
import { call } from './accounts';
import { SIGNED_IN_ROUTES } from './routes';

// axe-core on every route signed in, as each role, at 1280 and 375 px, light and dark (the signed-out
// pages and the main dialogs: e2e/a11y-dialogs.spec.ts; what both share: e2e/a11y-sweep.ts).

// Every screen plus the public ones a user can still open, and the 404 page.
const APP_ROUTES = [...SIGNED_IN_ROUTES, '/verification-codes', '/no/such/page'];
/** The chat page with a conversation open: the employee and manager's own, General for the admin. */
const openConversation = { employee: '', manager: '', admin: '' };

/**
 * Something on the screens, kept to what no other journey counts: the journeys share one server, and
 * some start from empty project and task lists (those screens, filled, are checked in their journeys).
 */
async function seed(sessions: Record<Role, Session>) {
  const { manager, employee, admin } = sessions;
  expect(
    (await call('POST', '/api/timer/start', { description: 'Reading axe results' }, employee.cookie)).status,
  ).toBe(201);
  expect((await call('POST', '/api/timer/stop', {}, employee.cookie)).status).toBeLessThan(300);
  expect((await call('POST', '/api/attendance/clock-in', {}, employee.cookie)).status).toBe(201);
  const direct = await call(
    'POST',
    '/api/chat/conversations',
    { type: 'direct', participantIds: [manager.user.id] },
    employee.cookie,
  );
  expect(direct.status).toBeLessThan(300);
  openConversation.employee = openConversation.manager = `/chat?c=${direct.body.id}`;
  const adminsList = await call('GET', '/api/chat/conversations', undefined, admin.cookie);
  const general = (adminsList.body as unknown as { id: string; name: string | null }[]).find(
    (c) => c.name === 'General',
  );
  openConversation.admin = `/chat?c=${general?.id}`;
  // enough history for the thread to scroll
  for (let i = 0; i < 24; i += 1) {
    const [who, content] =
      i % 2 === 0
        ? [employee, `Morning! Audit note ${i / 2 + 1} is in.`]
        : [manager, 'Thanks, share the figures when you have them.'];
    await call('POST', `/api/chat/${direct.body.id}/messages`, { content }, who.cookie);
  }
  // a verified registrant waiting for approval
  const email = `waiting.${Date.now().toString(36)}@e2e.test`;
  await call('POST', '/api/register-with-verification', {
    firstName: 'Wendy',
    lastName: 'Waiting',
    email,
    password: 'Password1',
    role: 'employee',
    inviteCode: null,
  });
  const codes = await call('GET', '/api/verification-codes', undefined, admin.cookie);
  const code = (codes.body as unknown as { email: string; code: string }[]).find((c) => c.email === email);
  await call('POST', '/api/verify-email', { email, verificationCode: code?.code });
}

const { openAs, visit, ready, snapThemes, noConsoleErrors } = a11ySweep(seed);

describe('accessibility (axe-core): every page', () => {
  // One test per role and window size. The dark theme changes colours only, and they are the same
  // tokens at every width: every screen is checked dark at 1280 px, and at 375 px the home screen and
  // the navigation drawer, which exist only there (docs/decisions/027-dark-mode.md). A test visits
  // ~17 screens twice over, so its limit is longer than a journey's (still there to catch a hang).
  for (const role of ['employee', 'manager', 'admin'] as const) {
    for (const [viewport, size] of VIEWPORTS) {
      it(`every page as ${role} (${size}, light and dark)`, { timeout: 300_000 }, async () => {
        // The conversation's address exists only once beforeAll has seeded it.
        const routes = [...APP_ROUTES, openConversation[role]];
        const { context, page } = await openAs(role, viewport);
        for (const path of routes) {
          await visit(page, path);
          await ready(page);
          const url = new URL(page.url());
          expect(url.pathname + url.search, `${role} ${path}`).toBe(path);
          await snapThemes(page, `a11y-${role}-${slug(path)}-${size}`, size === 'desktop' || path === '/');
        }
        if (size === 'phone') {
          await page.getByTestId('menu-button').click();
          await page.getByTestId('sidebar').waitFor();
          await snapThemes(page, `a11y-${role}-navigation-drawer-${size}`, true);
        }
        await context.close();
      });
    }
  }

  noConsoleErrors();
});
