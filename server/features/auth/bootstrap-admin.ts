import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/types';
import { users } from '../../db/schema';
import { generatePassword, hashPassword } from '../../lib/password';
import { joinGeneral } from '../../core/general-conversation';

/**
 * On start, if no admin exists, creates one from WORKBENCH_ADMIN_EMAIL/PASSWORD, or with a
 * generated password printed once to the log (docs/product/accounts.md#first-admin).
 */
export async function ensureFirstAdmin(
  db: Db,
  options: { email?: string; password?: string },
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (existing) return null;
  const email = (options.email ?? 'admin@workbench.local').toLowerCase();
  const password = options.password ?? generatePassword();
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (taken) {
    log.warn(
      { email },
      'no admin exists, but the first-admin e-mail is taken by another account; set WORKBENCH_ADMIN_EMAIL',
    );
    return null;
  }
  // A generated password was only ever in the log: the admin must replace it at first sign-in
  // (docs/product/accounts.md#passwords). Like every approved user, the admin belongs to 'General' (docs/product/chat.md#general).
  const passwordHash = await hashPassword(password);
  const admin = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        email,
        passwordHash,
        firstName: 'Workbench',
        lastName: 'Admin',
        role: 'admin',
        approvalStatus: 'approved',
        emailVerified: true,
        mustChangePassword: !options.password,
        approvedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (row) await joinGeneral(tx, row.id);
    return row;
  });
  if (!admin) return null;
  if (options.password) {
    log.info({ email }, 'created the first admin from WORKBENCH_ADMIN_EMAIL / WORKBENCH_ADMIN_PASSWORD');
  } else {
    // Printed once, by design: there is no other way to learn it.
    log.warn(
      `created the first admin: ${email} with password ${password} (shown once; it must be changed at first sign-in)`,
    );
  }
  return admin.id;
}
