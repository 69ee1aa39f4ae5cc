import { z } from 'zod';
import { errorBody, language, text } from './common';
import { endpoints } from './endpoint';

/**
 * Single sign-on with OpenID Connect (docs/product/accounts.md#single-sign-on,
 * docs/decisions/020-single-sign-on.md).
 */

/** What the sign-in page needs to know: whether to show the provider's button and the password form. */
export const signInOptions = z.object({
  /** null: no provider is configured */
  sso: z.object({ providerName: z.string() }).nullable(),
  passwordSignIn: z.boolean(),
  /** The organisation's default language: the sign-in page speaks it when the browser asks for none of ours. */
  defaultLanguage: language,
});
export type SignInOptions = z.infer<typeof signInOptions>;

/**
 * Why a single sign-on did not end in a session: the callback redirects to /login?sso=<code> and the
 * page shows the message (a code, so a crafted link cannot put words on the sign-in page).
 */
export const SSO_OUTCOMES = {
  pending: 'account_pending',
  rejected: 'registration_rejected',
  suspended: 'account_suspended',
  unverified: 'sso_unverified',
  expired: 'sso_expired',
  failed: 'sso_failed',
  unavailable: 'sso_unavailable',
  twoFactor: 'sso_two_factor',
} as const;
export type SsoOutcome = keyof typeof SSO_OUTCOMES;

/** The callback's query as the provider sends it; the whole URL goes to the client library. */
export const oidcCallbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
});

const domain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9-]+\.)+[a-z]{2,}$/, 'sso_domains_invalid');

/** The SSO section of System Settings. The client secret is never answered: only whether one is set. */
export const ssoSettings = z.object({
  issuer: z.string(),
  clientId: z.string(),
  clientSecretSet: z.boolean(),
  providerName: z.string(),
  autoApproveDomains: z.array(z.string()),
  passwordSignIn: z.boolean(),
  /** the environment sets the provider (OIDC_ISSUER): the form shows it read-only */
  fromEnvironment: z.boolean(),
  /** PASSWORD_SIGN_IN=always: password sign-in stays on whatever is saved here */
  passwordSignInForced: z.boolean(),
});
export type SsoSettings = z.infer<typeof ssoSettings>;

export const ssoSettingsInput = z
  .object({
    issuer: z.union([z.literal(''), z.url({ message: 'sso_issuer_invalid' }).max(500)]),
    clientId: text({ max: 200, tooLong: 'sso_client_id_too_long' }).default(''),
    /** left out or empty: the saved secret stays */
    clientSecret: z.string().max(500, 'sso_client_secret_too_long').optional(),
    providerName: text({ max: 60, tooLong: 'sso_provider_name_too_long' }).default(''),
    autoApproveDomains: z.array(domain).max(20, 'sso_domains_too_many').default([]),
    passwordSignIn: z.boolean(),
  })
  .refine((s) => s.issuer === '' || s.clientId !== '', {
    message: 'sso_client_id_required',
    path: ['clientId'],
  });
export type SsoSettingsInput = z.input<typeof ssoSettingsInput>;

export const ssoApi = endpoints('Single sign-on', {
  signInOptions: {
    method: 'GET',
    path: '/api/auth/sign-in-options',
    summary: 'Whether the sign-in page offers single sign-on and the password form',
    access: 'public',
    responses: { 200: signInOptions },
  },
  start: {
    method: 'GET',
    path: '/api/auth/oidc/start',
    summary: 'Start single sign-on: redirects to the identity provider (authorization code flow with PKCE)',
    access: 'public',
    // 404: no provider is configured
    responses: { 302: null, 404: errorBody },
  },
  callback: {
    method: 'GET',
    path: '/api/auth/oidc/callback',
    summary:
      "The identity provider's redirect back: signs in and redirects to the app (or to /login with a message)",
    access: 'public',
    query: oidcCallbackQuery,
    responses: { 302: null },
  },
  getSettings: {
    method: 'GET',
    path: '/api/admin/sso',
    summary: 'The single sign-on settings (the client secret only as set or not)',
    access: ['admin'],
    sessionOnly: true,
    responses: { 200: ssoSettings },
  },
  saveSettings: {
    method: 'PUT',
    path: '/api/admin/sso',
    summary: 'Save the single sign-on settings',
    access: ['admin'],
    sessionOnly: true,
    body: ssoSettingsInput,
    responses: { 200: ssoSettings },
  },
});
