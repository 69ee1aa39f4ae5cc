import type { AdminStats, AdminUser } from '@contract/admin';
import { LAST_ADMIN } from '@contract/admin';
import type { Role } from '@contract/auth';
import { and, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { sendSecurityNotice } from '../../core/security-notice';
import { rowsOf } from '../../db/rows';
import type { Db } from '../../db/types';
import { apiTokens, teamMembers, users, verificationCodes } from '../../db/schema';
import { endAllSessions } from '../../lib/auth';
import type { Context } from '../../lib/context';
import { AppError, conflict } from '../../lib/errors';
import { generatePassword, hashPassword } from '../../lib/password';
import { countAlerts } from '../../core/attendance-alerts';
import { removeSecondFactor } from '../../core/two-factor';
import { issueVerificationCode } from '../../core/verification-codes';
import { getUser, toUser } from '../../core/people';
import { audit } from '../../core/audit';
import { containsPattern } from '../../lib/like';
import { activeAccount } from '../../db/accounts';

type UserRow = typeof users.$inferSelect;

export const toAdminUser = (row: UserRow): AdminUser => ({
  ...toUser(row),
  suspendedReason: row.suspendedReason,
  rejectedReason: row.rejectedReason,
  anonymisedAt: row.anonymisedAt?.toISOString() ?? null,
});

/** All accounts, newest first, searchable by e-mail or name, a page at a time. */
export async function listAllUsers(
  { db }: Context,
  query: { search?: string; limit: number; before?: string },
): Promise<AdminUser[]> {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const cursor = query.before
    ? sql`(${users.createdAt}, ${users.id}) < (select created_at, id from users where id = ${query.before})`
    : undefined;
  const rows = await db
    .select()
    .from(users)
    .where(
      and(
        pattern
          ? or(ilike(users.email, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern))
          : undefined,
        cursor,
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit);
  return rows.map(toAdminUser);
}

/** The stat cards' figures, all counted in SQL (docs/product/admin.md#admin-stats: never from a capped list). */
export async function adminStats(ctx: Context): Promise<AdminStats> {
  const [row] = await ctx.db
    .select({
      totalUsers: sql<number>`count(*)::int`,
      pendingApprovals: sql<number>`(count(*) filter (where ${users.approvalStatus} = 'pending' and ${users.emailVerified}))::int`,
      activeUsers: sql<number>`(count(*) filter (where ${activeAccount('users')}))::int`,
      admins: sql<number>`(count(*) filter (where ${users.role} = 'admin'))::int`,
      managers: sql<number>`(count(*) filter (where ${users.role} = 'manager'))::int`,
      employees: sql<number>`(count(*) filter (where ${users.role} = 'employee'))::int`,
    })
    .from(users);
  return { ...row, systemAlerts: await countAlerts(ctx) };
}

async function nonAdminTarget(db: Db, id: string, refusal: string) {
  const user = await getUser(db, id);
  if (user.role === 'admin') throw new AppError(403, refusal);
  return user;
}

/**
 * Refuses a change that would leave no active administrator (docs/product/admin.md#roles): the
 * other admins are counted under a lock on their rows, so two admins demoting each other at once
 * cannot both succeed.
 */
async function assertAnotherActiveAdmin(tx: Db, userId: string) {
  const others = await rowsOf<{ id: string }>(
    tx,
    sql`select id from users where role = 'admin' and ${activeAccount('users')}
          and anonymised_at is null and id <> ${userId} for update`,
  );
  if (others.length === 0) throw conflict(LAST_ADMIN);
}

/**
 * Promotes or demotes a person (audited; they hear of it by e-mail). A manager who becomes an
 * employee stays in their teams as a member: employees manage no team.
 */
export async function changeRole(ctx: Context, id: string, role: Role) {
  const { db, actor, now } = ctx;
  const user = await getUser(db, id);
  if (user.anonymisedAt) throw conflict('anonymised_unchangeable');
  if (user.role === role) return toAdminUser(user);
  return db.transaction(async (tx) => {
    if (user.role === 'admin') await assertAnotherActiveAdmin(tx, id);
    const [row] = await tx.update(users).set({ role }).where(eq(users.id, id)).returning();
    const teamsLeft =
      role === 'employee'
        ? await tx
            .update(teamMembers)
            .set({ role: 'member' })
            .where(and(eq(teamMembers.userId, id), eq(teamMembers.role, 'manager')))
            .returning({ teamId: teamMembers.teamId })
        : [];
    await audit(tx, {
      actorId: actor.id,
      action: 'role_change',
      targetUserId: id,
      details: {
        from: user.role,
        to: role,
        ...(teamsLeft.length ? { noLongerManages: teamsLeft.map((t) => t.teamId) } : {}),
      },
      at: now,
    });
    return toAdminUser(row);
  });
}

/**
 * Suspends with a reason and ends every live session of the user at once. Administrators are never
 * suspended (demote one first), so no change here can leave the organisation without an admin.
 */
export async function suspendUser({ db, actor, now }: Context, id: string, reason: string) {
  const user = await nonAdminTarget(db, id, 'admin_not_suspendable');
  if (!user.isActive) throw conflict('already_suspended');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ isActive: false, suspendedReason: reason })
      .where(eq(users.id, id))
      .returning();
    await endAllSessions(tx, id);
    await audit(tx, {
      actorId: actor.id,
      action: 'suspend',
      targetUserId: id,
      details: { reason },
      at: now,
    });
    return toAdminUser(row);
  });
}

export async function activateUser({ db, actor, now }: Context, id: string) {
  const user = await nonAdminTarget(db, id, 'admin_not_activatable');
  if (user.anonymisedAt) throw conflict('anonymised_not_activatable');
  if (user.isActive) throw conflict('already_active');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ isActive: true, suspendedReason: null })
      .where(eq(users.id, id))
      .returning();
    await audit(tx, { actorId: actor.id, action: 'activate', targetUserId: id, at: now });
    return toAdminUser(row);
  });
}

/**
 * A strong temporary password, returned once; the user must replace it at next sign-in. Like any
 * reset it ends their sessions and revokes their API tokens, and they are told by e-mail.
 */
export async function resetPassword(ctx: Context, id: string) {
  const { db, actor, now } = ctx;
  const user = await nonAdminTarget(db, id, 'admin_password_not_resettable');
  const temporaryPassword = generatePassword();
  const passwordHash = await hashPassword(temporaryPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, mustChangePassword: true }).where(eq(users.id, id));
    await endAllSessions(tx, id);
    const revoked = await revokeAllTokens(tx, id, now);
    await sendSecurityNotice(ctx, user, 'password_reset_by_admin', now, tx);
    await audit(tx, {
      actorId: actor.id,
      action: 'reset_password',
      targetUserId: id,
      details: { tokensRevoked: revoked },
      at: now,
    });
  });
  ctx.mailer.kick();
  return { temporaryPassword };
}

/** Revokes every live API token of the user; answers how many. */
async function revokeAllTokens(tx: Db, userId: string, now: Date) {
  const rows = await tx
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length;
}

/** An admin e-mails a new verification code to someone who has not verified (audited). */
export async function resendVerificationFor(ctx: Context, id: string) {
  const user = await getUser(ctx.db, id);
  if (user.emailVerified) throw conflict('email_already_verified');
  if (user.anonymisedAt) throw conflict('anonymised_unchangeable');
  await issueVerificationCode(ctx, user);
  await audit(ctx.db, {
    actorId: ctx.actor.id,
    action: 'verification_resent',
    targetUserId: id,
    at: ctx.now,
  });
}

/** An admin vouches for an address without a code (audited); approval is still a separate step. */
export async function markEmailVerified({ db, actor, now }: Context, id: string) {
  const user = await getUser(db, id);
  if (user.emailVerified) throw conflict('email_already_verified');
  return db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ emailVerified: true }).where(eq(users.id, id)).returning();
    await tx
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(and(eq(verificationCodes.userId, id), isNull(verificationCodes.consumedAt)));
    await audit(tx, { actorId: actor.id, action: 'email_marked_verified', targetUserId: id, at: now });
    return toAdminUser(row);
  });
}

/**
 * Removes a user's authenticator and recovery codes (they lost their phone); audited. The user
 * signs in with the password alone and enrols again where their role requires it.
 */
export async function resetTwoFactor(ctx: Context, id: string) {
  const { db, actor, now } = ctx;
  const user = await getUser(db, id);
  if (!user.twoFactorEnabledAt) throw conflict('no_two_factor_to_reset');
  const updated = await db.transaction(async (tx) => {
    const row = await removeSecondFactor(tx, id);
    await sendSecurityNotice(ctx, user, 'two_factor_reset', now, tx);
    await audit(tx, { actorId: actor.id, action: 'reset_two_factor', targetUserId: id, at: now });
    return toAdminUser(row);
  });
  ctx.mailer.kick();
  return updated;
}
