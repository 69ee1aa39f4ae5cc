import { approvalStatuses, selfRoles } from '@contract/auth';
import { languages, timeFormats } from '@contract/languages';
import { tokenScopes } from '@contract/profile';
import { roles } from '@contract/roles';
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, id, ts, tsvector } from './_columns';

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role', { enum: roles }).notNull(),
    approvalStatus: text('approval_status', { enum: approvalStatuses }).notNull().default('pending'),
    emailVerified: boolean('email_verified').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    suspendedReason: text('suspended_reason'),
    rejectedReason: text('rejected_reason'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    username: text('username'),
    companyId: text('company_id'),
    profileImageUrl: text('profile_image_url'),
    /** The IANA zone the user's calendar days count in; null: the organisation's. */
    timeZone: text('time_zone'),
    /** the language they read Workbench in; null: their browser's, else the organisation's (docs/product/profile.md#language) */
    language: text('language', { enum: languages }),
    /** '12h' or '24h'; null: as their language writes the time */
    timeFormat: text('time_format', { enum: timeFormats }),
    /** notification e-mails as one daily digest instead of one by one (docs/product/notifications.md#digest) */
    emailDigest: boolean('email_digest').notNull().default(false),
    inviteCode: text('invite_code'),
    lastActive: ts('last_active'),
    lastLoginAt: ts('last_login_at'),
    approvedAt: ts('approved_at'),
    /** set while an authenticator app is enrolled (docs/decisions/019-two-factor.md); the secret is in two_factor_secrets */
    twoFactorEnabledAt: ts('two_factor_enabled_at'),
    /** set when an admin anonymised the departed user (docs/product/admin.md#data-of-a-person): name and e-mail are placeholders */
    anonymisedAt: ts('anonymised_at'),
    /** when they put away the first-steps card (docs/product/dashboard.md#first-steps); null: shown while new */
    introDismissedAt: ts('intro_dismissed_at'),
    createdAt: createdAt(),
    /** what search matches: the name and the e-mail address */
    searchDocument: tsvector('search_document').generatedAlwaysAs(
      sql`to_tsvector('simple', "first_name" || ' ' || "last_name" || ' ' || "email")`,
    ),
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('admin','manager','employee')`),
    index('users_approval_status_idx').on(t.approvalStatus),
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_search_idx').using('gin', t.searchDocument),
  ],
);

/** Opaque session tokens, stored as SHA-256 hashes (docs/product/accounts.md#sessions). */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    /** the browser's User-Agent at sign-in (at most 400 characters), shown as a device on /profile */
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_user_idx').on(t.userId)],
);

export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    email: text('email').notNull(),
    role: text('role', { enum: selfRoles }).notNull(),
    code: text('code').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    acceptedUserId: uuid('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('invitations_email_idx').on(t.email)],
);

/**
 * Who did what to whom: every security event and decision (docs/product/admin.md#audit-log).
 * Append-only and tamper-evident (docs/decisions/030-account-security.md): rows are chained in `seq`
 * order, each `hash` covering the previous row's hash and this row's facts; a trigger refuses updates
 * and deletes, except that anonymisation may overwrite `email`, which the hash leaves out for that
 * reason. Actor and target are plain ids, not foreign keys: the log outlives the accounts it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    targetUserId: uuid('target_user_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    /** the e-mail address an event names that is not an account's id (a failed sign-in, an invitation) */
    email: text('email'),
    createdAt: createdAt(),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    // The audit screen's filters (docs/decisions/018-api-tokens-and-audit.md): newest first per actor, target, action.
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_target_idx').on(t.targetUserId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
  ],
);

/**
 * Single-use password reset links (docs/product/accounts.md#forgot-password): only the SHA-256 of the
 * token is kept; valid 30 minutes; `usedAt` once spent.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * Personal API tokens (docs/decisions/018-api-tokens-and-audit.md): `wb_pat_` + 32 random bytes,
 * stored as a SHA-256 hash; the last four characters stay to tell them apart.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    lastFour: text('last_four').notNull(),
    /** 'read': GET calls only; 'write': every call its owner's role allows (docs/product/profile.md#api-tokens) */
    scope: text('scope', { enum: tokenScopes }).notNull().default('write'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    /** written at most once a minute */
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    index('api_tokens_user_idx').on(t.userId, t.createdAt),
    check('api_tokens_scope_check', sql`${t.scope} in ('read','write')`),
  ],
);

/** Failure counters for sign-in, verification and resend throttling, keyed e.g. 'login:acct:<email>'. */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: ts('window_start').notNull().defaultNow(),
  blockedUntil: ts('blocked_until'),
});

/**
 * Every e-mail, queued durably (docs/decisions/013-notifications-and-profile.md): written in the
 * transaction of what causes it, then sent over SMTP by the dispatcher (server/lib/mailer.ts), which
 * retries with back-off. Without SMTP the rows stay here; /verification-codes lists the verification ones.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    kind: text('kind').notNull(),
    data: jsonb('data').$type<Record<string, string>>(),
    createdAt: createdAt(),
    /** tries so far (a claimed mail counts as tried) */
    attempts: integer('attempts').notNull().default(0),
    /** not before: the back-off after a failure, or the lease of a dispatcher sending it now */
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
    /** given up: the server refused the address for good, or the mail grew too old to be useful */
    failedAt: ts('failed_at'),
    lastError: text('last_error'),
  },
  (t) => [
    index('outbox_kind_created_idx').on(t.kind, t.createdAt),
    // The dispatcher's queue: only mails still to send, in the order they are due.
    index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
  ],
);

/** Each person's picture, re-encoded by the server (256 px WebP); served at /api/users/{id}/avatar. */
export const avatars = pgTable('avatars', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  image: bytea('image').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
