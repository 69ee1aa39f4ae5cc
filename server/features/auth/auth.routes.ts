import { authApi } from '@contract/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  clearSessionCookie,
  endSession,
  resolveSession,
  SESSION_COOKIE,
  setSessionCookie,
} from '../../lib/auth';
import type { PublicContext } from '../../lib/context';
import { AppError, messageIn } from '../../lib/errors';
import { audit } from '../../core/audit';
import { implement } from '../../lib/routes';
import { listVerificationCodes, register, resendVerification, verifyEmail } from './registration.service';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.service';
import { changePassword, signIn, signInSecondFactor } from './session.service';
import { CHALLENGE_COOKIE, CHALLENGE_TTL_MS, setupRequired } from '../../core/two-factor';
import { toUser } from '../../core/people';
import { PASSWORD_SIGN_IN_OFF, signInOptions } from './oidc';

/** The half-finished sign-in's cookie: HttpOnly, only sent to the sign-in paths, 5 minutes. */
export function setChallengeCookie(reply: FastifyReply, token: string | null) {
  const options = {
    path: '/api/simple-login',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: reply.request.protocol === 'https',
  };
  if (token) reply.setCookie(CHALLENGE_COOKIE, token, { ...options, maxAge: CHALLENGE_TTL_MS / 1000 });
  else reply.clearCookie(CHALLENGE_COOKIE, options);
}

/** Sign-in rotates the session: whatever session the browser presented is ended first. */
export async function endPresentedSession(ctx: Pick<PublicContext, 'db' | 'clock'>, request: FastifyRequest) {
  const token = request.cookies[SESSION_COOKIE];
  const session = token ? await resolveSession(ctx.db, token, ctx.clock) : null;
  if (session) await endSession(ctx.db, session.sessionId);
}

/**
 * Sign-ins and failed sign-ins go to the audit log (docs/product/admin.md#audit-log): one insert
 * after the outcome is known. A failure records the e-mail tried (unknown at the second factor,
 * whose challenge names no one to the route) and the address, never the password or code;
 * throttled attempts (429) checked nothing and are not recorded. A password that asks for the
 * second factor is not a sign-in yet: the second step records it.
 */
export async function auditedSignIn<T extends object>(
  ctx: PublicContext,
  { email, ip, method }: { email?: string; ip: string; method?: 'sso' },
  attempt: () => Promise<T>,
): Promise<T> {
  try {
    const result = await attempt();
    if ('user' in result) {
      const { id } = result.user as { id: string };
      await audit(ctx.db, {
        actorId: id,
        action: 'sign_in',
        details: { ip, ...(method ? { method } : {}) },
        at: ctx.now,
      });
    }
    return result;
  } catch (error) {
    if (error instanceof AppError && (error.status === 401 || error.status === 403)) {
      await audit(ctx.db, {
        actorId: null,
        action: 'sign_in_failed',
        email,
        details: { ip, ...(method ? { method } : {}), reason: error.message },
        at: ctx.now,
      });
    }
    throw error;
  }
}

export const authRoutes = implement(authApi, {
  signIn: async (ctx, { body }, { request, reply }) => {
    // Turned off in System Settings with a provider configured (docs/product/accounts.md#single-sign-on).
    if (!(await signInOptions(ctx)).passwordSignIn) throw new AppError(403, PASSWORD_SIGN_IN_OFF);
    const result = await auditedSignIn(ctx, { email: body.email, ip: request.ip }, () =>
      signIn(ctx, { ...body, ip: request.ip, userAgent: request.headers['user-agent'] }),
    );
    await endPresentedSession(ctx, request);
    if ('challenge' in result) {
      clearSessionCookie(reply);
      setChallengeCookie(reply, result.challenge);
      return { twoFactorRequired: true as const };
    }
    setSessionCookie(reply, result.token);
    const { twoFactorRoles } = await ctx.settings();
    return { ...result.user, twoFactorSetupRequired: setupRequired(result.user, twoFactorRoles) };
  },
  signInSecondFactor: async (ctx, { body }, { request, reply }) => {
    const { user, token } = await auditedSignIn(ctx, { ip: request.ip }, () =>
      signInSecondFactor(ctx, {
        challenge: request.cookies[CHALLENGE_COOKIE],
        code: body.code,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      }),
    );
    setChallengeCookie(reply, null);
    setSessionCookie(reply, token);
    return user;
  },
  // The session lookup already read the user's public columns.
  currentUser: async (ctx) => {
    const user = toUser(ctx.actor);
    return { ...user, twoFactorSetupRequired: setupRequired(user, (await ctx.settings()).twoFactorRoles) };
  },
  signOut: async (ctx, _input, { request, reply }) => {
    await endPresentedSession(ctx, request);
    clearSessionCookie(reply);
  },
  changePassword: async (ctx, { body }, { request, reply }) => {
    const { user, token } = await changePassword(ctx, ctx.actor.id, {
      ...body,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    setSessionCookie(reply, token);
    return user;
  },
  register: async (ctx, { body }, { request }) => {
    const registered = await register(ctx, { ...body, ip: request.ip });
    return { ...registered, message: messageIn(await ctx.language(), registered.message) };
  },
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
  resendVerificationFirstPath: async (ctx, { body }, { request }) => {
    await resendVerification(ctx, { ...body, ip: request.ip });
  },
  requestPasswordReset: (ctx, { body }, { request }) =>
    requestPasswordReset(ctx, { email: body.email, ip: request.ip }),
  confirmPasswordReset: async (ctx, { body }, { request, reply }) => {
    const result = await confirmPasswordReset(ctx, { ...body, ip: request.ip });
    // Whatever session this browser had ended with the others.
    clearSessionCookie(reply);
    return result;
  },
  verificationCodes: (ctx, { query }) => listVerificationCodes(ctx.db, ctx.clock, query),
});
