import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SSO_OUTCOMES, type SignInOptions, type SsoSettings, type SsoSettingsInput } from '@contract/sso';
import { eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { Config } from '../../config';
import type { Db } from '../../db/types';
import { settings, users } from '../../db/schema';
import type { Context, PublicContext } from '../../lib/context';
import { AppError, badRequest } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { audit } from '../../core/audit';
import { openSecret, sealSecret } from '../../core/two-factor';

/**
 * Single sign-on with OpenID Connect through `openid-client` (docs/decisions/020-single-sign-on.md,
 * docs/product/accounts.md#single-sign-on): authorization code flow with PKCE, state and nonce.
 */

export const FLOW_COOKIE = 'wb_oidc';
export const FLOW_COOKIE_PATH = '/api/auth/oidc';
export const FLOW_TTL_MS = 10 * 60 * 1000;
export const CALLBACK_PATH = '/api/auth/oidc/callback';
export const PASSWORD_SIGN_IN_OFF = 'password_sign_in_off';
const SSO_FAILED = SSO_OUTCOMES.failed;
// The AES-GCM associated data of the sealed client secret: it can only be opened as that.
const SECRET_AAD = 'oidc-client-secret';

export type Provider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  providerName: string;
  autoApproveDomains: string[];
};

type SavedRow = typeof settings.$inferSelect | undefined;

async function savedRow(db: Db): Promise<SavedRow> {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1));
  return row;
}

const envDomains = (config: Config) =>
  (config.OIDC_AUTO_APPROVE_DOMAINS ?? '')
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);

/** The configured provider: the environment's when OIDC_ISSUER is set, else System Settings', else null. */
async function provider(deps: { db: Db; config: Config; secret: string }, row?: SavedRow) {
  const { config } = deps;
  if (config.OIDC_ISSUER) {
    if (!config.OIDC_CLIENT_ID) return null;
    return {
      issuer: config.OIDC_ISSUER,
      clientId: config.OIDC_CLIENT_ID,
      clientSecret: config.OIDC_CLIENT_SECRET ?? '',
      providerName: config.OIDC_PROVIDER_NAME ?? 'single sign-on',
      autoApproveDomains: envDomains(config),
    } satisfies Provider;
  }
  const saved = row ?? (await savedRow(deps.db));
  if (!saved?.oidcIssuer || !saved.oidcClientId) return null;
  return {
    issuer: saved.oidcIssuer,
    clientId: saved.oidcClientId,
    clientSecret: saved.oidcClientSecret ? openSecret(deps.secret, SECRET_AAD, saved.oidcClientSecret) : '',
    providerName: saved.oidcProviderName || 'single sign-on',
    autoApproveDomains: saved.oidcAutoApproveDomains,
  } satisfies Provider;
}

/** Whether e-mail and password may sign in: System Settings say, PASSWORD_SIGN_IN=always overrides. */
export async function passwordSignInAllowed(deps: { db: Db; config: Config }, row?: SavedRow) {
  if (deps.config.PASSWORD_SIGN_IN === 'always') return true;
  return (row ?? (await savedRow(deps.db)))?.passwordSignIn ?? true;
}

export async function signInOptions(ctx: PublicContext): Promise<SignInOptions> {
  const row = await savedRow(ctx.db);
  const configured = await provider(ctx, row).catch(() => null);
  const passwordSignIn = await passwordSignInAllowed(ctx, row);
  return {
    sso: configured ? { providerName: configured.providerName } : null,
    // Without a provider nobody could sign in at all: the form stays.
    passwordSignIn: passwordSignIn || !configured,
    defaultLanguage: (await ctx.settings()).defaultLanguage,
  };
}

// --- discovery, cached per provider for 10 minutes (a failure is not cached)

/**
 * HTTP issuers are refused by openid-client; we allow one only on a loopback address (a provider on
 * the same machine, the tests') and never for anything else.
 */
function isLoopbackHttp(issuer: URL) {
  return issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
}

const discovered = new Map<string, { at: number; configuration: oidc.Configuration }>();

async function clientConfiguration(p: Provider): Promise<oidc.Configuration> {
  const key = `${p.issuer}\n${p.clientId}\n${p.clientSecret}`;
  const hit = discovered.get(key);
  if (hit && Date.now() - hit.at < 10 * 60 * 1000) return hit.configuration;
  const issuer = new URL(p.issuer);
  const configuration = await oidc.discovery(
    issuer,
    p.clientId,
    p.clientSecret || undefined,
    p.clientSecret ? undefined : oidc.None(),
    isLoopbackHttp(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
  );
  discovered.set(key, { at: Date.now(), configuration });
  return configuration;
}

// --- the flow's cookie: state, nonce and PKCE verifier, HMAC-signed, HttpOnly, 10 minutes

type Flow = { state: string; nonce: string; verifier: string; exp: number };

const mac = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`oidc-flow:${body}`).digest('base64url');

function sealFlow(secret: string, flow: Flow) {
  const body = Buffer.from(JSON.stringify(flow)).toString('base64url');
  return `${body}.${mac(secret, body)}`;
}

function openFlow(secret: string, value: string | undefined, now: Date): Flow | null {
  if (!value) return null;
  const [body, signature] = value.split('.');
  if (!body || !signature) return null;
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const flow = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Flow;
    return flow.exp > now.getTime() ? flow : null;
  } catch {
    return null;
  }
}

const redirectUri = (config: Config) => `${config.appUrl}${CALLBACK_PATH}`;

/** The provider's authorization URL and the flow cookie's value. 404 while no provider is configured. */
export async function startSignIn(ctx: PublicContext): Promise<{ url: string; cookie: string }> {
  const p = await provider(ctx);
  if (!p) throw new AppError(404, 'sso_not_configured');
  const configuration = await clientConfiguration(p).catch((error) => {
    ctx.log.warn({ issuer: p.issuer, err: String(error) }, 'OIDC discovery failed');
    throw new AppError(502, SSO_OUTCOMES.unavailable, { outcome: 'unavailable' });
  });
  const verifier = oidc.randomPKCECodeVerifier();
  const flow: Flow = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier,
    exp: ctx.now.getTime() + FLOW_TTL_MS,
  };
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri(ctx.config),
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
  });
  return { url: url.href, cookie: sealFlow(ctx.secret, flow) };
}

export type CallbackOutcome = { kind: 'session'; user: typeof users.$inferSelect };
// Not a sign-in: refused like a password sign-in of a pending account, and audited so.
const pending = () => new AppError(403, SSO_OUTCOMES.pending, { outcome: 'pending' });

type Claims = {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  name?: unknown;
};

/**
 * Completes the flow: checks state, PKCE and the ID token's nonce (all by openid-client), reads the
 * e-mail and finds, links or creates the account. Throws AppError 400/403 with the message for the
 * sign-in page; the route records it in the audit log as a failed sign-in.
 */
export async function completeSignIn(
  ctx: PublicContext,
  input: { callbackPath: string; flowCookie: string | undefined },
): Promise<CallbackOutcome> {
  const p = await provider(ctx);
  if (!p) throw new AppError(404, 'sso_not_configured');
  const flow = openFlow(ctx.secret, input.flowCookie, ctx.now);
  if (!flow) throw new AppError(400, SSO_OUTCOMES.expired, { outcome: 'expired' });
  const configuration = await clientConfiguration(p).catch(() => {
    throw new AppError(502, SSO_OUTCOMES.unavailable, { outcome: 'unavailable' });
  });
  let claims: Claims;
  try {
    const tokens = await oidc.authorizationCodeGrant(
      configuration,
      new URL(input.callbackPath, ctx.config.appUrl),
      {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      },
    );
    claims = tokens.claims() as Claims;
    // Many providers put the e-mail in the ID token; others only answer it at userinfo.
    if (typeof claims.email !== 'string') {
      claims = {
        ...(await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub)),
        sub: claims.sub,
      };
    }
  } catch (error) {
    // The library's reason (wrong state, nonce, a used or expired code) goes to the log, not to the page.
    ctx.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'OIDC callback refused');
    throw new AppError(400, SSO_FAILED, { outcome: 'failed' });
  }
  if (typeof claims.email !== 'string' || claims.email === '')
    throw new AppError(403, SSO_FAILED, { outcome: 'failed' });
  if (claims.email_verified !== true)
    throw new AppError(403, SSO_OUTCOMES.unverified, { outcome: 'unverified' });
  return signInByEmail(ctx, p, claims);
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 50) : '');

async function signInByEmail(ctx: PublicContext, p: Provider, claims: Claims): Promise<CallbackOutcome> {
  const email = (claims.email as string).toLowerCase();
  const [existing] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (existing) {
    // The provider vouched for the address: it is verified from now on.
    if (!existing.emailVerified) {
      await ctx.db.update(users).set({ emailVerified: true }).where(eq(users.id, existing.id));
      existing.emailVerified = true;
    }
    if (existing.approvalStatus === 'pending') throw pending();
    if (existing.approvalStatus === 'rejected')
      throw new AppError(403, SSO_OUTCOMES.rejected, { outcome: 'rejected' });
    if (!existing.isActive) {
      throw new AppError(403, SSO_OUTCOMES.suspended, { outcome: 'suspended' });
    }
    return { kind: 'session', user: existing };
  }
  const domain = email.split('@')[1] ?? '';
  const approved = p.autoApproveDomains.includes(domain);
  const fullName = str(claims.name).split(/\s+/);
  const [created] = await ctx.db
    .insert(users)
    .values({
      email,
      // No password: the random one is never told to anybody (an admin reset can give one).
      passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
      firstName: str(claims.given_name) || fullName[0] || email.split('@')[0].slice(0, 50),
      lastName: str(claims.family_name) || fullName.slice(1).join(' ') || '-',
      role: 'employee',
      emailVerified: true,
      approvalStatus: approved ? 'approved' : 'pending',
      createdAt: ctx.now,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  // A parallel first sign-in created it a moment ago: judge that account.
  if (!created) return signInByEmail(ctx, p, claims);
  if (!approved) throw pending();
  return { kind: 'session', user: created };
}

// --- System Settings

export async function getSsoSettings(ctx: Context): Promise<SsoSettings> {
  const row = await savedRow(ctx.db);
  const { config } = ctx;
  const fromEnvironment = Boolean(config.OIDC_ISSUER);
  return {
    issuer: fromEnvironment ? (config.OIDC_ISSUER ?? '') : (row?.oidcIssuer ?? ''),
    clientId: fromEnvironment ? (config.OIDC_CLIENT_ID ?? '') : (row?.oidcClientId ?? ''),
    clientSecretSet: fromEnvironment ? Boolean(config.OIDC_CLIENT_SECRET) : Boolean(row?.oidcClientSecret),
    providerName: fromEnvironment ? (config.OIDC_PROVIDER_NAME ?? '') : (row?.oidcProviderName ?? ''),
    autoApproveDomains: fromEnvironment ? envDomains(config) : (row?.oidcAutoApproveDomains ?? []),
    passwordSignIn: row?.passwordSignIn ?? true,
    fromEnvironment,
    passwordSignInForced: config.PASSWORD_SIGN_IN === 'always',
  };
}

/**
 * Saves the SSO section. With the provider from the environment only the password switch is saved.
 * Password sign-in cannot be turned off while no provider is configured (nobody could sign in).
 * The audit entry records what changed, the secret only as "replaced".
 */
export async function saveSsoSettings(ctx: Context, input: SsoSettingsInput): Promise<SsoSettings> {
  const fromEnvironment = Boolean(ctx.config.OIDC_ISSUER);
  const row = await savedRow(ctx.db);
  const issuer = input.issuer ?? '';
  const configured = fromEnvironment || (issuer !== '' && (input.clientId ?? '') !== '');
  if (!input.passwordSignIn && !configured) {
    throw badRequest('sso_provider_first', 'passwordSignIn');
  }
  const secretGiven = Boolean(input.clientSecret);
  const values = fromEnvironment
    ? { passwordSignIn: input.passwordSignIn }
    : {
        oidcIssuer: issuer || null,
        oidcClientId: input.clientId || null,
        oidcProviderName: input.providerName || null,
        oidcAutoApproveDomains: [...new Set(input.autoApproveDomains ?? [])],
        passwordSignIn: input.passwordSignIn,
        // Clearing the issuer forgets the secret too; an empty secret keeps the saved one.
        ...(issuer === ''
          ? { oidcClientSecret: null }
          : secretGiven
            ? { oidcClientSecret: sealSecret(ctx.secret, SECRET_AAD, input.clientSecret as string) }
            : {}),
      };
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({
        id: 1,
        ...values,
        timeZone: row?.timeZone ?? null,
        updatedAt: ctx.now,
        updatedBy: ctx.actor.id,
      })
      .onConflictDoUpdate({
        target: settings.id,
        set: { ...values, updatedAt: ctx.now, updatedBy: ctx.actor.id },
      });
    const { clientSecret: _never, ...shown } = input;
    await audit(tx, {
      actorId: ctx.actor.id,
      action: 'settings_changed',
      details: { sso: { ...shown, clientSecretReplaced: secretGiven && !fromEnvironment } },
      at: ctx.now,
    });
  });
  return getSsoSettings(ctx);
}
