import type { Browser, BrowserContext } from 'playwright-core';
import type { Role, User } from '@contract/auth';
import { E2E_ADMIN } from './global-setup';
import { baseURL, DESKTOP, newContext, storeUser } from './support';

type Json = Record<string, unknown>;
export const E2E_PASSWORD = 'Password1';

let address = 0;
/** A distinct client address per API-made account (the e2e server trusts X-Forwarded-For). */
const nextAddress = () => `10.${process.pid % 250}.${Math.floor(++address / 250)}.${address % 250}`;

/** A JSON call from Node with an optional session cookie; returns status, body and the new cookie. */
export async function call(
  method: string,
  path: string,
  body?: unknown,
  cookie?: string,
  from = nextAddress(),
) {
  const res = await fetch(`${baseURL()}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from, ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const setCookie = res.headers.get('set-cookie');
  return {
    status: res.status,
    body: (text ? JSON.parse(text) : null) as Json & Json[],
    cookie: setCookie ? setCookie.split(';')[0] : undefined,
  };
}

export async function signInApi(email: string, password: string) {
  const res = await call('POST', '/api/simple-login', { email, password });
  if (res.status !== 200 || !res.cookie)
    throw new Error(`sign-in of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { user: res.body as unknown as User, cookie: res.cookie };
}

export const adminSession = () => signInApi(E2E_ADMIN.email, E2E_ADMIN.password);

let counter = 0;
/**
 * A real, approved account made the way users make one: register → code from the outbox → verify →
 * an admin approves. Returns its credentials and a session cookie.
 */
export async function createApprovedUser(
  role: Exclude<Role, 'admin'> = 'employee',
  names?: { firstName: string; lastName: string },
) {
  counter += 1;
  const email = `${role}.${Date.now().toString(36)}${counter}@e2e.test`;
  const firstName = names?.firstName ?? (role === 'manager' ? 'Maria' : 'Evan');
  const lastName = names?.lastName ?? `Tester ${String.fromCharCode(65 + (counter % 26))}`;
  const reg = await call('POST', '/api/register-with-verification', {
    firstName,
    lastName,
    email,
    password: E2E_PASSWORD,
    confirmPassword: E2E_PASSWORD,
    role,
    inviteCode: null,
  });
  if (reg.status >= 300) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  const codes = await call('GET', '/api/verification-codes');
  const entry = (codes.body as unknown as { email: string; code: string }[]).find((c) => c.email === email);
  if (!entry) throw new Error(`no verification code for ${email}`);
  const verified = await call('POST', '/api/verify-email', { email, verificationCode: entry.code });
  if (verified.status >= 300)
    throw new Error(`verify failed: ${verified.status} ${JSON.stringify(verified.body)}`);
  const admin = await adminSession();
  const pending = await call('GET', '/api/admin/pending-users', undefined, admin.cookie);
  const target = (pending.body as unknown as { id: string; email: string }[]).find((u) => u.email === email);
  if (!target) throw new Error(`${email} is not pending`);
  const approved = await call(
    'POST',
    `/api/admin/approve-user/${target.id}`,
    { approved: true },
    admin.cookie,
  );
  if (approved.status >= 300)
    throw new Error(`approve failed: ${approved.status} ${JSON.stringify(approved.body)}`);
  const session = await signInApi(email, E2E_PASSWORD);
  return { ...session, email, password: E2E_PASSWORD };
}

/** Makes a browser context signed in as the user: the session cookie plus the stored user record. */
export async function signInContext(context: BrowserContext, session: { user: User; cookie: string }) {
  const [name, value] = session.cookie.split('=');
  await context.addCookies([{ name, value, url: baseURL(), httpOnly: true, sameSite: 'Lax' }]);
  await storeUser(context, session.user);
}

/**
 * A new browser context of `viewport`, signed in as `session`, with a page open at `path`; errors
 * the page throws are logged.
 */
export async function openSignedIn(
  browser: Browser,
  session: { user: User; cookie: string },
  path: string,
  viewport = DESKTOP,
) {
  const context = await newContext(browser, viewport);
  await signInContext(context, session);
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('page error:', err.message));
  await page.goto(path);
  return { context, page };
}

/** A project made through the API by a manager or admin, for journeys that need one to exist. */
export async function createProject(
  session: { cookie: string },
  name: string,
  fields: { description?: string; priority?: 'low' | 'medium' | 'high' } = {},
) {
  const project = await call('POST', '/api/projects', { name, status: 'active', ...fields }, session.cookie);
  if (project.status >= 300) throw new Error(`project: ${project.status} ${JSON.stringify(project.body)}`);
  return project.body as unknown as { id: string; name: string };
}
