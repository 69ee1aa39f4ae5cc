import { createServer, type IncomingMessage, type Server } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from './free-port';

/**
 * A real OpenID Connect provider (`oidc-provider`) inside the test process, for the single sign-on
 * tests (docs/decisions/020-single-sign-on.md). PKCE is required. Its login step signs in whoever
 * `login(account)` named last, without a form; before any `login(…)` it asks in a small HTML form for
 * an e-mail address (the browser journeys: the provider runs in another process than the tests), and
 * signs that address in, verified. Consent is granted on its own; everything else
 * (the authorization request's checks, codes, tokens, ID tokens, userinfo) is the library's.
 */
export type TestAccount = {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
};

export const TEST_CLIENT_ID = 'workbench-test';
export const TEST_CLIENT_SECRET = 'test-client-secret-that-is-long-enough';

const LOGIN_FORM = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body><main>
<h1>Test identity provider</h1><form method="post"><label for="email">E-mail</label>
<input id="email" name="email" type="email" required autocomplete="off"><button type="submit">Continue</button>
</form></main></body></html>`;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      data += chunk;
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

export async function startTestProvider(options: { redirectUri: string; codeTtlSeconds?: number }) {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map<string, TestAccount>();
  let current: TestAccount | null = null;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT_ID,
        client_secret: TEST_CLIENT_SECRET,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['test-provider-cookie-key'] },
    ttl: { AuthorizationCode: options.codeTtlSeconds ?? 60 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified,
          given_name: account.givenName,
          family_name: account.familyName,
        }),
      };
    },
    async loadExistingGrant(ctx) {
      const { oidc } = ctx;
      if (!oidc.session?.accountId || !oidc.client) return undefined;
      const existing = oidc.session.grantIdFor(oidc.client.clientId);
      if (existing) return oidc.provider.Grant.find(existing);
      const grant = new oidc.provider.Grant({
        clientId: oidc.client.clientId,
        accountId: oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();
  const server: Server = createServer(async (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      try {
        if (!current && req.method === 'GET') {
          res.setHeader('content-type', 'text/html; charset=utf-8');
          res.end(LOGIN_FORM);
          return;
        }
        if (!current) {
          const body = new URLSearchParams(await readBody(req));
          const email = (body.get('email') ?? '').trim().toLowerCase();
          if (!email.includes('@')) throw new Error('enter an e-mail address');
          const [local] = email.split('@');
          accounts.set(email, {
            sub: email,
            email,
            emailVerified: true,
            givenName: local,
            familyName: 'Sso',
          });
          await provider.interactionFinished(
            req,
            res,
            { login: { accountId: email } },
            { mergeWithLastSubmission: false },
          );
          return;
        }
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: current.sub } },
          { mergeWithLastSubmission: false },
        );
      } catch (error) {
        res.statusCode = 500;
        res.end(String(error));
      }
      return;
    }
    callback(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    /** The account the next login signs in as. */
    login(account: TestAccount) {
      accounts.set(account.sub, account);
      current = account;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Follows the provider's redirects (with its cookies) from an authorization URL to the redirect
 * back to Workbench, and answers that URL (with `code` and `state`). A fresh cookie jar per call, so
 * every flow signs in anew.
 */
export async function authorizeAtProvider(authorizationUrl: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop += 1) {
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (!location)
      throw new Error(`the provider answered ${res.status} without a redirect: ${await res.text()}`);
    const next = new URL(location, url);
    if (!next.href.startsWith(new URL(authorizationUrl).origin)) return next;
    url = next.href;
  }
  throw new Error('too many redirects at the provider');
}
