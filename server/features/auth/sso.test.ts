import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoApi } from '@contract/sso';
import { authApi } from '@contract/auth';
import { auditLog, settings, users } from '../../db/schema';
import {
  authorizeAtProvider,
  startTestProvider,
  TEST_CLIENT_ID,
  TEST_CLIENT_SECRET,
  type TestAccount,
} from '../../test/oidc-provider';
import { createTestApp, TEST_PASSWORD, type TestContext } from '../../test/harness';

// docs/product/accounts.md#single-sign-on, docs/decisions/020-single-sign-on.md
const APP_URL = 'http://workbench.test';
let provider: Awaited<ReturnType<typeof startTestProvider>>;
let t: TestContext;
let logged = '';
beforeAll(async () => {
  provider = await startTestProvider({ redirectUri: `${APP_URL}/api/auth/oidc/callback`, codeTtlSeconds: 2 });
  t = await createTestApp({
    env: {
      APP_URL,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: TEST_CLIENT_ID,
      OIDC_CLIENT_SECRET: TEST_CLIENT_SECRET,
      OIDC_PROVIDER_NAME: 'Acme ID',
      OIDC_AUTO_APPROVE_DOMAINS: 'trusted.example',
    },
    // Everything the app logs, to show that no secret is ever in a log line.
    logger: {
      level: 'trace',
      stream: new Writable({
        write(chunk, _enc, done) {
          logged += chunk.toString();
          done();
        },
      }),
    },
  });
});
afterAll(async () => {
  await t.db
    .update(settings)
    .set({ passwordSignIn: true, oidcIssuer: null, oidcClientId: null, oidcClientSecret: null });
  await t.close();
  await provider.close();
});

const cookieOf = (res: { cookies: { name: string; value: string }[] }, name: string) =>
  res.cookies.find((c) => c.name === name && c.value)?.value;

function account(fields: Partial<TestAccount> = {}): TestAccount {
  const id = randomUUID().slice(0, 8);
  return {
    sub: `sub-${id}`,
    email: `sso-${id}@example.com`,
    emailVerified: true,
    givenName: 'Sam',
    familyName: 'Single',
    ...fields,
  };
}

/** GET /start: the provider's URL and the flow cookie. */
async function start() {
  const res = await t.anonymous.call(ssoApi.start);
  expect(res.statusCode).toBe(302);
  const flow = cookieOf(res, 'wb_oidc');
  expect(flow).toBeTruthy();
  return { authorizationUrl: res.headers.location as string, flow: flow as string };
}

/** The callback as the browser would make it, with the flow cookie. */
const callback = (back: URL, flow: string) =>
  t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie: `wb_oidc=${flow}` },
  });

/** The whole flow for the account: start, the provider, the callback. */
async function signInAs(who: TestAccount) {
  provider.login(who);
  const { authorizationUrl, flow } = await start();
  const back = await authorizeAtProvider(authorizationUrl);
  return { res: await callback(back, flow), back, flow };
}

describe('single sign-on with OpenID Connect', () => {
  it('tells the sign-in page about the provider', async () => {
    const res = await t.anonymous.call(ssoApi.signInOptions);
    expect(res.json()).toEqual({
      sso: { providerName: 'Acme ID' },
      passwordSignIn: true,
      defaultLanguage: 'en',
    });
  });

  it('redirects to the provider with PKCE (S256), state and nonce', async () => {
    const { authorizationUrl } = await start();
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toBeTruthy();
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(`${APP_URL}/api/auth/oidc/callback`);
  });

  it('makes a first sign-in of an unknown e-mail a pending account without a session', async () => {
    const who = account();
    const { res } = await signInAs(who);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?sso=pending');
    expect(cookieOf(res, 'wb_session')).toBeUndefined();
    const [row] = await t.db.select().from(users).where(eq(users.email, who.email));
    expect(row).toMatchObject({
      approvalStatus: 'pending',
      emailVerified: true,
      role: 'employee',
      firstName: 'Sam',
      lastName: 'Single',
    });
    const [failed] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sign_in_failed')));
    expect(failed).toBeTruthy();
    // A second try while pending: still no session.
    expect((await signInAs(who)).res.headers.location).toBe('/login?sso=pending');
  });

  it('approves a first sign-in from an auto-approved domain and signs in', async () => {
    const who = account({ email: `new-${randomUUID().slice(0, 6)}@trusted.example` });
    const { res } = await signInAs(who);
    expect(res.headers.location).toBe('/');
    const session = cookieOf(res, 'wb_session');
    expect(session).toBeTruthy();
    const me = await t.anonymous.call(authApi.currentUser, { headers: { cookie: `wb_session=${session}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: who.email, approvalStatus: 'approved' });
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sign_in'), eq(auditLog.actorId, me.json().id)));
    expect(entries).toHaveLength(1);
    expect(entries[0].details).toMatchObject({ method: 'sso' });
  });

  it('links an existing account with the same verified e-mail', async () => {
    const existing = await t.createUser('manager');
    const { res } = await signInAs(account({ email: existing.email }));
    expect(res.headers.location).toBe('/');
    const me = await t.anonymous.call(authApi.currentUser, {
      headers: { cookie: `wb_session=${cookieOf(res, 'wb_session')}` },
    });
    expect(me.json()).toMatchObject({ id: existing.id, role: 'manager' });
  });

  it('refuses an e-mail the provider has not verified, and creates nothing', async () => {
    const existing = await t.createUser('employee');
    const linked = await signInAs(account({ email: existing.email, emailVerified: false }));
    expect(linked.res.headers.location).toBe('/login?sso=unverified');
    expect(cookieOf(linked.res, 'wb_session')).toBeUndefined();
    const fresh = account({ emailVerified: false });
    expect((await signInAs(fresh)).res.headers.location).toBe('/login?sso=unverified');
    expect(await t.db.select().from(users).where(eq(users.email, fresh.email))).toHaveLength(0);
  });

  it('refuses suspended and rejected accounts', async () => {
    const suspended = await t.createUser('employee', { isActive: false });
    expect((await signInAs(account({ email: suspended.email }))).res.headers.location).toBe(
      '/login?sso=suspended',
    );
    const rejected = await t.createUser('employee', { approvalStatus: 'rejected' });
    expect((await signInAs(account({ email: rejected.email }))).res.headers.location).toBe(
      '/login?sso=rejected',
    );
  });

  it('refuses a wrong state', async () => {
    const who = account({ email: (await t.createUser()).email });
    provider.login(who);
    const { authorizationUrl, flow } = await start();
    const back = await authorizeAtProvider(authorizationUrl);
    back.searchParams.set('state', 'not-the-state');
    const res = await callback(back, flow);
    expect(res.headers.location).toBe('/login?sso=failed');
    expect(cookieOf(res, 'wb_session')).toBeUndefined();
  });

  it('refuses a callback without the flow cookie, or with a forged one', async () => {
    const who = account({ email: (await t.createUser()).email });
    provider.login(who);
    const { authorizationUrl, flow } = await start();
    const back = await authorizeAtProvider(authorizationUrl);
    const none = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(none.headers.location).toBe('/login?sso=expired');
    const forged = await callback(back, `${flow.split('.')[0]}.AAAA`);
    expect(forged.headers.location).toBe('/login?sso=expired');
  });

  it('refuses an ID token with a wrong nonce', async () => {
    const who = account({ email: (await t.createUser()).email });
    provider.login(who);
    const { authorizationUrl, flow } = await start();
    // The authorization request carries another nonce than the one the flow cookie expects.
    const tampered = new URL(authorizationUrl);
    tampered.searchParams.set('nonce', 'another-nonce');
    const back = await authorizeAtProvider(tampered.href);
    const res = await callback(back, flow);
    expect(res.headers.location).toBe('/login?sso=failed');
    expect(cookieOf(res, 'wb_session')).toBeUndefined();
  });

  it('refuses a used code and an expired code', async () => {
    const who = account({ email: (await t.createUser()).email });
    const first = await signInAs(who);
    expect(first.res.headers.location).toBe('/');
    const reused = await callback(first.back, first.flow);
    expect(reused.headers.location).toBe('/login?sso=failed');

    provider.login(who);
    const { authorizationUrl, flow } = await start();
    const back = await authorizeAtProvider(authorizationUrl);
    await new Promise((r) => setTimeout(r, 2500)); // the test provider's codes live 2 s
    const expired = await callback(back, flow);
    expect(expired.headers.location).toBe('/login?sso=failed');
  });

  it('refuses the provider answering an error', async () => {
    const { flow } = await start();
    const res = await callback(
      new URL(`${APP_URL}/api/auth/oidc/callback?error=access_denied&state=x`),
      flow,
    );
    expect(res.headers.location).toBe('/login?sso=failed');
  });

  it('asks an account with two-factor for its code after the provider', async () => {
    const enrolled = await t.createUser('employee', { twoFactorEnabledAt: new Date() });
    const { res } = await signInAs(account({ email: enrolled.email }));
    expect(res.headers.location).toBe('/login?sso=twoFactor');
    expect(cookieOf(res, 'wb_session')).toBeUndefined();
    expect(cookieOf(res, 'wb_2fa')).toBeTruthy();
  });

  it('logs no secret', () => {
    expect(logged).not.toContain(TEST_CLIENT_SECRET);
    expect(logged).not.toMatch(/code_verifier|wb_oidc=/);
  });
});

describe('SSO settings and password sign-in', () => {
  it('admins read and save them; the secret is never answered', async () => {
    const { api: admin } = await t.userClient('admin');
    const { api: employee } = await t.userClient('employee');
    expect((await employee.call(ssoApi.getSettings)).statusCode).toBe(403);
    expect((await t.anonymous.call(ssoApi.getSettings)).statusCode).toBe(401);
    const read = await admin.call(ssoApi.getSettings);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      issuer: provider.issuer,
      clientSecretSet: true,
      fromEnvironment: true,
      providerName: 'Acme ID',
    });
    expect(read.body).not.toContain(TEST_CLIENT_SECRET);
  });

  it('turning password sign-in off refuses simple-login with a clear message', async () => {
    const { api: admin } = await t.userClient('admin');
    const user = await t.createUser('employee');
    const off = await admin.call(ssoApi.saveSettings, { body: { issuer: '', passwordSignIn: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json().passwordSignIn).toBe(false);
    const refused = await t.anonymous.call(authApi.signIn, {
      body: {
        email: user.email,
        password: TEST_PASSWORD,
      },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Password sign-in is turned off. Please use single sign-on.');
    expect((await t.anonymous.call(ssoApi.signInOptions)).json().passwordSignIn).toBe(false);
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings_changed'));
    expect(audited.length).toBeGreaterThan(0);
    await admin.call(ssoApi.saveSettings, { body: { issuer: '', passwordSignIn: true } });
    expect(
      (await t.anonymous.call(authApi.signIn, { body: { email: user.email, password: TEST_PASSWORD } }))
        .statusCode,
    ).toBe(200);
  });
});

describe('SSO settings kept in System Settings', () => {
  let t2: TestContext;
  beforeAll(async () => {
    t2 = await createTestApp({ env: { APP_URL, PASSWORD_SIGN_IN: 'always' } });
  });
  afterAll(async () => {
    await t2.db
      .update(settings)
      .set({ passwordSignIn: true, oidcIssuer: null, oidcClientId: null, oidcClientSecret: null });
    await t2.close();
  });

  it('stores the secret sealed, answers only that it is set, and signs in with it', async () => {
    const { api: admin } = await t2.userClient('admin');
    const bad = await admin.call(ssoApi.saveSettings, {
      body: {
        issuer: 'not a url',
        clientId: '',
        passwordSignIn: true,
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await admin.call(ssoApi.saveSettings, { body: { issuer: '', passwordSignIn: false } })).statusCode,
    ).toBe(400);
    const saved = await admin.call(ssoApi.saveSettings, {
      body: {
        issuer: provider.issuer,
        clientId: TEST_CLIENT_ID,
        clientSecret: TEST_CLIENT_SECRET,
        providerName: 'Saved ID',
        autoApproveDomains: ['Trusted.Example'],
        passwordSignIn: false,
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      clientSecretSet: true,
      autoApproveDomains: ['trusted.example'],
      fromEnvironment: false,
      passwordSignInForced: true,
    });
    expect(saved.body).not.toContain(TEST_CLIENT_SECRET);
    const [row] = await t2.db.select().from(settings);
    expect(row.oidcClientSecret).not.toContain(TEST_CLIENT_SECRET);
    const audits = await t2.db.select().from(auditLog).where(eq(auditLog.action, 'settings_changed'));
    expect(JSON.stringify(audits)).not.toContain(TEST_CLIENT_SECRET);
    // Saving again without a secret keeps it.
    await admin.call(ssoApi.saveSettings, {
      body: {
        issuer: provider.issuer,
        clientId: TEST_CLIENT_ID,
        providerName: 'Saved ID',
        autoApproveDomains: ['trusted.example'],
        passwordSignIn: false,
      },
    });
    expect((await admin.call(ssoApi.getSettings)).json().clientSecretSet).toBe(true);
    // PASSWORD_SIGN_IN=always keeps the password way in open.
    const user = await t2.createUser('employee');
    expect(
      (await t2.anonymous.call(authApi.signIn, { body: { email: user.email, password: TEST_PASSWORD } }))
        .statusCode,
    ).toBe(200);
    // The saved provider signs in.
    provider.login(account({ email: user.email }));
    const startRes = await t2.anonymous.call(ssoApi.start);
    const back = await authorizeAtProvider(startRes.headers.location as string);
    const res = await t2.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: `wb_oidc=${cookieOf(startRes, 'wb_oidc')}` },
    });
    expect(res.headers.location).toBe('/');
  });
});
