import { type SsoOutcome, ssoApi } from '@contract/sso';
import { setSessionCookie } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { implement } from '../../lib/routes';
import { auditedSignIn, endPresentedSession, setChallengeCookie } from './auth.routes';
import {
  completeSignIn,
  FLOW_COOKIE,
  FLOW_COOKIE_PATH,
  FLOW_TTL_MS,
  getSsoSettings,
  saveSsoSettings,
  signInOptions,
  startSignIn,
} from './oidc';
import { startSession } from './session.service';
import { openChallenge } from '../../core/two-factor';

/**
 * The flow cookie: HttpOnly, only sent to /api/auth/oidc, SameSite=Lax because the provider's
 * redirect back is a top-level navigation from another site (Strict would leave it behind).
 */
const flowCookieOptions = (secure: boolean) => ({
  path: FLOW_COOKIE_PATH,
  httpOnly: true,
  sameSite: 'lax' as const,
  secure,
});

const toLogin = (outcome: SsoOutcome) => `/login?sso=${outcome}`;

export const ssoRoutes = implement(ssoApi, {
  signInOptions: (ctx) => signInOptions(ctx),
  start: async (ctx, _input, { request, reply }) => {
    try {
      const { url, cookie } = await startSignIn(ctx);
      reply.setCookie(FLOW_COOKIE, cookie, {
        ...flowCookieOptions(request.protocol === 'https'),
        maxAge: FLOW_TTL_MS / 1000,
      });
      return reply.redirect(url, 302);
    } catch (error) {
      const outcome =
        error instanceof AppError ? (error.extra?.outcome as SsoOutcome | undefined) : undefined;
      if (outcome) return reply.redirect(toLogin(outcome), 302);
      throw error;
    }
  },
  callback: async (ctx, { query }, { request, reply }) => {
    // Used once: whatever happens, the flow's state, nonce and verifier are forgotten.
    const flowCookie = request.cookies[FLOW_COOKIE];
    reply.clearCookie(FLOW_COOKIE, flowCookieOptions(request.protocol === 'https'));
    try {
      const result = await auditedSignIn(ctx, { ip: request.ip, method: 'sso' }, async () => {
        if (query.error) {
          ctx.log.warn({ error: query.error }, 'OIDC provider answered an error');
          throw new AppError(400, 'sso_provider_refused', { outcome: 'failed' });
        }
        const { user } = await completeSignIn(ctx, { callbackPath: request.url, flowCookie });
        // Two-factor stays Workbench's: an enrolled user still gives a code (decision 020).
        if (user.twoFactorEnabledAt) return { challenge: await openChallenge(ctx.db, user.id, ctx.clock) };
        return startSession(ctx, user, request.headers['user-agent']);
      });
      await endPresentedSession(ctx, request);
      if ('challenge' in result) {
        setChallengeCookie(reply, result.challenge);
        return reply.redirect(toLogin('twoFactor'), 302);
      }
      setSessionCookie(reply, result.token);
      return reply.redirect('/', 302);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const outcome = (error.extra?.outcome as SsoOutcome | undefined) ?? 'failed';
      return reply.redirect(toLogin(outcome), 302);
    }
  },
  getSettings: (ctx) => getSsoSettings(ctx),
  saveSettings: (ctx, { body }) => saveSsoSettings(ctx, body),
});
