import { z } from 'zod';
import { errorBody, type language, text, type timeFormat } from './common';
import { endpoints } from './endpoint';
import { type Role, roles } from './roles';

export { type Role, roles };
export const roleSchema = z.enum(roles);

export const approvalStatuses = ['pending', 'approved', 'rejected'] as const;

/** The user record the client keeps under 'user' (docs/product/client-behaviour.md#current-user). Never carries a password or hash. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema,
  isActive: z.boolean(),
  approvalStatus: z.enum(approvalStatuses),
  emailVerified: z.boolean(),
  mustChangePassword: z.boolean(),
  lastActive: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  username: z.string().nullable(),
  companyId: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  /** The user's own time zone; null: the organisation's (docs/product/accounts.md#time-zone). */
  timeZone: z.string().nullable(),
  /** The language they chose; null: their browser's, else the organisation's (docs/product/profile.md#language). */
  // Plain strings in this answer: an enum that may be null inside the sign-in union trips the serializer.
  language: z.string().nullable() as unknown as z.ZodNullable<typeof language>,
  /** Their clock, '12h' or '24h'; null: as their language writes the time. */
  timeFormat: z.string().nullable() as unknown as z.ZodNullable<typeof timeFormat>,
  createdAt: z.string(),
  /** An authenticator app is enrolled: sign-in asks for its code (docs/product/accounts.md#two-factor). */
  twoFactorEnabled: z.boolean(),
  /**
   * In the answers of sign-in and GET /api/auth/user: the organisation requires two-factor sign-in
   * for the user's role and none is enrolled; the app sends the user to enrol on /profile.
   */
  twoFactorSetupRequired: z.boolean().optional(),
  /**
   * Only in a sign-in's answer: when the user signed in before this time, null for their very first
   * sign-in (so the dashboard says 'Welcome' rather than 'Welcome back').
   */
  previousLoginAt: z.string().nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

/** docs/product/accounts.md#sign-in: login needs an e-mail-shaped, non-empty e-mail and a non-empty password. */
export const loginRequest = z.object({
  email: z
    .string({ message: 'email_required' })
    .trim()
    .min(1, 'email_required')
    .max(254, 'email_invalid')
    .pipe(z.email('email_invalid'))
    .transform((s) => s.toLowerCase()),
  password: z.string({ message: 'password_required' }).min(1, 'password_required').max(1024),
});
export type LoginRequest = z.input<typeof loginRequest>;

// docs/product/accounts.md#registration: names are 2-50 letters and spaces, with exact messages.
const NAME_MESSAGES = {
  First: { tooShort: 'first_name_too_short', tooLong: 'first_name_too_long', letters: 'first_name_letters' },
  Last: { tooShort: 'last_name_too_short', tooLong: 'last_name_too_long', letters: 'last_name_letters' },
} as const;
export const personName = (label: 'First' | 'Last') =>
  text({
    required: NAME_MESSAGES[label].tooShort,
    min: 2,
    max: 50,
    tooLong: NAME_MESSAGES[label].tooLong,
  }).regex(/^[\p{L} ]+$/u, NAME_MESSAGES[label].letters);

export const emailField = z
  .string({ message: 'email_invalid' })
  .trim()
  .max(254, 'email_invalid')
  .pipe(z.email('email_invalid'))
  .transform((s) => s.toLowerCase());

export const newPasswordField = z
  .string({ message: 'password_too_short' })
  .min(8, 'password_too_short')
  .max(128, 'password_too_long')
  .regex(/(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/, 'password_too_weak');

export const selfRoles = ['employee', 'manager'] as const;
export const selfRoleSchema = z.enum(selfRoles, { message: 'role_required' });

const inviteCodeField = text({ max: 64, tooLong: 'invitation_code_invalid' })
  .nullish()
  .transform((s) => (s ? s.toUpperCase() : null));

/**
 * A rule between two text fields, reported on `path`. zod skips an object's refinements while any
 * field has an issue; `when` runs this one as soon as both fields are text, so a form shows it together
 * with every other field's message instead of only once the rest is valid.
 */
const betweenFields = (message: string, path: string, fields: [string, string]) => ({
  message,
  path: [path],
  when: ({ value }: { value: unknown }) => {
    const v = value as Record<string, unknown> | null;
    return fields.every((field) => typeof v?.[field] === 'string');
  },
});
const passwordsMatch = betweenFields("Passwords don't match", 'confirmPassword', [
  'password',
  'confirmPassword',
]);

/** The registration payload (docs/product/accounts.md#registration); confirmPassword is checked when sent. */
export const registerRequest = z
  .object({
    firstName: personName('First'),
    lastName: personName('Last'),
    email: emailField,
    password: newPasswordField,
    confirmPassword: z.string().max(128).optional(),
    role: selfRoleSchema,
    inviteCode: inviteCodeField,
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, passwordsMatch);

/** The registration form: confirmPassword is required there. */
export const registerForm = z
  .object({
    firstName: personName('First'),
    lastName: personName('Last'),
    email: emailField,
    password: newPasswordField,
    confirmPassword: z.string().max(128),
    role: selfRoleSchema,
    inviteCode: text({ max: 64, tooLong: 'invitation_code_invalid' }).optional(),
  })
  .refine((v) => v.confirmPassword === v.password, passwordsMatch);
export type RegisterForm = z.input<typeof registerForm>;

export const registerResponse = z.object({ email: z.string(), message: z.string() });

export const CODE_LENGTH = 6;
export const verificationCodeField = text({
  required: 'verification_code_required',
  max: CODE_LENGTH,
  tooLong: 'verification_code_length',
}).transform((s) => s.toUpperCase());

export const verifyEmailRequest = z.object({ email: emailField, verificationCode: verificationCodeField });
export type VerifyEmailRequest = z.input<typeof verifyEmailRequest>;

/** Invited accounts are approved and signed in at verification; others wait for an admin. */
export const verifyEmailResponse = z.object({
  status: z.enum(['approved', 'pending']),
  user: userSchema.nullable(),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponse>;

export const resendVerificationRequest = z.object({ email: emailField });

/** One entry of the verification-codes testing page (docs/product/accounts.md#verification-codes-page). */
export const verificationCodeRecord = z.object({
  email: z.string(),
  code: z.string(),
  timestamp: z.string(),
});
export type VerificationCodeRecord = z.infer<typeof verificationCodeRecord>;
export const verificationCodesQuery = z.object({
  search: text({ max: 254 }).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** The forced change after an admin's password reset (docs/product/accounts.md#forced-password-change). */
export const changePasswordRequest = z.object({
  currentPassword: z
    .string({ message: 'current_password_required' })
    .min(1, 'current_password_required')
    .max(1024),
  newPassword: newPasswordField,
  /** also revoke every personal API token of the account (a reset by link always does) */
  revokeTokens: z.boolean({ message: 'revoke_tokens_boolean' }).default(false),
});
export const changePasswordForm = changePasswordRequest
  .extend({ confirmPassword: z.string().max(128) })
  .refine(
    (v) => v.confirmPassword === v.newPassword,
    betweenFields("Passwords don't match", 'confirmPassword', ['newPassword', 'confirmPassword']),
  )
  .refine(
    (v) => v.newPassword !== v.currentPassword,
    betweenFields('Choose a password different from the temporary one', 'newPassword', [
      'newPassword',
      'currentPassword',
    ]),
  );
export type ChangePasswordForm = z.input<typeof changePasswordForm>;

/** Forgot password (docs/product/accounts.md#forgot-password): the same answer for any address. */
export const passwordResetRequest = z.object({ email: emailField });
export type PasswordResetRequest = z.input<typeof passwordResetRequest>;
export const PASSWORD_RESET_SENT = 'password_reset_sent';
export const passwordResetRequested = z.object({ message: z.string() });
export const INVALID_RESET_LINK = 'invalid_reset_link';
export const passwordResetConfirm = z.object({
  token: z
    .string({ message: INVALID_RESET_LINK })
    .trim()
    .min(1, INVALID_RESET_LINK)
    .max(200, INVALID_RESET_LINK),
  password: newPasswordField,
});
export type PasswordResetConfirm = z.input<typeof passwordResetConfirm>;
export const passwordResetForm = passwordResetConfirm
  .extend({ confirmPassword: z.string().max(128) })
  .refine((v) => v.confirmPassword === v.password, passwordsMatch);
export type PasswordResetForm = z.input<typeof passwordResetForm>;
export const PASSWORD_RESET_DONE = 'password_reset_done';

/** A 6-digit authenticator code or a recovery code (XXXX-XXXX; case, spaces and the dash do not matter). */
export const twoFactorCodeField = z
  .string({ message: 'authenticator_code_required' })
  .trim()
  .min(1, 'authenticator_code_required')
  .max(32, 'code_or_recovery_code');
export const twoFactorCodeRequest = z.object({ code: twoFactorCodeField });
export type TwoFactorCodeRequest = z.input<typeof twoFactorCodeRequest>;

/** The answer to a right password when the account uses two-factor sign-in: no session yet. */
export const twoFactorChallenge = z.object({ twoFactorRequired: z.literal(true) });
export const signInResponse = z.union([userSchema, twoFactorChallenge]);
export type SignInResponse = z.infer<typeof signInResponse>;

export const authApi = endpoints('Accounts', {
  signIn: {
    method: 'POST',
    path: '/api/simple-login',
    summary:
      'Sign in with e-mail and password; sets the session cookie, or answers {twoFactorRequired: true} when a second factor is needed',
    access: 'public',
    body: loginRequest,
    responses: { 200: signInResponse, 401: errorBody, 429: errorBody },
  },
  signInSecondFactor: {
    method: 'POST',
    path: '/api/simple-login/2fa',
    summary:
      'Complete a sign-in with an authenticator or recovery code (the half-finished sign-in travels in an HttpOnly cookie)',
    access: 'public',
    body: twoFactorCodeRequest,
    responses: { 200: userSchema, 401: errorBody, 409: errorBody, 429: errorBody },
  },
  currentUser: {
    method: 'GET',
    path: '/api/auth/user',
    summary: 'The signed-in user',
    access: 'signedIn',
    duringPasswordChange: true,
    responses: { 200: userSchema },
  },
  signOut: {
    method: 'POST',
    path: '/api/logout',
    summary: 'End the current session',
    access: 'public',
    responses: { 204: null },
  },
  changePassword: {
    method: 'POST',
    path: '/api/change-password',
    summary:
      "Replace the caller's password (the current one is required); ends the other sessions, and with revokeTokens the API tokens",
    access: 'signedIn',
    sessionOnly: true,
    duringPasswordChange: true,
    body: changePasswordRequest,
    responses: { 200: userSchema },
  },
  register: {
    method: 'POST',
    path: '/api/register-with-verification',
    summary: 'Register as employee or manager; a verification code is e-mailed',
    access: 'public',
    body: registerRequest,
    responses: { 201: registerResponse, 409: errorBody, 429: errorBody },
  },
  verifyEmail: {
    method: 'POST',
    path: '/api/verify-email',
    summary: 'Confirm the e-mail address with its code',
    access: 'public',
    body: verifyEmailRequest,
    responses: { 200: verifyEmailResponse, 409: errorBody, 429: errorBody },
  },
  resendVerification: {
    method: 'POST',
    path: '/api/verify-email/resend',
    summary: 'Send a new verification code (the same answer whether or not the address exists)',
    access: 'public',
    body: resendVerificationRequest,
    responses: { 204: null, 429: errorBody },
  },
  resendVerificationFirstPath: {
    method: 'POST',
    path: '/api/resend-verification',
    summary:
      'The same as POST /api/verify-email/resend, at the path the first version of the API gave it (kept for scripts)',
    access: 'public',
    body: resendVerificationRequest,
    responses: { 204: null, 429: errorBody },
  },
  requestPasswordReset: {
    method: 'POST',
    path: '/api/password-reset/request',
    summary:
      'E-mail a single-use link (30 minutes) to choose a new password; the same answer whether or not the address has an account',
    access: 'public',
    body: passwordResetRequest,
    responses: { 202: passwordResetRequested, 429: errorBody },
  },
  confirmPasswordReset: {
    method: 'POST',
    path: '/api/password-reset/confirm',
    summary:
      "Choose a new password with the link's token; ends every session and revokes every API token of the account",
    access: 'public',
    body: passwordResetConfirm,
    responses: { 200: passwordResetRequested, 429: errorBody },
  },
  verificationCodes: {
    method: 'GET',
    path: '/api/verification-codes',
    summary: 'Verification codes still usable (the testing page): anyone in development, admins otherwise',
    access: 'adminOutsideDevelopment',
    query: verificationCodesQuery,
    responses: { 200: z.array(verificationCodeRecord) },
  },
});
