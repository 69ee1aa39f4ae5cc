import { and, eq, isNull } from 'drizzle-orm';
import { audit } from '../../core/audit';
import { sendSecurityNotice } from '../../core/security-notice';
import type { Config } from '../../config';
import type { Mailer } from '../../lib/mailer';
import type { Db } from '../../db/types';
import { apiTokens, users } from '../../db/schema';
import { createSession, endAllSessions } from '../../lib/auth';
import type { Clock } from '../../lib/clock';
import { isoInstant } from '../../db/statements';
import { AppError, badRequest } from '../../lib/errors';
import { getDummyHash, hashPassword, verifyPassword } from '../../lib/password';
import { beginAttempt, throttleKeys } from '../../lib/throttle';
import { closeChallenge, openChallenge, takeChallengeTry, spendSecondFactor } from '../../core/two-factor';
import { findUserByEmail, getUser, toUser } from '../../core/people';

export const INVALID_CREDENTIALS = 'invalid_credentials';

type Deps = { db: Db; clock: Clock };
type UserRow = typeof users.$inferSelect;

/** Why a correct password still may not sign in (docs/product/accounts.md#sign-in: 403 saying which). */
function refusal(user: UserRow): string | null {
  if (!user.emailVerified) return 'verify_email_first';
  if (user.approvalStatus === 'pending') return 'account_pending';
  if (user.approvalStatus === 'rejected') return 'registration_rejected';
  if (!user.isActive) return 'account_suspended';
  return null;
}

/**
 * Checks the password (against a dummy hash for unknown e-mails, so timing does not reveal which
 * addresses exist), throttles attempts (a success gives its try back), and opens a fresh session.
 */
export async function signIn(
  deps: Deps,
  input: { email: string; password: string; ip: string; userAgent?: string },
) {
  const now = deps.clock.now();
  // Counted before the password is checked, so parallel tries cannot exceed the limit.
  const attempt = await beginAttempt(deps.db, throttleKeys('login', input.ip, input.email), now);
  const user = await findUserByEmail(deps.db, input.email);
  const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), input.password);
  if (!user || !ok) throw new AppError(401, INVALID_CREDENTIALS);
  await attempt.succeeded();
  const barred = refusal(user);
  if (barred) throw new AppError(403, barred);
  // With an authenticator enrolled the password is only half: no session until the second factor.
  if (user.twoFactorEnabledAt) {
    return { challenge: await openChallenge(deps.db, user.id, deps.clock) };
  }
  return startSession(deps, user, input.userAgent);
}

export async function startSession(deps: Deps, user: UserRow, userAgent?: string) {
  const now = deps.clock.now();
  const [updated] = await deps.db
    .update(users)
    .set({ lastLoginAt: now, lastActive: now })
    .where(eq(users.id, user.id))
    .returning();
  const token = await createSession(deps.db, user.id, deps.clock, userAgent);
  return { user: { ...toUser(updated), previousLoginAt: isoInstant(user.lastLoginAt) }, token };
}

/**
 * Completes a sign-in that waits for its second factor (docs/decisions/019-two-factor.md): the
 * waiting sign-in allows 5 tries in 5 minutes, and the tries count against the same throttle as
 * passwords (per account and address, and per address).
 */
export async function signInSecondFactor(
  deps: Deps & { secret: string },
  input: { challenge: string | undefined; code: string; ip: string; userAgent?: string },
) {
  const now = deps.clock.now();
  // The client's budget is counted first: tries without a challenge are failures (and audited)
  // too, so a flood of them is refused with 429 before it can fill the audit log.
  const byAddress = await beginAttempt(deps.db, throttleKeys('2fa', input.ip), now);
  const challenge = await takeChallengeTry(deps.db, input.challenge, now);
  const user = await getUser(deps.db, challenge.userId);
  const byAccount = await beginAttempt(
    deps.db,
    throttleKeys('2fa', input.ip, user.email).filter((k) => k.account),
    now,
  );
  const refused = await spendSecondFactor(deps, user.id, input.code, now);
  if (refused) throw badRequest(refused, 'code');
  await byAccount.succeeded();
  await byAddress.succeeded();
  await closeChallenge(deps.db, challenge.id);
  // The account may have been suspended while the code was being typed.
  const barred = refusal(user);
  if (barred) throw new AppError(403, barred);
  return startSession(deps, user, input.userAgent);
}

/**
 * Replaces the password, ends every session (other devices too) and opens a new one here; with
 * `revokeTokens` also revokes every API token. Audited, and the owner is told by e-mail.
 */
export async function changePassword(
  deps: Deps & { mailer: Mailer; config: Pick<Config, 'appUrl'> },
  userId: string,
  input: {
    currentPassword: string;
    newPassword: string;
    revokeTokens: boolean;
    ip: string;
    userAgent?: string;
  },
) {
  const user = await getUser(deps.db, userId);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw badRequest('current_password_incorrect', 'currentPassword');
  }
  if (input.currentPassword === input.newPassword) {
    throw badRequest('password_same_as_temporary', 'newPassword');
  }
  const passwordHash = await hashPassword(input.newPassword);
  const now = deps.clock.now();
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false })
      .where(eq(users.id, userId))
      .returning();
    // Every session ends, the other devices' included; this browser continues in a new one.
    await endAllSessions(tx, userId);
    const revoked = input.revokeTokens
      ? await tx
          .update(apiTokens)
          .set({ revokedAt: now })
          .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
          .returning({ id: apiTokens.id })
      : [];
    await sendSecurityNotice(
      deps,
      row,
      'password_changed',
      now,
      tx,
      revoked.length > 0
        ? ({ t }) => t('mail:security.detail.tokens_revoked', { count: revoked.length })
        : undefined,
    );
    await audit(tx, {
      actorId: userId,
      action: 'password_changed',
      targetUserId: userId,
      details: { ip: input.ip, tokensRevoked: revoked.length, wasTemporary: user.mustChangePassword },
      at: now,
    });
    return row;
  });
  deps.mailer.kick();
  const token = await createSession(deps.db, userId, deps.clock, input.userAgent);
  return { user: toUser(updated), token };
}
