import type { Invitation } from '@contract/admin';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { invitations } from '../../db/schema';
import { conflict } from '../../lib/errors';
import type { Context } from '../../lib/context';
import { generateCode } from '../auth/codes';
import { findUserByEmail } from '../auth/user-record';
import { audit } from './audit';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const INVITE_CODE_LENGTH = 10;

type Row = typeof invitations.$inferSelect;

const toInvitation = (r: Row): Invitation => ({
  id: r.id,
  email: r.email,
  role: r.role,
  code: r.code,
  expiresAt: r.expiresAt.toISOString(),
  acceptedAt: r.acceptedAt ? r.acceptedAt.toISOString() : null,
});

/** Invitations not yet used and not expired, newest first. */
export async function listOpenInvitations({ db, now }: Context): Promise<Invitation[]> {
  const rows = await db
    .select()
    .from(invitations)
    .where(and(isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)))
    .orderBy(desc(invitations.createdAt))
    .limit(500);
  return rows.map(toInvitation);
}

/** A new invitation replaces any open one for the same address; the code is e-mailed. */
export async function createInvitation(
  { db, actor, now, mailer }: Context,
  input: { email: string; role: 'employee' | 'manager' },
): Promise<Invitation> {
  if (await findUserByEmail(db, input.email)) {
    throw conflict('An account with this email already exists', { field: 'email' });
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
    await audit(tx, {
      actorId: actor.id,
      action: 'invite',
      details: { email: input.email, role: input.role, invitationId: row.id },
      at: now,
    });
    return row;
  });
  await mailer.send({
    to: created.email,
    subject: "You're invited to Workbench",
    text: `You have been invited to join Workbench as ${created.role}.\n\nRegister with this e-mail address and the invitation code ${created.code}. It is valid for 7 days.`,
    kind: 'invitation',
    data: { code: created.code },
  });
  return toInvitation(created);
}
