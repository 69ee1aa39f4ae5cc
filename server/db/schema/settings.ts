import { languages } from '@contract/languages';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './_columns';
import { users } from './users';

/** One row (id = 1): organisation settings that drive attendance and days (docs/product/attendance.md#settings). */
export const settings = pgTable(
  'settings',
  {
    id: integer('id').primaryKey().default(1),
    clockIn: text('clock_in').notNull().default('09:00'),
    clockOut: text('clock_out').notNull().default('17:00'),
    dailyBreakMinutes: integer('daily_break_minutes').notNull().default(10),
    lunchMinutes: integer('lunch_minutes').notNull().default(45),
    lateThresholdMinutes: integer('late_threshold_minutes').notNull().default(15),
    /** a timer running this long is stopped by the server (docs/product/time-tracking.md#forgotten-timers) */
    autoStopTimerHours: integer('auto_stop_timer_hours').notNull().default(10),
    /** the roles that must use two-factor sign-in (docs/product/admin.md#two-factor) */
    twoFactorRoles: text('two_factor_roles').array().notNull().default(sql`'{}'::text[]`),
    /** single sign-on with OpenID Connect (docs/decisions/020-single-sign-on.md); the environment wins */
    oidcIssuer: text('oidc_issuer'),
    oidcClientId: text('oidc_client_id'),
    /** sealed with AES-256-GCM under a key derived from the server secret, never answered */
    oidcClientSecret: text('oidc_client_secret'),
    oidcProviderName: text('oidc_provider_name'),
    /** e-mail domains whose first SSO sign-in is approved at once */
    oidcAutoApproveDomains: text('oidc_auto_approve_domains').array().notNull().default(sql`'{}'::text[]`),
    /** false: only SSO signs in (unless PASSWORD_SIGN_IN=always) */
    passwordSignIn: boolean('password_sign_in').notNull().default(true),
    /** null = the server's TZ, else UTC */
    timeZone: text('time_zone'),
    /** the language of people who chose none and whose browser asks for none of ours (docs/product/profile.md#language) */
    defaultLanguage: text('default_language', { enum: languages }).notNull().default('en'),
    /** when an admin put away the setup checklist (docs/product/dashboard.md#setup); null: shown */
    setupDismissedAt: ts('setup_dismissed_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('settings_single_row', sql`${t.id} = 1`),
    check('settings_auto_stop_hours', sql`${t.autoStopTimerHours} between 1 and 24`),
  ],
);

/**
 * Secrets the server generates once and every instance on the database shares (e.g. the key of the
 * verification codes' HMAC), unless the environment provides them.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
