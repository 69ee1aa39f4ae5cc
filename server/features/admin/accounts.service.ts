import type { AdminStats, AdminUser } from '@contract/admin';
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { users } from '../../db/schema';
import { endAllSessions } from '../../lib/auth';
import type { Context } from '../../lib/context';
import { AppError, conflict } from '../../lib/errors';
import { generatePassword, hashPassword } from '../../lib/password';
import { countAlerts } from '../alerts/alerts.service';
import { removeSecondFactor } from '../auth/two-factor';
import { getUser, toUser } from '../auth/user-record';
import { audit } from './audit';
import { containsPattern } from '../../lib/like';

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
      activeUsers: sql<number>`(count(*) filter (where ${users.approvalStatus} = 'approved' and ${users.isActive}))::int`,
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

/** Suspends with a reason and ends every live session of the user at once. */
export async function suspendUser({ db, actor, now }: Context, id: string, reason: string) {
  const user = await nonAdminTarget(db, id, 'Administrators cannot be suspended.');
  if (!user.isActive) throw conflict('This user is already suspended.');
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
  const user = await nonAdminTarget(db, id, 'Administrators cannot be suspended or activated.');
  if (user.anonymisedAt) throw conflict('An anonymised account cannot be activated.');
  if (user.isActive) throw conflict('This user is already active.');
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

/** A strong temporary password, returned once; the user must replace it at next sign-in. */
export async function resetPassword({ db, actor, now }: Context, id: string) {
  await nonAdminTarget(db, id, "An administrator's password cannot be reset here.");
  const temporaryPassword = generatePassword();
  const passwordHash = await hashPassword(temporaryPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, mustChangePassword: true }).where(eq(users.id, id));
    await endAllSessions(tx, id);
    await audit(tx, { actorId: actor.id, action: 'reset_password', targetUserId: id, at: now });
  });
  return { temporaryPassword };
}

/**
 * Removes a user's authenticator and recovery codes (they lost their phone); audited. The user
 * signs in with the password alone and enrols again where their role requires it.
 */
export async function resetTwoFactor({ db, actor, now }: Context, id: string) {
  const user = await getUser(db, id);
  if (!user.twoFactorEnabledAt) throw conflict('This user has no two-factor sign-in to reset.');
  return db.transaction(async (tx) => {
    const row = await removeSecondFactor(tx, id);
    await audit(tx, { actorId: actor.id, action: 'reset_two_factor', targetUserId: id, at: now });
    return toAdminUser(row);
  });
}
