import { z } from 'zod';
import { personName, twoFactorCodeRequest, userSchema } from './auth';
import { errorBody, idParam, language, text, timeFormat } from './common';
import { endpoints } from './endpoint';

import { notificationChannel, notificationKind } from './notifications';
import { isKnownTimeZone } from './settings';

export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
export const AVATAR_TOO_LARGE = 'avatar_too_large';
export const AVATAR_NOT_IMAGE = 'avatar_not_image';
export const AVATAR_MISSING = 'avatar_missing';
export const INVALID_TIME_ZONE = 'invalid_time_zone';

/** What a person may change about themselves (docs/product/profile.md). The names follow registration's rules. */
export const updateProfileRequest = z
  .object({
    firstName: personName('First'),
    lastName: personName('Last'),
    /** an IANA zone; null (or blank): the organisation's */
    timeZone: z
      .string({ message: INVALID_TIME_ZONE })
      .trim()
      .max(64, INVALID_TIME_ZONE)
      .nullable()
      .transform((s) => (s ? s : null))
      .refine((s) => s === null || isKnownTimeZone(s), INVALID_TIME_ZONE),
    /** 'en' or 'de'; null: as the browser asks, else the organisation's (docs/product/profile.md#language) */
    language: language.nullable(),
    /** '12h' or '24h'; null: as the language writes the time */
    timeFormat: timeFormat.nullable(),
  })
  .partial();
export type UpdateProfileRequest = z.input<typeof updateProfileRequest>;

export const sessionSchema = z.object({
  id: z.string(),
  /** e.g. 'Chrome on Windows'; 'Unknown device' without a User-Agent */
  device: z.string(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** the session this request came with */
  current: z.boolean(),
});
export type ProfileSession = z.infer<typeof sessionSchema>;

export const notificationPreference = z.object({
  kind: notificationKind,
  label: z.string(),
  channel: notificationChannel,
});
export type NotificationPreference = z.infer<typeof notificationPreference>;

export const putPreferencesRequest = z.object({
  preferences: z
    .array(z.object({ kind: notificationKind, channel: notificationChannel }), {
      message: 'preferences_list',
    })
    .min(1, 'preference_required')
    .max(100),
});
export type PutPreferencesRequest = z.input<typeof putPreferencesRequest>;

/** How notification e-mails arrive (docs/product/notifications.md#digest). */
export const emailDeliveries = ['each', 'digest'] as const;
export const emailDelivery = z.object({
  delivery: z.enum(emailDeliveries, { message: 'delivery_invalid' }),
});
export type EmailDelivery = z.infer<typeof emailDelivery>;
/** Personal API tokens (docs/product/profile.md#api-tokens): `wb_pat_` + 43 base64url characters. */
export const API_TOKEN_PREFIX = 'wb_pat_';
export const TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;
/** 'read': GET calls only; 'write': every call its owner's role allows (never account security). */
export const tokenScopes = ['read', 'write'] as const;
export const tokenScope = z.enum(tokenScopes, { message: 'token_scope_invalid' });
export type TokenScope = z.infer<typeof tokenScope>;
export const NOT_FOR_TOKENS = 'not_for_tokens';
export const READ_ONLY_TOKEN = 'read_only_token';
export const createTokenRequest = z.object({
  name: text({ required: 'token_name_required', max: 100, tooLong: 'name_too_long_100' }),
  expiresInDays: z.coerce
    .number({ message: 'token_expiry_required' })
    .int('token_expiry_required')
    .refine((n) => (TOKEN_EXPIRY_DAYS as readonly number[]).includes(n), 'token_expiry_invalid'),
  scope: tokenScope.default('read'),
});
export type CreateTokenRequest = z.input<typeof createTokenRequest>;

/** A token as listed: never its value, only its last four characters. */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  lastFour: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  scope: tokenScope,
  /** 'expired' once expiresAt has passed */
  status: z.enum(['active', 'expired']),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;
/** The answer to creating one: the only time the token's value is shown. */
export const createdTokenSchema = apiTokenSchema.extend({ token: z.string() });
export type CreatedToken = z.infer<typeof createdTokenSchema>;

/** What setup offers: the secret as text, its otpauth:// URL and the same as a QR code (an SVG data URL). */
export const twoFactorSetupResponse = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupResponse>;
export const RECOVERY_CODE_COUNT = 10;
export const twoFactorEnableResponse = z.object({ recoveryCodes: z.array(z.string()) });

export const profileApi = endpoints('Profile', {
  twoFactorSetup: {
    method: 'POST',
    path: '/api/profile/2fa/setup',
    summary:
      'Start enrolling an authenticator app: a new secret (shown this once) with its otpauth URL and QR code',
    access: 'signedIn',
    sessionOnly: true,
    responses: { 200: twoFactorSetupResponse, 409: errorBody },
  },
  twoFactorEnable: {
    method: 'POST',
    path: '/api/profile/2fa/enable',
    summary:
      'Confirm the enrolment with a code from the app; answers 10 single-use recovery codes, shown once',
    access: 'signedIn',
    sessionOnly: true,
    body: twoFactorCodeRequest,
    responses: { 200: twoFactorEnableResponse, 409: errorBody, 429: errorBody },
  },
  twoFactorDisable: {
    method: 'POST',
    path: '/api/profile/2fa/disable',
    summary:
      'Turn two-factor sign-in off with a current code or a recovery code (refused where the role requires it)',
    access: 'signedIn',
    sessionOnly: true,
    body: twoFactorCodeRequest,
    responses: { 200: userSchema, 409: errorBody, 429: errorBody },
  },
  get: {
    method: 'GET',
    path: '/api/profile',
    summary: "The caller's own account",
    access: 'signedIn',
    responses: { 200: userSchema },
  },
  update: {
    method: 'PATCH',
    path: '/api/profile',
    summary: "Change the caller's names and time zone",
    access: 'signedIn',
    body: updateProfileRequest,
    responses: { 200: userSchema },
  },
  sessions: {
    method: 'GET',
    path: '/api/profile/sessions',
    summary: "The caller's active sessions, most recently used first",
    access: 'signedIn',
    sessionOnly: true,
    responses: { 200: z.array(sessionSchema) },
  },
  endSession: {
    method: 'DELETE',
    path: '/api/profile/sessions/{id}',
    summary: 'End one of the caller’s sessions (signs that device out)',
    access: 'signedIn',
    sessionOnly: true,
    params: idParam,
    responses: { 204: null },
  },
  avatar: {
    method: 'POST',
    path: '/api/profile/avatar',
    summary:
      'Upload a picture (multipart/form-data, field `file`, an image of at most 10 MB); the server re-encodes it to 256 px',
    access: 'signedIn',
    responses: { 200: userSchema },
  },
  avatarImage: {
    method: 'GET',
    path: '/api/users/{id}/avatar',
    summary:
      "A person's picture (WebP; the URL in profileImageUrl changes with the picture, so it is cached for good)",
    access: 'signedIn',
    params: idParam,
    responses: { 200: z.string() },
    produces: 'image/webp',
  },
  preferences: {
    method: 'GET',
    path: '/api/profile/notification-preferences',
    summary: 'How the caller hears of each kind of notification',
    access: 'signedIn',
    responses: { 200: z.array(notificationPreference) },
  },
  putPreferences: {
    method: 'PUT',
    path: '/api/profile/notification-preferences',
    summary: 'Choose, per kind, app, email, both or off; kinds not sent keep their choice',
    access: 'signedIn',
    body: putPreferencesRequest,
    responses: { 200: z.array(notificationPreference) },
  },
  emailDelivery: {
    method: 'GET',
    path: '/api/profile/email-delivery',
    summary: 'Whether the caller gets notification e-mails one by one or as a daily digest',
    access: 'signedIn',
    responses: { 200: emailDelivery },
  },
  putEmailDelivery: {
    method: 'PUT',
    path: '/api/profile/email-delivery',
    summary: 'Choose notification e-mails one by one (each) or as one daily digest (digest)',
    access: 'signedIn',
    body: emailDelivery,
    responses: { 200: emailDelivery },
  },
  tokens: {
    method: 'GET',
    path: '/api/profile/tokens',
    summary: "The caller's personal API tokens not revoked, newest first (never their values)",
    access: 'signedIn',
    sessionOnly: true,
    responses: { 200: z.array(apiTokenSchema) },
  },
  createToken: {
    method: 'POST',
    path: '/api/profile/tokens',
    summary:
      'Create a personal API token (sent as `Authorization: Bearer …`, acting with the caller’s role); its value is answered this once',
    access: 'signedIn',
    sessionOnly: true,
    body: createTokenRequest,
    responses: { 201: createdTokenSchema, 409: errorBody },
  },
  revokeToken: {
    method: 'DELETE',
    path: '/api/profile/tokens/{id}',
    summary: 'Revoke one of the caller’s tokens; it stops working at once',
    access: 'signedIn',
    sessionOnly: true,
    params: idParam,
    responses: { 204: null },
  },
});

/** The profile form: both names, and a zone or ORG_ZONE (the select cannot hold an empty value). */
export const ORG_ZONE = 'organisation';
export const profileForm = z.object({
  firstName: personName('First'),
  lastName: personName('Last'),
  timeZone: z.string().refine((s) => s === ORG_ZONE || isKnownTimeZone(s), INVALID_TIME_ZONE),
});
export type ProfileForm = z.input<typeof profileForm>;
