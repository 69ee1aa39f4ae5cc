import { randomBytes } from 'node:crypto';
import { INVALID_RESET_LINK, PASSWORD_RESET_DONE, PASSWORD_RESET_SENT } from '@contract/auth';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { audit } from '../../core/audit';
import { readerOf } from '../../core/readers';
import { sendSecurityNotice } from '../../core/security-notice';
import type { Db } from '../../db/types';
import { apiTokens, passwordResets, users } from '../../db/schema';
import { endAllSessions, sha256 } from '../../lib/auth';
import type { PublicContext } from '../../lib/context';
import { badRequest, messageIn } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { beginAttempt, type ThrottleKey, throttleKeys } from '../../lib/throttle';
import { findUserByEmail } from '../../core/people';
import { rowsOf } from '../../db/rows';

export const RESET_TTL_MS = 30 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
/** However many addresses ask: one mailbox gets at most this many links an hour. */
const perMailbox = (email: string): ThrottleKey => ({
  key: `reset:mailbox:${email}`,
  rule: { limit: 5, windowMs: HOUR, baseDelayMs: 5 * 60_000, maxDelayMs: HOUR },
});

/**
 * Forgot password (docs/product/accounts.md#forgot-password): mails a single-use link valid 30
 * minutes to an account that could sign in with it; only the token's SHA-256 is stored, and a new
 * link replaces older ones. The answer is the same whether or not the address has an account, and
 * every request counts against the address, the address with the client, and the client.
 */
export async function requestPasswordReset(ctx: PublicContext, input: { email: string; ip: string }) {
  await beginAttempt(
    ctx.db,
    [perMailbox(input.email), ...throttleKeys('reset', input.ip, input.email)],
    ctx.now,
  );
  const user = await findUserByEmail(ctx.db, input.email);
  if (user && user.approvalStatus !== 'rejected' && !user.anonymisedAt) {
    const token = randomBytes(32).toString('base64url');
    // Asked for by the owner: their own language, else this browser's, else the organisation's.
    const { t } = readerOf(user.language ?? (await ctx.language()));
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(passwordResets)
        .set({ usedAt: ctx.now })
        .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
      const [row] = await tx
        .insert(passwordResets)
        .values({
          userId: user.id,
          tokenHash: sha256(token),
          createdAt: ctx.now,
          expiresAt: new Date(ctx.now.getTime() + RESET_TTL_MS),
        })
        .returning({ id: passwordResets.id });
      await ctx.mailer.send(
        {
          to: user.email,
          subject: t('mail:password_reset.subject'),
          text: [
            t('mail:greeting', { name: user.firstName }),
            '',
            t('mail:password_reset.intro'),
            '',
            `${ctx.config.appUrl}/reset-password?token=${token}`,
            '',
            t('mail:password_reset.ignore'),
          ].join('\n'),
          kind: 'password_reset',
          data: { resetId: row.id },
        },
        tx,
      );
    });
    ctx.mailer.kick();
    await redactSpentResetLinks(ctx.db, ctx.now);
  }
  return { message: messageIn(await ctx.language(), PASSWORD_RESET_SENT) };
}

/**
 * Sets the new password with a link's token: the link is spent, every session ends and every API
 * token is revoked (whoever knew the old password may have made one), the address counts as
 * verified (the link reached it), and the owner is told by e-mail.
 */
export async function confirmPasswordReset(
  ctx: PublicContext,
  input: { token: string; password: string; ip: string },
) {
  await beginAttempt(ctx.db, throttleKeys('reset-confirm', input.ip), ctx.now);
  const passwordHash = await hashPassword(input.password);
  // The owner asked for it: their own language, else this browser's, else the organisation's.
  const requested = await ctx.language();
  const user = await ctx.db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: ctx.now })
      .where(
        and(
          eq(passwordResets.tokenHash, sha256(input.token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, ctx.now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!reset) throw badRequest(INVALID_RESET_LINK, 'token');
    const [row] = await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, emailVerified: true })
      .where(eq(users.id, reset.userId))
      .returning();
    await endAllSessions(tx, row.id);
    await tx
      .update(apiTokens)
      .set({ revokedAt: ctx.now })
      .where(and(eq(apiTokens.userId, row.id), isNull(apiTokens.revokedAt)));
    await sendSecurityNotice(
      ctx,
      { ...row, language: row.language ?? requested },
      'password_reset',
      ctx.now,
      tx,
    );
    await audit(tx, {
      actorId: row.id,
      action: 'password_reset_by_link',
      targetUserId: row.id,
      details: { ip: input.ip },
      at: ctx.now,
    });
    return row;
  });
  ctx.mailer.kick();
  await redactSpentResetLinks(ctx.db, ctx.now);
  ctx.log.info({ userId: user.id }, 'password reset by link');
  return { message: messageIn(await ctx.language(), PASSWORD_RESET_DONE) };
}

/** Takes the link out of every outbox mail whose reset is used, replaced or expired (as codes are). */
export async function redactSpentResetLinks(db: Db, now: Date): Promise<number> {
  const redacted = await rowsOf(
    db,
    sql`
    update outbox set text = regexp_replace(text, 'token=[A-Za-z0-9_-]+', 'token=[used or expired]'),
      data = data - 'resetId'
    where kind = 'password_reset' and data ? 'resetId' and not exists (
      select 1 from password_resets r
      where r.id = (outbox.data->>'resetId')::uuid and r.used_at is null and r.expires_at > ${now})
    returning id`,
  );
  return redacted.length;
}
