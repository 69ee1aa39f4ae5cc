import { adminApi } from '@contract/admin';
import { implement } from '../../lib/routes';
import {
  activateUser,
  adminStats,
  changeRole,
  listAllUsers,
  markEmailVerified,
  resendVerificationFor,
  resetPassword,
  resetTwoFactor,
  suspendUser,
} from './accounts.service';
import { exportAudit, listAudit } from './audit';
import { approveUser, listPendingUsers, rejectUser } from './approvals.service';
import { createInvitation, listOpenInvitations, revokeInvitation } from './invitations.service';
import { anonymiseUser, exportUser } from './lifecycle.service';

/** Everything under /api/admin is for admins only (the contract says so for each endpoint). */
export const adminRoutes = implement(adminApi, {
  pendingUsers: (ctx) => listPendingUsers(ctx),
  approveUser: (ctx, { params, body }) =>
    body.approved ? approveUser(ctx, params.id) : rejectUser(ctx, params.id),
  rejectUser: (ctx, { params, body }) => rejectUser(ctx, params.id, body.reason),
  allUsers: (ctx, { query }) => listAllUsers(ctx, query),
  stats: (ctx) => adminStats(ctx),
  suspendUser: (ctx, { params, body }) => suspendUser(ctx, params.id, body.reason),
  activateUser: (ctx, { params }) => activateUser(ctx, params.id),
  resetPassword: (ctx, { params }) => resetPassword(ctx, params.id),
  resetTwoFactor: (ctx, { params }) => resetTwoFactor(ctx, params.id),
  changeRole: (ctx, { params, body }) => changeRole(ctx, params.id, body.role),
  resendVerification: (ctx, { params }) => resendVerificationFor(ctx, params.id),
  markEmailVerified: (ctx, { params }) => markEmailVerified(ctx, params.id),
  invitations: (ctx) => listOpenInvitations(ctx),
  revokeInvitation: (ctx, { params }) => revokeInvitation(ctx, params.id),
  invite: (ctx, { body }) => createInvitation(ctx, body),
  audit: (ctx, { query }) => listAudit(ctx, query),
  auditExport: (ctx, { query }) => exportAudit(ctx, query),
  exportUser: (ctx, { params }) => exportUser(ctx, params.id),
  anonymiseUser: (ctx, { params }) => anonymiseUser(ctx, params.id),
});
