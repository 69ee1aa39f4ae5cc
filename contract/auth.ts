import { z } from 'zod';

export const roles = ['admin', 'manager', 'employee'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

export const approvalStatuses = ['pending', 'approved', 'rejected'] as const;

/** The user record the client keeps under 'user' (spec point 3). Never carries a password or hash. */
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
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** Spec point 5: login needs an e-mail-shaped, non-empty e-mail and a non-empty password. */
export const loginRequest = z.object({
  email: z
    .string({ message: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address'))
    .transform((s) => s.toLowerCase()),
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required').max(1024),
});
export type LoginRequest = z.input<typeof loginRequest>;

// Spec point 5: names are 2-50 letters and spaces, with the spec's exact messages.
const personName = (label: 'First' | 'Last') =>
  z
    .string({ message: `${label} name must be at least 2 characters` })
    .trim()
    .min(2, `${label} name must be at least 2 characters`)
    .max(50, `${label} name too long`)
    .regex(/^[\p{L} ]+$/u, `${label} name can only contain letters`);

export const emailField = z
  .string({ message: 'Please enter a valid email address' })
  .trim()
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'))
  .transform((s) => s.toLowerCase());

export const newPasswordField = z
  .string({ message: 'Password must be at least 8 characters' })
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters')
  .regex(/(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/, 'Password must contain uppercase, lowercase, and number');

export const selfRoles = ['employee', 'manager'] as const;
export const selfRoleSchema = z.enum(selfRoles, { message: 'Please select a role' });

const inviteCodeField = z
  .string()
  .trim()
  .max(64, 'Invalid invitation code')
  .nullish()
  .transform((s) => (s ? s.toUpperCase() : null));

/** The registration payload (spec point 3); confirmPassword is checked when sent. */
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
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

/** The registration form: confirmPassword is required there. */
export const registerForm = z
  .object({
    firstName: personName('First'),
    lastName: personName('Last'),
    email: emailField,
    password: newPasswordField,
    confirmPassword: z.string().max(128),
    role: selfRoleSchema,
    inviteCode: z.string().trim().max(64, 'Invalid invitation code').optional(),
  })
  .refine((v) => v.confirmPassword === v.password, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type RegisterForm = z.input<typeof registerForm>;

export const registerResponse = z.object({ email: z.string(), message: z.string() });

export const CODE_LENGTH = 6;
export const verificationCodeField = z
  .string({ message: 'Verification code is required' })
  .trim()
  .min(1, 'Verification code is required')
  .max(CODE_LENGTH, `Verification code must be ${CODE_LENGTH} characters`)
  .transform((s) => s.toUpperCase());

export const verifyEmailRequest = z.object({ email: emailField, verificationCode: verificationCodeField });
export type VerifyEmailRequest = z.input<typeof verifyEmailRequest>;

/** Invited accounts are approved and signed in at verification; others wait for an admin. */
export const verifyEmailResponse = z.object({
  status: z.enum(['approved', 'pending']),
  user: userSchema.nullable(),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponse>;

export const resendVerificationRequest = z.object({ email: emailField });

/** One entry of the verification-codes testing page (spec point 3). */
export const verificationCodeRecord = z.object({
  email: z.string(),
  code: z.string(),
  timestamp: z.string(),
});
export type VerificationCodeRecord = z.infer<typeof verificationCodeRecord>;
export const verificationCodesQuery = z.object({
  search: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** The forced change after an admin's password reset (decisions §3). */
export const changePasswordRequest = z.object({
  currentPassword: z
    .string({ message: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(1024),
  newPassword: newPasswordField,
});
export const changePasswordForm = changePasswordRequest
  .extend({ confirmPassword: z.string().max(128) })
  .refine((v) => v.confirmPassword === v.newPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    message: 'Choose a password different from the temporary one',
    path: ['newPassword'],
  });
export type ChangePasswordForm = z.input<typeof changePasswordForm>;
