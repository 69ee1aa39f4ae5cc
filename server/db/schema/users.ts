import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './_columns';

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role', { enum: ['admin', 'manager', 'employee'] }).notNull(),
    approvalStatus: text('approval_status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    emailVerified: boolean('email_verified').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    suspendedReason: text('suspended_reason'),
    rejectedReason: text('rejected_reason'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    username: text('username'),
    companyId: text('company_id'),
    profileImageUrl: text('profile_image_url'),
    inviteCode: text('invite_code'),
    lastActive: ts('last_active'),
    lastLoginAt: ts('last_login_at'),
    approvedAt: ts('approved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('admin','manager','employee')`),
    index('users_approval_status_idx').on(t.approvalStatus),
    index('users_created_idx').on(t.createdAt, t.id),
  ],
);

/** Opaque session tokens, stored as SHA-256 hashes (decisions §5). */
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
    role: text('role', { enum: ['manager', 'employee'] }).notNull(),
    code: text('code').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    acceptedUserId: uuid('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('invitations_email_idx').on(t.email)],
);

/** Who did what to whom, for every admin action. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);

/** Failure counters for sign-in, verification and resend throttling, keyed e.g. 'login:acct:<email>'. */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: ts('window_start').notNull().defaultNow(),
  blockedUntil: ts('blocked_until'),
});

/** E-mails not sent over SMTP land here; /verification-codes lists the verification ones. */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    kind: text('kind').notNull(),
    data: jsonb('data').$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_kind_created_idx').on(t.kind, t.createdAt)],
);
