import type { User } from '@contract/auth';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/types';
import { users } from '../db/schema';
import { isoInstant } from '../db/statements';
import type { PublicUserRow, SessionUser } from '../lib/auth';
import { notFound } from '../lib/errors';

type UserRow = typeof users.$inferSelect;

/** The client-facing user record; built field by field so nothing secret can slip in. */
export function toUser(row: PublicUserRow | SessionUser): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    isActive: row.isActive,
    approvalStatus: row.approvalStatus,
    emailVerified: row.emailVerified,
    mustChangePassword: row.mustChangePassword,
    lastActive: isoInstant(row.lastActive),
    lastLoginAt: isoInstant(row.lastLoginAt),
    username: row.username,
    companyId: row.companyId,
    profileImageUrl: row.profileImageUrl,
    timeZone: row.timeZone,
    language: row.language,
    timeFormat: row.timeFormat,
    twoFactorEnabled: row.twoFactorEnabledAt !== null,
    createdAt: isoInstant(row.createdAt),
  };
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function getUser(db: Db, id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound('user_not_found');
  return row;
}
