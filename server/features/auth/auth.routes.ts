import {
  changePasswordRequest,
  loginRequest,
  registerRequest,
  registerResponse,
  resendVerificationRequest,
  userSchema,
  verificationCodeRecord,
  verificationCodesQuery,
  verifyEmailRequest,
  verifyEmailResponse,
} from '@contract/auth';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps, ZodApp } from '../../app';
import {
  clearSessionCookie,
  currentUser,
  endSession,
  resolveSession,
  SESSION_COOKIE,
  setSessionCookie,
} from '../../lib/auth';
import { listVerificationCodes, register, resendVerification, verifyEmail } from './registration.service';
import { changePassword, signIn } from './session.service';
import { toUser } from './user-record';

export async function authRoutes(app: ZodApp, deps: AppDeps) {
  const secure = deps.config.isProduction;
  const { db, clock } = deps;

  /** Sign-in rotates the session: whatever session the browser had is ended first. */
  async function endPresentedSession(request: FastifyRequest) {
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await resolveSession(db, token, clock) : null;
    if (session) await endSession(db, session.sessionId);
  }

  app.post(
    '/api/simple-login',
    { schema: { body: loginRequest, response: { 200: userSchema } } },
    async (request, reply) => {
      const { user, token } = await signIn(deps, { ...request.body, ip: request.ip });
      await endPresentedSession(request);
      setSessionCookie(reply, token, secure);
      return user;
    },
  );

  app.get(
    '/api/auth/user',
    {
      preValidation: deps.guard([], { allowPasswordChangePending: true }),
      schema: { response: { 200: userSchema } },
    },
    // The session lookup already read the user's public columns.
    async (request) => toUser(currentUser(request)),
  );

  app.post('/api/logout', { schema: { response: { 204: z.null() } } }, async (request, reply) => {
    await endPresentedSession(request);
    clearSessionCookie(reply, secure);
    return reply.status(204).send(null);
  });

  app.post(
    '/api/change-password',
    {
      preValidation: deps.guard([], { allowPasswordChangePending: true }),
      schema: { body: changePasswordRequest, response: { 200: userSchema } },
    },
    async (request, reply) => {
      const { user, token } = await changePassword(deps, currentUser(request).id, request.body);
      setSessionCookie(reply, token, secure);
      return user;
    },
  );

  app.post(
    '/api/register-with-verification',
    { schema: { body: registerRequest, response: { 201: registerResponse } } },
    async (request, reply) =>
      reply.status(201).send(await register(deps, { ...request.body, ip: request.ip })),
  );

  app.post(
    '/api/verify-email',
    { schema: { body: verifyEmailRequest, response: { 200: verifyEmailResponse } } },
    async (request, reply) => {
      const result = await verifyEmail(deps, { ...request.body, ip: request.ip });
      if (result.token) setSessionCookie(reply, result.token, secure);
      return { status: result.status, user: result.user };
    },
  );

  app.post(
    '/api/resend-verification',
    { schema: { body: resendVerificationRequest, response: { 204: z.null() } } },
    async (request, reply) => {
      await resendVerification(deps, { ...request.body, ip: request.ip });
      return reply.status(204).send(null);
    },
  );

  // A testing aid in development; outside it the codes are an admin's to see (decisions §5).
  app.get(
    '/api/verification-codes',
    {
      ...(deps.config.isProduction ? { preValidation: deps.guard('admin') } : {}),
      schema: { querystring: verificationCodesQuery, response: { 200: z.array(verificationCodeRecord) } },
    },
    async (request) => listVerificationCodes(db, request.query),
  );
}
