import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, gte, inArray } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '@contract/auth';
import { NOT_FOR_TOKENS, READ_ONLY_TOKEN } from '@contract/profile';
import type { Db } from '../db/types';
import { apiTokens, sessions, users } from '../db/schema';
import type { Clock } from './clock';
import { statement } from '../db/statements';
import { AppError } from './errors';
import { beginAttempt, type ThrottleKey, type ThrottleRule } from './throttle';
import { isActiveAccount } from '../db/accounts';
import { rememberSettingsRow, type SavedSettingsRow, SETTINGS_QUERY } from './org-settings';

export const SESSION_COOKIE = 'wb_session';
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
// lastSeenAt is written at most this often, so reads do not turn into writes on every request.
const TOUCH_EVERY_MS = 60 * 1000;

/** A user's columns that may leave the server: everything but the password hash and the review notes. */
export type PublicUserRow = Pick<
  typeof users.$inferSelect,
  | 'id'
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'role'
  | 'isActive'
  | 'approvalStatus'
  | 'emailVerified'
  | 'mustChangePassword'
  | 'lastActive'
  | 'lastLoginAt'
  | 'username'
  | 'companyId'
  | 'profileImageUrl'
  | 'timeZone'
  | 'language'
  | 'timeFormat'
  | 'twoFactorEnabledAt'
  | 'createdAt'
>;

/**
 * The signed-in user as the session lookup read it (its instants as ISO strings), so
 * `GET /api/auth/user` needs no second query.
 */
export type SessionUser = Omit<
  PublicUserRow,
  'lastActive' | 'lastLoginAt' | 'createdAt' | 'twoFactorEnabledAt'
> & {
  twoFactorEnabledAt: string | null;
  lastActive: string | null;
  lastLoginAt: string | null;
  createdAt: string;
  /** '' when the request came with an API token */
  sessionId: string;
  /** set when the request came with a personal API token (docs/decisions/018-api-tokens-and-audit.md) */
  tokenId?: string;
  /** that token's scope: 'read' allows GET calls only */
  tokenScope?: 'read' | 'write';
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `authed` guard; null on routes without one. */
    user: SessionUser | null;
  }
}

export const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates a session and returns its opaque 256-bit token (only its hash is stored). */
export async function createSession(
  db: Db,
  userId: string,
  clock: Clock,
  userAgent?: string | null,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    userId,
    userAgent: userAgent ? userAgent.slice(0, 400) : null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
  });
  return token;
}

export async function endSession(db: Db, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Suspension and password resets end every session of the user at once (docs/product/accounts.md#sessions). */
export async function endAllSessions(db: Db, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

// Every authenticated request runs this lookup, so it is a prepared statement (docs/decisions/008).
// Both credentials' lookups also read the organisation's settings, which most requests need next
// (lib/org-settings.ts): one round trip instead of two.
const SETTINGS_COLUMN = `(select row_to_json(o) from (${SETTINGS_QUERY}) o) as "organisation"`;

const sessionByTokenHash = statement<
  SessionUser & { lastSeenAt: string; expiresAt: string; organisation: SavedSettingsRow | null },
  [tokenHash: string]
>(
  'session_by_token_hash',
  `select s.id as "sessionId", s.last_seen_at as "lastSeenAt", s.expires_at as "expiresAt",
     ${SETTINGS_COLUMN},
     u.id, u.email, u.first_name as "firstName", u.last_name as "lastName", u.role,
     u.is_active as "isActive", u.approval_status as "approvalStatus",
     u.email_verified as "emailVerified", u.must_change_password as "mustChangePassword",
     u.last_active as "lastActive", u.last_login_at as "lastLoginAt", u.username,
     u.company_id as "companyId", u.profile_image_url as "profileImageUrl", u.time_zone as "timeZone", u.language, u.time_format as "timeFormat",
     u.two_factor_enabled_at as "twoFactorEnabledAt", u.created_at as "createdAt"
   from sessions s join users u on u.id = s.user_id
   where s.token_hash = $1`,
);

/** The signed-in user behind a token, or null if the session is missing, expired or no longer allowed. */
export async function resolveSession(db: Db, token: string, clock: Clock): Promise<SessionUser | null> {
  const [row] = await sessionByTokenHash(db, sha256(token));
  if (!row) return null;
  const now = clock.now();
  const { lastSeenAt, expiresAt, organisation, ...user } = row;
  rememberSettingsRow(user, organisation);
  const idleFor = now.getTime() - Date.parse(lastSeenAt);
  const allowed = user.isActive && user.approvalStatus === 'approved' && user.emailVerified;
  if (idleFor > SESSION_IDLE_MS || Date.parse(expiresAt) <= now.getTime() || !allowed) {
    await endSession(db, user.sessionId);
    return null;
  }
  if (idleFor > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, user.sessionId));
    await db.update(users).set({ lastActive: now }).where(eq(users.id, user.id));
    user.lastActive = now.toISOString();
  }
  return user;
}

// The user columns of a session, for the token lookup too.
const userColumns = `u.id, u.email, u.first_name as "firstName", u.last_name as "lastName", u.role,
     u.is_active as "isActive", u.approval_status as "approvalStatus",
     u.email_verified as "emailVerified", u.must_change_password as "mustChangePassword",
     u.last_active as "lastActive", u.last_login_at as "lastLoginAt", u.username,
     u.company_id as "companyId", u.profile_image_url as "profileImageUrl", u.time_zone as "timeZone", u.language, u.time_format as "timeFormat",
     u.created_at as "createdAt"`;

const apiTokenByHash = statement<
  Omit<SessionUser, 'sessionId'> & {
    tokenId: string;
    expiresAt: string;
    lastUsedAt: string | null;
    organisation: SavedSettingsRow | null;
  },
  [tokenHash: string]
>(
  'api_token_by_hash',
  `select t.id as "tokenId", t.scope as "tokenScope", t.expires_at as "expiresAt", t.last_used_at as "lastUsedAt",
     ${SETTINGS_COLUMN}, ${userColumns}
   from api_tokens t join users u on u.id = t.user_id
   where t.token_hash = $1 and t.revoked_at is null`,
);

/**
 * The owner behind a personal API token, or null if it is unknown, revoked, expired or its owner
 * may no longer sign in (suspended, rejected). Only the token's SHA-256 hash is looked up; its
 * last use is written at most once a minute.
 */
export async function resolveApiToken(db: Db, token: string, clock: Clock): Promise<SessionUser | null> {
  const [row] = await apiTokenByHash(db, sha256(token));
  if (!row) return null;
  const now = clock.now();
  const { expiresAt, lastUsedAt, organisation, ...rest } = row;
  const user = { ...rest, sessionId: '' };
  rememberSettingsRow(user, organisation);
  const allowed = user.isActive && user.approvalStatus === 'approved' && user.emailVerified;
  if (Date.parse(expiresAt) <= now.getTime() || !allowed) return null;
  if (!lastUsedAt || now.getTime() - Date.parse(lastUsedAt) > TOUCH_EVERY_MS) {
    await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, user.tokenId));
  }
  return user;
}

/** The token of an `Authorization: Bearer …` header, or null without one. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * Which of the tokens still belong to a live session, with their user's role now, checked in one
 * query per 500 tokens and without touching lastSeenAt: only requests keep a session alive, so a
 * socket that merely stays open (heartbeats) does not outlive the 12 h idle limit. Ended sessions are
 * left to resolveSession.
 */
export async function liveSessionTokens(db: Db, tokens: string[], clock: Clock): Promise<Map<string, Role>> {
  const now = clock.now();
  const byHash = new Map([...new Set(tokens)].map((t) => [sha256(t), t]));
  const hashes = [...byHash.keys()];
  const live = new Map<string, Role>();
  for (let i = 0; i < hashes.length; i += 500) {
    const rows = await db
      .select({ tokenHash: sessions.tokenHash, role: users.role })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          inArray(sessions.tokenHash, hashes.slice(i, i + 500)),
          gte(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
          gt(sessions.expiresAt, now),
          isActiveAccount(),
          eq(users.emailVerified, true),
        ),
      );
    for (const row of rows) live.set(byHash.get(row.tokenHash) as string, row.role);
  }
  return live;
}

/**
 * Secure when the request came over HTTPS (directly, or through a proxy trusted with TRUST_PROXY):
 * an HTTPS deployment never sends the cookie in clear, and plain HTTP (localhost, a LAN address)
 * still signs in, which a Secure cookie would prevent.
 */
const overHttps = (reply: FastifyReply) => reply.request.protocol === 'https';

export function setSessionCookie(reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: overHttps(reply),
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: overHttps(reply) });
}

type AuthDeps = { db: Db; clock: Clock };

/** Calls with one API token, per minute (docs/decisions/018-api-tokens-and-audit.md). */
export const apiTokenRule: ThrottleRule = {
  limit: 600,
  windowMs: 60_000,
  baseDelayMs: 5_000,
  maxDelayMs: 60_000,
};
export const apiTokenThrottleKey = (tokenId: string): ThrottleKey => ({
  key: `token:${tokenId}`,
  rule: apiTokenRule,
});

export type GuardOptions = {
  /** Allowed while the user still has to replace a temporary password (sign-out, the change itself). */
  allowPasswordChangePending?: boolean;
  /** Account security: refused to API tokens (contract/endpoint.ts `sessionOnly`). */
  sessionOnly?: boolean;
  /** The route's method: a read-only token may only GET. */
  method?: string;
};

/**
 * Route guard factory: `preValidation: guard()` for any signed-in user, `guard('admin')` for roles.
 * Anonymous → 401 'Not authenticated'; wrong role → 403 (docs/product/roles.md#status-codes).
 */
export function makeGuard(deps: AuthDeps) {
  return (roles: Role | Role[] = [], options: GuardOptions = {}) => {
    const allowed = Array.isArray(roles) ? roles : [roles];
    return async (request: FastifyRequest) => {
      // A request with a bearer token is judged by the token alone, never by a cookie it also carries.
      const bearer = bearerToken(request);
      const token = bearer ? null : request.cookies[SESSION_COOKIE];
      const user = bearer
        ? await resolveApiToken(deps.db, bearer, deps.clock)
        : token
          ? await resolveSession(deps.db, token, deps.clock)
          : null;
      if (!user) throw new AppError(401, bearer ? 'invalid_api_token' : 'not_authenticated');
      if (user.tokenId) {
        // A token is for the API, never for the account it belongs to (docs/product/profile.md#api-tokens).
        if (options.sessionOnly) throw new AppError(403, NOT_FOR_TOKENS);
        if (user.tokenScope === 'read' && options.method !== 'GET') throw new AppError(403, READ_ONLY_TOKEN);
        // Each token has its own budget of calls, counted with the sign-in throttle (server/features/auth/throttle.ts).
        await beginAttempt(deps.db, [apiTokenThrottleKey(user.tokenId)], deps.clock.now());
      }
      if (user.mustChangePassword && !options.allowPasswordChangePending) {
        throw new AppError(403, 'password_change_required', {
          code: 'PASSWORD_CHANGE_REQUIRED',
        });
      }
      if (allowed.length > 0 && !allowed.includes(user.role)) {
        throw new AppError(403, 'no_permission');
      }
      request.user = user;
    };
  };
}

export type Guard = ReturnType<typeof makeGuard>;

/** The user set by the route's guard; a route without a guard calling this is a programming error. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError(401, 'not_authenticated');
  return request.user;
}
