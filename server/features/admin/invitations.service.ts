import type { Invitation } from '@contract/admin';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { invitations } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import type { Context } from '../../lib/context';
import { readerOf } from '../../core/readers';
import { generateCode } from '../../core/verification-codes';
import { findUserByEmail } from '../../core/people';
import { audit } from '../../core/audit';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const INVITE_CODE_LENGTH = 10;

type Row = typeof invitations.$inferSelect;

/** The registration page with the invitation filled in (docs/product/admin.md#invitations). */
const invitationLink = (appUrl: string, r: Row) =>
  `${appUrl}/register?invite=${encodeURIComponent(r.code)}&email=${encodeURIComponent(r.email)}`;

const toInvitation = (appUrl: string, r: Row): Invitation => ({
  id: r.id,
  email: r.email,
  role: r.role,
  code: r.code,
  link: invitationLink(appUrl, r),
  expiresAt: r.expiresAt.toISOString(),
  acceptedAt: r.acceptedAt ? r.acceptedAt.toISOString() : null,
});

/** Invitations not yet used and not expired, newest first. */
export async function listOpenInvitations({ db, now, config }: Context): Promise<Invitation[]> {
  const rows = await db
    .select()
    .from(invitations)
    .where(and(isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)))
    .orderBy(desc(invitations.createdAt))
    .limit(500);
  return rows.map((r) => toInvitation(config.appUrl, r));
}

/** Revokes an open invitation: its code stops working at once (audited). */
export async function revokeInvitation({ db, actor, now }: Context, id: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(invitations)
      .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt)))
      .returning();
    if (!row) throw notFound('invitation_not_found');
    await audit(tx, {
      actorId: actor.id,
      action: 'invitation_revoked',
      email: row.email,
      details: { invitationId: row.id, role: row.role },
      at: now,
    });
  });
}

/** A new invitation replaces any open one for the same address; the code is e-mailed. */
export async function createInvitation(
  { db, actor, now, mailer, config, settings }: Context,
  input: { email: string; role: 'employee' | 'manager' },
): Promise<Invitation> {
  // Nobody knows the invited person's language yet: the organisation's.
  const { t } = readerOf((await settings()).defaultLanguage);
  if (await findUserByEmail(db, input.email)) {
    throw conflict('account_exists', { field: 'email' });
  }
  const created = await db.transaction(async (tx) => {
    await tx
      .delete(invitations)
      .where(and(eq(invitations.email, input.email), isNull(invitations.acceptedAt)));
    const [row] = await tx
      .insert(invitations)
      .values({
        email: input.email,
        role: input.role,
        code: generateCode(INVITE_CODE_LENGTH),
        invitedBy: actor.id,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
        createdAt: now,
      })
      .returning();
    // Queued with the invitation: the e-mail exists exactly when the invitation does.
    await mailer.send(
      {
        to: row.email,
        subject: t('mail:invitation.subject'),
        text: [
          t('mail:invitation.invited', { role: row.role }),
          '',
          t('mail:invitation.register', { url: invitationLink(config.appUrl, row) }),
          '',
          t('mail:invitation.code', { code: row.code }),
        ].join('\n'),
        kind: 'invitation',
        data: { code: row.code },
      },
      tx,
    );
    await audit(tx, {
      actorId: actor.id,
      action: 'invite',
      email: input.email,
      details: { role: input.role, invitationId: row.id },
      at: now,
    });
    return row;
  });
  mailer.kick();
  return toInvitation(config.appUrl, created);
}
