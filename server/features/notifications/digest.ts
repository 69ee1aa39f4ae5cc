import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { zonedDate } from '@contract/zoned-time';
import { rowsOf } from '../../db/rows';
import { digestItems } from '../../db/schema';
import type { Context } from '../../lib/context';
import { digestMail } from '../../core/notification-mail';
import { readerOf } from '../../core/readers';
import { languageFor } from '../../lib/i18n';

/** People handled per sweep at most; the next sweep (a minute later) takes the rest. */
const SWEEP_BATCH = 200;

export type DigestContext = Pick<Context, 'db' | 'now' | 'settings' | 'mailer' | 'config' | 'log'>;

type Waiting = {
  id: string;
  email: string;
  first_name: string;
  is_active: boolean;
  zone: string;
  day_start: number;
  language: string | null;
};

/**
 * Sends the daily digests (docs/product/notifications.md#digest): for each person with held
 * notification e-mails from before the start of their today (their time zone, else the
 * organisation's), one mail with all of them. The claim is a row update — `digested_at` set where
 * it is still null — in the transaction that queues the mail, so a digest goes out once, whatever
 * restarts or second instance run the same sweep. Returns how many digests were queued.
 */
export async function sendDigests(ctx: DigestContext): Promise<number> {
  const { timeZone: orgZone, defaultLanguage } = await ctx.settings();
  const now = ctx.now.toISOString();
  const waiting = await rowsOf<Waiting>(
    ctx.db,
    sql`select u.id, u.email, u.first_name, u.is_active, u.language, z.zone,
        (extract(epoch from date_trunc('day', ${now}::timestamptz at time zone z.zone) at time zone z.zone) * 1000)::float8
          as day_start
      from (select user_id, min(created_at) as oldest from digest_items where digested_at is null group by user_id) w
      join users u on u.id = w.user_id
      cross join lateral (select coalesce(u.time_zone, ${orgZone}) as zone) z
      where w.oldest < (date_trunc('day', ${now}::timestamptz at time zone z.zone) at time zone z.zone)
      limit ${SWEEP_BATCH}`,
  );
  let sent = 0;
  for (const person of waiting) {
    try {
      const queued = await ctx.db.transaction(async (tx) => {
        const dayStart = new Date(Number(person.day_start));
        const claimed = await tx
          .update(digestItems)
          .set({ digestedAt: ctx.now })
          .where(
            and(
              eq(digestItems.userId, person.id),
              isNull(digestItems.digestedAt),
              lt(digestItems.createdAt, dayStart),
            ),
          )
          .returning();
        // Claimed by another instance meanwhile; a suspended person's items are dropped unsent.
        if (claimed.length === 0 || !person.is_active) return false;
        claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
        const first = zonedDate(claimed[0].createdAt, person.zone);
        const last = zonedDate(claimed[claimed.length - 1].createdAt, person.zone);
        // In the person's language, else the organisation's (docs/decisions/035-languages.md).
        const reader = readerOf(languageFor({ chosen: person.language, organisation: defaultLanguage }));
        await ctx.mailer.send(
          {
            ...digestMail(ctx.config.appUrl, {
              firstName: person.first_name,
              day:
                first === last
                  ? reader.day(first)
                  : reader.t('mail:digest.days', { first: reader.day(first), last: reader.day(last) }),
              items: claimed,
              reader,
            }),
            to: person.email,
            kind: 'notification:digest',
          },
          tx,
        );
        return true;
      });
      if (queued) sent += 1;
    } catch (err) {
      ctx.log.warn({ err, userId: person.id }, 'digest not sent');
    }
  }
  if (sent > 0) {
    ctx.mailer.kick();
    ctx.log.info({ digests: sent }, 'daily digests queued');
  }
  return sent;
}
