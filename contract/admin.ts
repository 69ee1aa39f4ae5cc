import { z } from 'zod';
import { selfRoleSchema, userSchema } from './auth';

/** A registration waiting for approval (spec point 3: a user plus inviteCode and registeredAt). */
export const pendingUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(['admin', 'manager', 'employee']),
  inviteCode: z.string().nullable(),
  registeredAt: z.string(),
  emailVerified: z.boolean(),
});
export type PendingUser = z.infer<typeof pendingUser>;

/** Every account as admins see it: the user record plus why it is suspended or rejected. */
export const adminUser = userSchema.extend({
  suspendedReason: z.string().nullable(),
  rejectedReason: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const allUsersQuery = z.object({
  search: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /** id of the last user of the previous page (newest first) */
  before: z.uuid().optional(),
});

/** Figures for the admin stat cards and the credentials counts, counted in SQL. */
export const adminStats = z.object({
  totalUsers: z.number().int(),
  pendingApprovals: z.number().int(),
  /** approved accounts that are not suspended */
  activeUsers: z.number().int(),
  admins: z.number().int(),
  managers: z.number().int(),
  employees: z.number().int(),
  /** everyone's attendance alerts (GET /api/admin/alerts), counted without its 500-row cap */
  systemAlerts: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStats>;

export const approveRequest = z.object({ approved: z.boolean().default(true) }).default({ approved: true });
export const rejectRequest = z
  .object({ reason: z.string().trim().max(500, 'Reason must be at most 500 characters').optional() })
  .default({});
export const suspendRequest = z.object({
  suspended: z.boolean().optional(),
  reason: z
    .string({ message: 'Please give a reason for the suspension' })
    .trim()
    .min(1, 'Please give a reason for the suspension')
    .max(500, 'Reason must be at most 500 characters'),
});
export type SuspendRequest = z.input<typeof suspendRequest>;

export const resetPasswordResponse = z.object({ temporaryPassword: z.string() });

export const invitationRequest = z.object({
  email: z
    .string({ message: 'Please enter a valid email address' })
    .trim()
    .max(254, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address'))
    .transform((s) => s.toLowerCase()),
  role: selfRoleSchema,
});
export type InvitationRequest = z.input<typeof invitationRequest>;

export const invitation = z.object({
  id: z.string(),
  email: z.string(),
  role: selfRoleSchema,
  code: z.string(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitation>;
