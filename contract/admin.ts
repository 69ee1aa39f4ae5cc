import { z } from 'zod';
import { roleSchema, selfRoleSchema, userSchema } from './auth';
import { errorBody, idParam, isoDate, text } from './common';
import { CSV_TYPE } from './reports';
import { endpoints } from './endpoint';

/** A registration waiting for approval (docs/product/admin.md#pending-approvals: a user plus inviteCode and registeredAt). */
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
  /** when an admin anonymised the account (its name and e-mail are placeholders since), else null */
  anonymisedAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const allUsersQuery = z.object({
  search: text({ max: 254 }).optional(),
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
  .object({
    reason: text({ max: 500, tooLong: 'reason_too_long_500', multiline: true }).optional(),
  })
  .default({});
export const suspendRequest = z.object({
  suspended: z.boolean().optional(),
  reason: text({
    required: 'suspension_reason_required',
    max: 500,
    tooLong: 'reason_too_long_500',
    multiline: true,
  }),
});
export type SuspendRequest = z.input<typeof suspendRequest>;

export const resetPasswordResponse = z.object({ temporaryPassword: z.string() });

export const changeRoleRequest = z.object({ role: roleSchema });
export type ChangeRoleRequest = z.input<typeof changeRoleRequest>;
export const LAST_ADMIN = 'last_admin';

export const invitationRequest = z.object({
  email: z
    .string({ message: 'email_invalid' })
    .trim()
    .max(254, 'email_invalid')
    .pipe(z.email('email_invalid'))
    .transform((s) => s.toLowerCase()),
  role: selfRoleSchema,
});
export type InvitationRequest = z.input<typeof invitationRequest>;

export const invitation = z.object({
  id: z.string(),
  email: z.string(),
  role: selfRoleSchema,
  code: z.string(),
  /** the registration page with the code and address filled in: what the e-mail links to */
  link: z.string(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitation>;

/** What the audit log records (docs/product/admin.md#audit-log). */
export const AUDIT_ACTIONS = {
  approve: 'Approved a registration',
  reject: 'Rejected a registration',
  suspend: 'Suspended an account',
  activate: 'Activated an account',
  reset_password: 'Reset a password',
  reset_two_factor: 'Reset two-factor sign-in',
  invite: 'Sent an invitation',
  role_change: 'Changed a role',
  timesheet_reopened: 'Reopened a timesheet',
  settings_changed: 'Changed the settings',
  token_created: 'Created an API token',
  token_revoked: 'Revoked an API token',
  task_deleted: 'Deleted a task',
  task_restored: 'Restored a task from the Trash',
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  user_exported: "Exported a person's data",
  user_anonymised: 'Anonymised a departed person',
  two_factor_enabled: 'Turned on two-factor sign-in',
  two_factor_disabled: 'Turned off two-factor sign-in',
  password_changed: 'Changed their password',
  password_reset_by_link: 'Reset their password with an e-mailed link',
  session_ended: 'Ended a session',
  invitation_revoked: 'Revoked an invitation',
  verification_resent: 'Sent a new verification code',
  email_marked_verified: 'Marked an e-mail address verified',
  team_created: 'Created a team',
  team_changed: 'Changed a team',
  team_deleted: 'Deleted a team',
  schedule_changed: 'Changed a work schedule',
  timesheet_submitted: 'Submitted a timesheet',
  timesheet_approved: 'Approved a timesheet',
  timesheet_rejected: 'Rejected a timesheet',
  leave_requested: 'Asked for time off',
  leave_approved: 'Approved time off',
  leave_rejected: 'Rejected time off',
  leave_cancelled: 'Cancelled time off',
  allowance_adjusted: 'Adjusted a leave allowance',
  leave_type_changed: 'Changed a leave type',
  holidays_changed: 'Changed the public holidays',
  calendar_feed_created: 'Made a calendar feed URL',
  calendar_feed_revoked: 'Revoked a calendar feed URL',
  invoice_marked: 'Marked entries as invoiced',
  invoice_undone: 'Undid an invoice mark',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const auditAction = z.enum(Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]], {
  message: 'audit_action_invalid',
});

export const auditFilters = z.object({
  actorId: z.uuid('actor_id_invalid').optional(),
  targetId: z.uuid('target_id_invalid').optional(),
  action: auditAction.optional(),
  /** first and last calendar day, in the caller's time zone */
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export const auditQuery = auditFilters.extend({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /** id of the last entry of the previous page (newest first) */
  before: z.uuid('before_id_invalid').optional(),
});
export type AuditQuery = z.input<typeof auditQuery>;

const auditPerson = z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable();
export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  /** null: nobody signed in (a failed sign-in) or the account was deleted */
  actor: auditPerson,
  target: auditPerson,
  details: z.record(z.string(), z.unknown()).nullable(),
  /** an address the entry names that is no account (a failed sign-in's, an invitation's) */
  email: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

const row = z.record(z.string(), z.unknown());
/**
 * Everything Workbench holds about a person (docs/product/admin.md#data-of-a-person), as a JSON
 * download. Never a password, token or code, nor their hashes.
 */
export const userExport = z.object({
  exportedAt: z.string(),
  user: adminUser,
  /** the places they are signed in: when, until when, which browser */
  sessions: z.array(row),
  /** their API tokens by name and dates */
  apiTokens: z.array(row),
  twoFactor: z.object({ enabled: z.boolean(), enabledAt: z.string().nullable() }),
  teams: z.array(row),
  workSchedule: row.nullable(),
  timeEntries: z.array(row),
  attendance: z.array(row),
  timesheets: z.array(row),
  tasksAssigned: z.array(row),
  tasksCreatedForOthers: z.array(row),
  taskComments: z.array(row),
  chatMessages: z.array(row),
  notifications: z.array(row),
  notificationPreferences: z.array(row),
  /** the audit log's entries about them, and those of their own actions */
  auditEntries: z.array(row),
});
export type UserExport = z.infer<typeof userExport>;

export const JSON_DOWNLOAD = 'application/json; charset=utf-8';

const admins = ['admin'] as const;

export const adminApi = endpoints('Administration', {
  pendingUsers: {
    method: 'GET',
    path: '/api/admin/pending-users',
    summary: 'Registrations waiting for approval',
    access: admins,
    responses: { 200: z.array(pendingUser) },
  },
  approveUser: {
    method: 'POST',
    path: '/api/admin/approve-user/{id}',
    summary: 'Approve a registration (`approved: false` rejects it)',
    access: admins,
    params: idParam,
    body: approveRequest,
    responses: { 200: userSchema, 409: errorBody },
  },
  rejectUser: {
    method: 'POST',
    path: '/api/admin/reject-user/{id}',
    summary: 'Reject a registration, with an optional reason',
    access: admins,
    params: idParam,
    body: rejectRequest,
    responses: { 200: userSchema, 409: errorBody },
  },
  allUsers: {
    method: 'GET',
    path: '/api/admin/all-users',
    summary: 'Every account, newest first, searchable',
    access: admins,
    query: allUsersQuery,
    responses: { 200: z.array(adminUser) },
  },
  stats: {
    method: 'GET',
    path: '/api/admin/stats',
    summary: 'Counts for the admin stat cards',
    access: admins,
    responses: { 200: adminStats },
  },
  suspendUser: {
    method: 'POST',
    path: '/api/admin/suspend-user/{id}',
    summary: 'Suspend a non-admin account (a reason is required); ends its sessions',
    access: admins,
    params: idParam,
    body: suspendRequest,
    responses: { 200: adminUser, 409: errorBody },
  },
  activateUser: {
    method: 'POST',
    path: '/api/admin/activate-user/{id}',
    summary: 'Activate a suspended account',
    access: admins,
    params: idParam,
    responses: { 200: adminUser, 409: errorBody },
  },
  resetPassword: {
    method: 'POST',
    path: '/api/admin/reset-password/{id}',
    summary: 'Generate a temporary password, shown once; the user must change it at next sign-in',
    access: admins,
    sessionOnly: true,
    params: idParam,
    responses: { 200: resetPasswordResponse },
  },
  resetTwoFactor: {
    method: 'POST',
    path: '/api/admin/users/{id}/reset-2fa',
    summary: "Remove a user's authenticator and recovery codes (audited); they enrol again if required",
    access: admins,
    sessionOnly: true,
    params: idParam,
    responses: { 200: adminUser, 409: errorBody },
  },
  changeRole: {
    method: 'PATCH',
    path: '/api/admin/users/{id}/role',
    summary:
      'Promote or demote a person (employee, manager, admin); the last active admin cannot be demoted (audited)',
    access: admins,
    sessionOnly: true,
    params: idParam,
    body: changeRoleRequest,
    responses: { 200: adminUser, 409: errorBody },
  },
  resendVerification: {
    method: 'POST',
    path: '/api/admin/users/{id}/resend-verification',
    summary: 'E-mail a new verification code to a person who has not verified their address (audited)',
    access: admins,
    params: idParam,
    responses: { 204: null, 409: errorBody },
  },
  markEmailVerified: {
    method: 'POST',
    path: '/api/admin/users/{id}/mark-verified',
    summary: "Mark a person's e-mail address verified without a code (audited)",
    access: admins,
    sessionOnly: true,
    params: idParam,
    responses: { 200: adminUser, 409: errorBody },
  },
  invitations: {
    method: 'GET',
    path: '/api/admin/invitations',
    summary: 'Invitations not yet accepted',
    access: admins,
    responses: { 200: z.array(invitation) },
  },
  revokeInvitation: {
    method: 'DELETE',
    path: '/api/admin/invitations/{id}',
    summary: 'Revoke an invitation not yet accepted; its code stops working (audited)',
    access: admins,
    params: idParam,
    responses: { 204: null },
  },
  invite: {
    method: 'POST',
    path: '/api/admin/invitations',
    summary: 'Invite someone by e-mail with a role; the code is e-mailed',
    access: admins,
    body: invitationRequest,
    responses: { 201: invitation, 409: errorBody },
  },
  audit: {
    method: 'GET',
    path: '/api/admin/audit',
    summary:
      'The audit log, newest first: filter by actor, target, action and days; page with `limit` + `before`',
    access: admins,
    query: auditQuery,
    responses: { 200: z.array(auditEntry) },
  },
  exportUser: {
    method: 'GET',
    path: '/api/admin/users/{id}/export',
    summary: 'Everything Workbench holds about a person, as a JSON download (audited)',
    access: admins,
    sessionOnly: true,
    params: idParam,
    responses: { 200: userExport },
    produces: JSON_DOWNLOAD,
  },
  anonymiseUser: {
    method: 'POST',
    path: '/api/admin/users/{id}/anonymise',
    summary:
      'Anonymise a departed person: name and e-mail replaced, sign-ins, tokens, 2FA and picture removed; their time, attendance and tasks stay for reports (audited)',
    access: admins,
    sessionOnly: true,
    params: idParam,
    responses: { 200: adminUser, 409: errorBody },
  },
  auditExport: {
    method: 'GET',
    path: '/api/admin/audit/export',
    summary: 'The filtered audit log as CSV (at most 50,000 entries)',
    access: admins,
    query: auditFilters,
    responses: { 200: z.string() },
    produces: CSV_TYPE,
  },
});
