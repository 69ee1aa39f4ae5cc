import type { PendingUser } from '@contract/admin';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { users } from '../../db/schema';
import { conflict } from '../../lib/errors';
import type { Context } from '../../lib/context';
import { getUser, toUser } from '../../core/people';
import { joinGeneral } from '../../core/general-conversation';
import { announceNotifications, notify } from '../../core/notify';
import { audit } from '../../core/audit';
import { organisationLanguage, readerOf } from '../../core/readers';

/** Verified registrations waiting for an admin, oldest first (the order they should be handled). */
export async function listPendingUsers({ db }: Context): Promise<PendingUser[]> {
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
  if (user.approvalStatus !== 'pending') throw conflict('registration_processed');
  if (!user.emailVerified) throw conflict('email_not_verified');
  return user;
}

/**
 * Approves, joins the 'General' chat, records it and notifies the user (in the app and, as the
 * registration page promises, by e-mail), all in one transaction.
 */
export async function approveUser(ctx: Context, id: string) {
  const { db, actor, now } = ctx;
  await pendingTarget(db, id);
  const { updated, notified } = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ approvalStatus: 'approved', approvedAt: now, rejectedReason: null })
      .where(and(eq(users.id, id), eq(users.approvalStatus, 'pending')))
      .returning();
    if (!row) throw conflict('registration_processed');
    await joinGeneral(tx, id);
    await audit(tx, { actorId: actor.id, action: 'approve', targetUserId: id, at: now });
    // Waiting in the bell at the first sign-in (decisions 013).
    const notified = await notify(ctx, tx, {
      kind: 'account_approved',
      to: [id],
      actorId: actor.id,
      title: ({ t }) => t('notifications:account_approved.title'),
      body: ({ t }) => t('notifications:account_approved.body'),
      link: '/',
      at: now,
    });
    return { updated: row, notified };
  });
  await announceNotifications(ctx, notified);
  return toUser(updated);
}

export async function rejectUser(ctx: Context, id: string, reason?: string) {
  const { db, actor, now, mailer } = ctx;
  await pendingTarget(db, id);
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ approvalStatus: 'rejected', rejectedReason: reason || null })
      .where(and(eq(users.id, id), eq(users.approvalStatus, 'pending')))
      .returning();
    if (!row) throw conflict('registration_processed');
    await audit(tx, {
      actorId: actor.id,
      action: 'reject',
      targetUserId: id,
      details: reason ? { reason } : undefined,
      at: now,
    });
    // By e-mail only: a rejected person cannot sign in to read the bell (decisions 013); in their
    // language, else the organisation's.
    const { t } = readerOf(row.language ?? (await organisationLanguage(tx)));
    await mailer.send(
      {
        to: row.email,
        subject: t('mail:rejection.subject'),
        text: [
          t('mail:greeting', { name: row.firstName }),
          '',
          t('mail:rejection.body'),
          ...(reason ? [t('mail:rejection.reason', { reason })] : []),
        ].join('\n'),
        kind: 'rejection',
      },
      tx,
    );
    return row;
  });
  mailer.kick();
  return toUser(updated);
}
