import type { User } from '@contract/auth';
import { type NotificationKind, notificationKindInfo, notificationKinds } from '@contract/notifications';
import type {
  EmailDelivery,
  NotificationPreference,
  ProfileSession,
  PutPreferencesRequest,
  UpdateProfileRequest,
} from '@contract/profile';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { notificationPreferences, sessions, users } from '../../db/schema';
import { audit } from '../../core/audit';
import { sendSecurityNotice } from '../../core/security-notice';
import { SESSION_IDLE_MS } from '../../lib/auth';
import type { Context } from '../../lib/context';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { beginAttempt, throttleKeys } from '../../lib/throttle';
import { beginSetup, confirmSetup, removeSecondFactor, spendSecondFactor } from '../../core/two-factor';
import { toUser } from '../../core/people';
import { deviceName } from './device';

/** The session lookup already read every public column of the caller. */
export function getProfile({ actor }: Context): User {
  return toUser(actor);
}

export async function updateProfile(ctx: Context, input: UpdateProfileRequest): Promise<User> {
  const { db, actor } = ctx;
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  if (Object.keys(changes).length === 0) return toUser(actor);
  const [row] = await db.update(users).set(changes).where(eq(users.id, actor.id)).returning();
  return toUser(row);
}

/** Sessions that could still be used: neither past their absolute expiry nor idle too long. */
export async function listSessions({ db, actor, now }: Context): Promise<ProfileSession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, actor.id),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .limit(200);
  return rows.map((s) => ({
    id: s.id,
    device: deviceName(s.userAgent),
    userAgent: s.userAgent,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
    current: s.id === actor.sessionId,
  }));
}

/** Ends one of the caller's own sessions (audited); anyone else's is 404, as if it did not exist. */
export async function endOwnSession({ db, actor, now }: Context, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.id, id), eq(sessions.userId, actor.id)))
      .returning({ id: sessions.id, userAgent: sessions.userAgent });
    if (ended.length === 0) throw notFound('session_not_found');
    await audit(tx, {
      actorId: actor.id,
      action: 'session_ended',
      targetUserId: actor.id,
      details: { sessionId: id, device: deviceName(ended[0].userAgent), current: id === actor.sessionId },
      at: now,
    });
  });
}

export async function getPreferences({ db, actor }: Context): Promise<NotificationPreference[]> {
  const rows = await db
    .select({ kind: notificationPreferences.kind, channel: notificationPreferences.channel })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, actor.id));
  const chosen = new Map(rows.map((r) => [r.kind, r.channel]));
  return notificationKinds.map((kind: NotificationKind) => ({
    kind,
    label: notificationKindInfo[kind].label,
    channel: chosen.get(kind) ?? notificationKindInfo[kind].channel,
  }));
}

/** Saves the kinds sent (the last one wins when a kind repeats); the others keep their choice. */
export async function putPreferences(ctx: Context, input: PutPreferencesRequest) {
  const byKind = new Map(input.preferences.map((p) => [p.kind, p.channel]));
  await ctx.db
    .insert(notificationPreferences)
    .values([...byKind].map(([kind, channel]) => ({ userId: ctx.actor.id, kind, channel })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { channel: sql`excluded.channel` },
    });
  return getPreferences(ctx);
}

export async function getEmailDelivery({ db, actor }: Context): Promise<EmailDelivery> {
  const [row] = await db.select({ digest: users.emailDigest }).from(users).where(eq(users.id, actor.id));
  return { delivery: row?.digest ? 'digest' : 'each' };
}

/** Held items of someone who goes back to single e-mails still go out in their next digest. */
export async function putEmailDelivery(ctx: Context, input: EmailDelivery): Promise<EmailDelivery> {
  await ctx.db
    .update(users)
    .set({ emailDigest: input.delivery === 'digest' })
    .where(eq(users.id, ctx.actor.id));
  return input;
}

/** Enrolment step 1 (docs/product/profile.md#two-factor): a new secret, shown this once. */
export const startTwoFactorSetup = (ctx: Context) => beginSetup(ctx, ctx.actor);

/** Enrolment step 2: a right code from the app turns two-factor sign-in on; throttled like sign-in. */
export async function enableTwoFactor(ctx: Context, code: string, ip: string) {
  const attempt = await beginAttempt(ctx.db, throttleKeys('2fa', ip, ctx.actor.email), ctx.now);
  const result = await ctx.db.transaction(async (tx) => {
    const enabled = await confirmSetup({ ...ctx, db: tx }, ctx.actor.id, code, ctx.now);
    await sendSecurityNotice(ctx, ctx.actor, 'two_factor_enabled', ctx.now, tx);
    await audit(tx, {
      actorId: ctx.actor.id,
      action: 'two_factor_enabled',
      targetUserId: ctx.actor.id,
      at: ctx.now,
    });
    return enabled;
  });
  ctx.mailer.kick();
  await attempt.succeeded();
  return result;
}

/** Turns two-factor sign-in off with a current code or a recovery code, unless the role requires it. */
export async function disableTwoFactor(ctx: Context, code: string, ip: string): Promise<User> {
  if (!ctx.actor.twoFactorEnabledAt) throw conflict('two_factor_not_on');
  if ((await ctx.settings()).twoFactorRoles.includes(ctx.actor.role)) {
    throw forbidden('two_factor_required_for_role');
  }
  const attempt = await beginAttempt(ctx.db, throttleKeys('2fa', ip, ctx.actor.email), ctx.now);
  const refused = await spendSecondFactor(ctx, ctx.actor.id, code, ctx.now);
  if (refused) throw badRequest(refused, 'code');
  await attempt.succeeded();
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await removeSecondFactor(tx, ctx.actor.id);
    await sendSecurityNotice(ctx, ctx.actor, 'two_factor_disabled', ctx.now, tx);
    await audit(tx, {
      actorId: ctx.actor.id,
      action: 'two_factor_disabled',
      targetUserId: ctx.actor.id,
      at: ctx.now,
    });
    return updated;
  });
  ctx.mailer.kick();
  return toUser(row);
}
