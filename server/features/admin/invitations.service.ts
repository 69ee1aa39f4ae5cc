import type { Invitation } from '@contract/admin';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invitations } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { conflict } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { generateCode } from '../auth/codes';
import { findUserByEmail } from '../auth/user-record';
import { audit } from './audit';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const INVITE_CODE_LENGTH = 10;

type Deps = { db: Db; clock: Clock; mailer: Mailer };
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
export async function listOpenInvitations(deps: Deps): Promise<Invitation[]> {
  const rows = await deps.db
    .select()
    .from(invitations)
    .where(and(isNull(invitations.acceptedAt), gt(invitations.expiresAt, deps.clock.now())))
    .orderBy(desc(invitations.createdAt))
    .limit(500);
  return rows.map(toInvitation);
}

/** A new invitation replaces any open one for the same address; the code is e-mailed. */
export async function createInvitation(
  deps: Deps,
  actorId: string,
  input: { email: string; role: 'employee' | 'manager' },
): Promise<Invitation> {
  const now = deps.clock.now();
  if (await findUserByEmail(deps.db, input.email)) {
    throw conflict('An account with this email already exists');
  }
  const created = await deps.db.transaction(async (tx) => {
    await tx
      .delete(invitations)
      .where(and(eq(invitations.email, input.email), isNull(invitations.acceptedAt)));
    const [row] = await tx
      .insert(invitations)
      .values({
        email: input.email,
        role: input.role,
        code: generateCode(INVITE_CODE_LENGTH),
        invitedBy: actorId,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
        createdAt: now,
      })
      .returning();
    await audit(tx, {
      actorId,
      action: 'invite',
      details: { email: input.email, role: input.role, invitationId: row.id },
      at: now,
    });
    return row;
  });
  await deps.mailer.send({
    to: created.email,
    subject: "You're invited to Workbench",
    text: `You have been invited to join Workbench as ${created.role}.\n\nRegister with this e-mail address and the invitation code ${created.code}. It is valid for 7 days.`,
    kind: 'invitation',
    data: { code: created.code },
  });
  return toInvitation(created);
}
