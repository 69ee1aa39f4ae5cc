import { type NotificationKind, notificationKindInfo } from '@contract/notifications';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/types';
import { digestItems, notificationPreferences, notifications, users } from '../db/schema';
import type { Context } from '../lib/context';
import { publishLive } from './live';
import { notificationMail } from './notification-mail';
import { organisationLanguage, type Reader, readerOf, type Words, wordsFor } from './readers';

export type NotificationInput = {
  kind: NotificationKind;
  /** who should hear of it; the actor and duplicates are dropped */
  to: readonly (string | null | undefined)[];
  /** who caused it (never notified); null for the server's own work */
  actorId: string | null;
  /** in each recipient's language: `({ t }) => t('notifications:task_assigned.title', {…})` */
  title: Words;
  /** the same; a plain string is someone's own text (a comment) */
  body?: Words;
  link: string;
  data?: Record<string, string>;
  at: Date;
};

type NotifyContext = Pick<Context, 'mailer' | 'config'>;

/**
 * Writes the notifications of one change, in the app and as queued e-mail, as each recipient's
 * channel for the kind says. Call it with the transaction of that change, so that all of it commits
 * or none does (docs/decisions/013-notifications-and-profile.md); after the commit,
 * `announceNotifications` tells the recipients' open tabs and the mail dispatcher. Returns who was
 * notified in the app.
 */
export async function notify(ctx: NotifyContext, tx: Db, input: NotificationInput): Promise<string[]> {
  const ids = [...new Set(input.to.filter((id): id is string => !!id && id !== input.actorId))];
  if (ids.length === 0) return [];
  // Each recipient's choice for this kind, else the kind's default (contract/notifications.ts).
  const recipients = await tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      digest: users.emailDigest,
      channel: notificationPreferences.channel,
      language: users.language,
    })
    .from(users)
    .leftJoin(
      notificationPreferences,
      and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.kind, input.kind)),
    )
    .where(and(inArray(users.id, ids), eq(users.isActive, true)));
  const fallback: string = notificationKindInfo[input.kind].channel;
  const channelOf = (r: (typeof recipients)[number]) => r.channel ?? fallback;
  const inApp = recipients.filter((r) => ['app', 'both'].includes(channelOf(r)));
  const byEmail = recipients.filter((r) => ['email', 'both'].includes(channelOf(r)));
  // Written at creation in each recipient's language and stored so: a read is a plain select
  // (docs/decisions/035-languages.md#notifications). One query for the organisation's default at most.
  const fallbackLanguage = recipients.some((r) => !r.language) ? await organisationLanguage(tx) : undefined;
  const rendered = new Map<string, { title: string; body: string; reader: Reader }>();
  const wordsOf = (r: (typeof recipients)[number]) => {
    const language = r.language ?? fallbackLanguage ?? 'en';
    let words = rendered.get(language);
    if (!words) {
      const reader = readerOf(language);
      words = { title: wordsFor(input.title, reader), body: wordsFor(input.body, reader), reader };
      rendered.set(language, words);
    }
    return words;
  };
  if (inApp.length > 0) {
    await tx.insert(notifications).values(
      inApp.map((r) => ({
        userId: r.id,
        kind: input.kind,
        actorId: input.actorId,
        title: wordsOf(r).title,
        body: wordsOf(r).body,
        link: input.link,
        data: input.data ?? null,
        createdAt: input.at,
      })),
    );
  }
  // Who chose the daily digest has the mail held for it (docs/product/notifications.md#digest).
  const held = byEmail.filter((r) => r.digest);
  if (held.length > 0) {
    await tx.insert(digestItems).values(
      held.map((r) => ({
        userId: r.id,
        kind: input.kind,
        title: wordsOf(r).title,
        body: wordsOf(r).body,
        link: input.link,
        createdAt: input.at,
      })),
    );
  }
  for (const r of byEmail) {
    if (r.digest) continue;
    await ctx.mailer.send(
      {
        ...notificationMail(ctx.config.appUrl, { ...wordsOf(r), link: input.link, firstName: r.firstName }),
        to: r.email,
        kind: `notification:${input.kind}`,
      },
      tx,
    );
  }
  return inApp.map((r) => r.id);
}

/**
 * After the commit: tells every instance's hub that these people's notifications changed, and the
 * mail dispatcher that mail may be waiting. A lost notice only delays the bell until the tab's next
 * fetch (and a mail until the next poll), so it is logged, never thrown.
 */
export async function announceNotifications(
  ctx: Pick<Context, 'events' | 'log' | 'mailer'>,
  userIds: readonly string[],
) {
  ctx.mailer.kick();
  if (userIds.length === 0) return;
  await publishLive(ctx, { type: 'notifications.changed', userIds: [...userIds] });
}
