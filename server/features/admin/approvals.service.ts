import type { PendingUser } from '@contract/admin';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { conflict } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { getUser, toUser } from '../auth/user-record';
import { joinGeneral } from '../chat/general';
import { audit } from './audit';

type Deps = { db: Db; clock: Clock; mailer: Mailer };

/** Verified registrations waiting for an admin, oldest first (the order they should be handled). */
export async function listPendingUsers(db: Db): Promise<PendingUser[]> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.approvalStatus, 'pending'), eq(users.emailVerified, true)))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(500);
  return rows.map((u) => ({
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    role: u.role,
    inviteCode: u.inviteCode,
    registeredAt: u.createdAt.toISOString(),
    emailVerified: u.emailVerified,
  }));
}

async function pendingTarget(db: Db, id: string) {
  const user = await getUser(db, id);
  if (user.approvalStatus !== 'pending') throw conflict('This registration has already been processed.');
  if (!user.emailVerified) throw conflict('This user has not verified their email address yet.');
  return user;
}

/** Approves, joins the 'General' chat and records it, all in one transaction; then e-mails the user. */
export async function approveUser(deps: Deps, actorId: string, id: string) {
  const now = deps.clock.now();
  await pendingTarget(deps.db, id);
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ approvalStatus: 'approved', approvedAt: now, rejectedReason: null })
      .where(and(eq(users.id, id), eq(users.approvalStatus, 'pending')))
      .returning();
    if (!row) throw conflict('This registration has already been processed.');
    await joinGeneral(tx, id);
    await audit(tx, { actorId, action: 'approve', targetUserId: id, at: now });
    return row;
  });
  await deps.mailer.send({
    to: updated.email,
    subject: 'Your Workbench account is approved',
    text: `Hello ${updated.firstName},\n\nan administrator approved your account. You can sign in now.`,
    kind: 'approval',
  });
  return toUser(updated);
}

export async function rejectUser(deps: Deps, actorId: string, id: string, reason?: string) {
  const now = deps.clock.now();
  await pendingTarget(deps.db, id);
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ approvalStatus: 'rejected', rejectedReason: reason || null })
      .where(and(eq(users.id, id), eq(users.approvalStatus, 'pending')))
      .returning();
    if (!row) throw conflict('This registration has already been processed.');
    await audit(tx, {
      actorId,
      action: 'reject',
      targetUserId: id,
      details: reason ? { reason } : undefined,
      at: now,
    });
    return row;
  });
  await deps.mailer.send({
    to: updated.email,
    subject: 'Your Workbench registration',
    text: `Hello ${updated.firstName},\n\nyour registration was not approved.${reason ? `\nReason: ${reason}` : ''}`,
    kind: 'rejection',
  });
  return toUser(updated);
}
