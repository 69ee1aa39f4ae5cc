import { authApi } from '@contract/auth';
import type { FastifyRequest } from 'fastify';
import {
  clearSessionCookie,
  endSession,
  resolveSession,
  SESSION_COOKIE,
  setSessionCookie,
} from '../../lib/auth';
import type { PublicContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { audit } from '../admin/audit';
import { implement } from '../../lib/routes';
import { listVerificationCodes, register, resendVerification, verifyEmail } from './registration.service';
import { changePassword, signIn } from './session.service';
import { toUser } from './user-record';

/** Sign-in rotates the session: whatever session the browser presented is ended first. */
async function endPresentedSession(ctx: Pick<PublicContext, 'db' | 'clock'>, request: FastifyRequest) {
  const token = request.cookies[SESSION_COOKIE];
  const session = token ? await resolveSession(ctx.db, token, ctx.clock) : null;
  if (session) await endSession(ctx.db, session.sessionId);
}

/**
 * Sign-ins and failed sign-ins go to the audit log (docs/product/admin.md#audit-log): one insert
 * after the outcome is known. A failure records the e-mail tried and the address, never the
 * password; throttled attempts (429) checked no password and are not recorded.
 */
async function auditedSignIn<T extends { user: { id: string } }>(
  ctx: PublicContext,
  { email, ip }: { email: string; ip: string },
  attempt: () => Promise<T>,
): Promise<T> {
  try {
    const result = await attempt();
    await audit(ctx.db, { actorId: result.user.id, action: 'sign_in', details: { ip }, at: ctx.now });
    return result;
  } catch (error) {
    if (error instanceof AppError && (error.status === 401 || error.status === 403)) {
      await audit(ctx.db, {
        actorId: null,
        action: 'sign_in_failed',
        details: { email, ip, reason: error.message },
        at: ctx.now,
      });
    }
    throw error;
  }
}

export const authRoutes = implement(authApi, {
  signIn: async (ctx, { body }, { request, reply }) => {
    const { user, token } = await auditedSignIn(ctx, { email: body.email, ip: request.ip }, () =>
      signIn(ctx, { ...body, ip: request.ip, userAgent: request.headers['user-agent'] }),
    );
    await endPresentedSession(ctx, request);
    setSessionCookie(reply, token);
    return user;
  },
  // The session lookup already read the user's public columns.
  currentUser: (ctx) => toUser(ctx.actor),
  signOut: async (ctx, _input, { request, reply }) => {
    await endPresentedSession(ctx, request);
    clearSessionCookie(reply);
  },
  changePassword: async (ctx, { body }, { request, reply }) => {
    const { user, token } = await changePassword(ctx, ctx.actor.id, {
      ...body,
      userAgent: request.headers['user-agent'],
    });
    setSessionCookie(reply, token);
    return user;
  },
  register: (ctx, { body }, { request }) => register(ctx, { ...body, ip: request.ip }),
  verifyEmail: async (ctx, { body }, { request, reply }) => {
    const result = await verifyEmail(ctx, {
      ...body,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    if (result.token) setSessionCookie(reply, result.token);
    return { status: result.status, user: result.user };
  },
  resendVerification: async (ctx, { body }, { request }) => {
    await resendVerification(ctx, { ...body, ip: request.ip });
  },
  verificationCodes: (ctx, { query }) => listVerificationCodes(ctx.db, ctx.clock, query),
});
