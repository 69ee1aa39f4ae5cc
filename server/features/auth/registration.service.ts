import type { Language } from '@contract/languages';
import type { VerificationCodeRecord } from '@contract/auth';
import { and, desc, eq, gt, ilike, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { invitations, outbox, users, verificationCodes } from '../../db/schema';
import { createSession } from '../../lib/auth';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { hashPassword } from '../../lib/password';
import { joinGeneral } from '../../core/general-conversation';
import {
  hashCode,
  issueVerificationCode,
  MAX_CODE_ATTEMPTS,
  redactSpentCodes,
  stillUsable,
} from '../../core/verification-codes';
import { beginAttempt, registrationKeys, throttleKeys } from '../../lib/throttle';
import { findUserByEmail, toUser } from '../../core/people';
import { containsPattern } from '../../lib/like';

export const INVALID_CODE = 'invalid_code';
export const INVALID_INVITE = 'invalid_invite';

/** `secret` keys the codes' HMAC (server/lib/server-secret.ts). */
type Deps = { db: Db; clock: Clock; mailer: Mailer; secret: string; language(): Promise<Language> };

async function openInvitation(db: Db, code: string, email: string, now: Date) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.code, code), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)))
    .limit(1);
  return row && row.email === email ? row : undefined;
}

export async function register(
  deps: Deps,
  input: {
    firstName: string;
    lastName: string;
    email: string;
    password: string;
    role: 'employee' | 'manager';
    inviteCode: string | null;
    ip: string;
  },
) {
  const now = deps.clock.now();
  // Every registration counts (each one runs argon2 and sends mail), successful or not.
  await beginAttempt(deps.db, registrationKeys(input.ip), now);
  if (await findUserByEmail(deps.db, input.email)) {
    throw conflict('account_exists', { field: 'email' });
  }
  const invite = input.inviteCode ? await openInvitation(deps.db, input.inviteCode, input.email, now) : null;
  if (input.inviteCode && !invite) {
    throw badRequest(INVALID_INVITE, 'inviteCode');
  }
  const [user] = await deps.db
    .insert(users)
    .values({
      email: input.email,
      passwordHash: await hashPassword(input.password),
      firstName: input.firstName,
      lastName: input.lastName,
      // The admin chose the role when inviting; that choice wins over the form's.
      role: invite ? invite.role : input.role,
      inviteCode: invite ? invite.code : null,
      createdAt: now,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!user) throw conflict('account_exists', { field: 'email' });
  await issueVerificationCode(deps, user, await deps.language());
  return { email: user.email, message: 'verification_sent' };
}

/**
 * Checks the code (15 minutes, 5 tries). An invited account is approved at once and signed in;
 * any other waits for an admin.
 */
export async function verifyEmail(
  deps: Deps,
  input: { email: string; verificationCode: string; ip: string; userAgent?: string },
) {
  const now = deps.clock.now();
  // The attempt is counted before the code is looked at, so parallel tries cannot exceed the limit.
  const attempt = await beginAttempt(deps.db, throttleKeys('verify', input.ip, input.email), now);
  const fail = (message: string) => badRequest(message, 'verificationCode');
  const user = await findUserByEmail(deps.db, input.email);
  if (!user) throw fail(INVALID_CODE);
  if (user.emailVerified) throw conflict('email_already_verified');
  const [code] = await deps.db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, user.id), isNull(verificationCodes.consumedAt)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!code) throw fail(INVALID_CODE);
  if (code.expiresAt <= now) throw fail('code_expired');
  // Take one of the code's tries atomically before comparing: no burst gets more than MAX_CODE_ATTEMPTS.
  const [counted] = await deps.db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, code.id),
        isNull(verificationCodes.consumedAt),
        lt(verificationCodes.attempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .returning({ attempts: verificationCodes.attempts });
  if (!counted) throw fail('code_attempts_exhausted');
  if (code.codeHash !== hashCode(deps.secret, user.id, input.verificationCode)) {
    if (counted.attempts >= MAX_CODE_ATTEMPTS) await redactSpentCodes(deps.db, now);
    throw fail(INVALID_CODE);
  }
  const invite = user.inviteCode
    ? await openInvitation(deps.db, user.inviteCode, user.email, now)
    : undefined;
  const updated = await deps.db.transaction(async (tx) => {
    // Only one of several parallel right answers consumes the code.
    const consumed = await tx
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(and(eq(verificationCodes.id, code.id), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    if (consumed.length === 0) throw fail(INVALID_CODE);
    const [row] = await tx
      .update(users)
      .set(
        invite
          ? {
              emailVerified: true,
              approvalStatus: 'approved',
              approvedAt: now,
              lastLoginAt: now,
              lastActive: now,
            }
          : { emailVerified: true },
      )
      .where(eq(users.id, user.id))
      .returning();
    if (invite) {
      await tx
        .update(invitations)
        .set({ acceptedAt: now, acceptedUserId: user.id })
        .where(eq(invitations.id, invite.id));
      await joinGeneral(tx as unknown as Db, user.id);
    }
    return row;
  });
  await attempt.succeeded();
  await redactSpentCodes(deps.db, now);
  if (!invite) return { status: 'pending' as const, user: null, token: null };
  const token = await createSession(deps.db, user.id, deps.clock, input.userAgent);
  // An invited user's account is signed in for the first time right here.
  return { status: 'approved' as const, user: { ...toUser(updated), previousLoginAt: null }, token };
}

/** Same answer whether or not the address exists (docs/product/accounts.md#verification-codes); only unverified accounts get a code. */
export async function resendVerification(deps: Deps, input: { email: string; ip: string }) {
  const now = deps.clock.now();
  // Every resend counts, so the outbox and SMTP cannot be flooded.
  await beginAttempt(deps.db, throttleKeys('resend', input.ip, input.email), now);
  const user = await findUserByEmail(deps.db, input.email);
  if (user && !user.emailVerified) await issueVerificationCode(deps, user, await deps.language());
}

/** The verification e-mails in the outbox whose code still works, newest first (the testing page). */
export async function listVerificationCodes(
  db: Db,
  clock: Clock,
  query: { search?: string; limit: number },
): Promise<VerificationCodeRecord[]> {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const rows = await db
    .select({ email: outbox.toEmail, data: outbox.data, createdAt: outbox.createdAt })
    .from(outbox)
    .where(
      and(
        eq(outbox.kind, 'verification'),
        // A code delivered over SMTP is the addressee's alone; only mail still in the outbox is listed.
        isNull(outbox.sentAt),
        stillUsable(clock.now()),
        pattern ? ilike(outbox.toEmail, pattern) : undefined,
      ),
    )
    .orderBy(desc(outbox.createdAt))
    .limit(query.limit);
  return rows.map((r) => ({
    email: r.email,
    code: r.data?.code ?? '',
    timestamp: r.createdAt.toISOString(),
  }));
}
