import {
  adminStats as adminStatsSchema,
  adminUser,
  allUsersQuery,
  approveRequest,
  invitation,
  invitationRequest,
  pendingUser,
  rejectRequest,
  resetPasswordResponse,
  suspendRequest,
} from '@contract/admin';
import { userSchema } from '@contract/auth';
import { idParam } from '@contract/common';
import { z } from 'zod';
import type { AppDeps, ZodApp } from '../../app';
import { currentUser } from '../../lib/auth';
import { activateUser, adminStats, listAllUsers, resetPassword, suspendUser } from './accounts.service';
import { approveUser, listPendingUsers, rejectUser } from './approvals.service';
import { createInvitation, listOpenInvitations } from './invitations.service';

/** Everything under /api/admin is for admins only (decisions §4). */
export async function adminRoutes(app: ZodApp, deps: AppDeps) {
  const preValidation = deps.guard('admin');

  app.get(
    '/api/admin/pending-users',
    { preValidation, schema: { response: { 200: z.array(pendingUser) } } },
    async () => listPendingUsers(deps.db),
  );

  app.post(
    '/api/admin/approve-user/:id',
    { preValidation, schema: { params: idParam, body: approveRequest, response: { 200: userSchema } } },
    async (request) => {
      const actor = currentUser(request).id;
      return request.body.approved
        ? approveUser(deps, actor, request.params.id)
        : rejectUser(deps, actor, request.params.id);
    },
  );

  app.post(
    '/api/admin/reject-user/:id',
    { preValidation, schema: { params: idParam, body: rejectRequest, response: { 200: userSchema } } },
    async (request) => rejectUser(deps, currentUser(request).id, request.params.id, request.body.reason),
  );

  app.get(
    '/api/admin/all-users',
    { preValidation, schema: { querystring: allUsersQuery, response: { 200: z.array(adminUser) } } },
    async (request) => listAllUsers(deps.db, request.query),
  );

  app.get('/api/admin/stats', { preValidation, schema: { response: { 200: adminStatsSchema } } }, async () =>
    adminStats({ db: deps.db, clock: deps.clock, defaultTimeZone: deps.config.defaultTimeZone }),
  );

  app.post(
    '/api/admin/suspend-user/:id',
    { preValidation, schema: { params: idParam, body: suspendRequest, response: { 200: adminUser } } },
    async (request) => suspendUser(deps, currentUser(request).id, request.params.id, request.body.reason),
  );

  app.post(
    '/api/admin/activate-user/:id',
    { preValidation, schema: { params: idParam, response: { 200: adminUser } } },
    async (request) => activateUser(deps, currentUser(request).id, request.params.id),
  );

  app.post(
    '/api/admin/reset-password/:id',
    { preValidation, schema: { params: idParam, response: { 200: resetPasswordResponse } } },
    async (request) => resetPassword(deps, currentUser(request).id, request.params.id),
  );

  app.get(
    '/api/admin/invitations',
    { preValidation, schema: { response: { 200: z.array(invitation) } } },
    async () => listOpenInvitations(deps),
  );

  app.post(
    '/api/admin/invitations',
    { preValidation, schema: { body: invitationRequest, response: { 201: invitation } } },
    async (request, reply) =>
      reply.status(201).send(await createInvitation(deps, currentUser(request).id, request.body)),
  );
}
