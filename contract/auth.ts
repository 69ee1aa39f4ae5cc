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
