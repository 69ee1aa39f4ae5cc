import { and, asc, eq, lte } from 'drizzle-orm';
import { activeTimers } from '../../db/schema';
import type { Context } from '../../lib/context';
import { announceNotifications, notify } from '../../core/notify';
import { closeTimer } from '../../core/time/entries';

const HOUR_MS = 60 * 60 * 1000;
/** Timers stopped per sweep at most; the next sweep (a minute later) takes the rest. */
const SWEEP_BATCH = 200;

export type SweepContext = Pick<Context, 'db' | 'now' | 'settings' | 'mailer' | 'config' | 'events' | 'log'>;

/**
 * Stops every timer (or only `userId`'s) that has run past the organisation's limit, AT the limit
 * (docs/product/time-tracking.md#forgotten-timers): the entry ends at start + limit and is marked
 * auto-stopped, and its owner is notified (`timer_auto_stopped`) in the same transaction. Each timer
 * is its own transaction, and the delete decides against a user stopping it at the same moment.
 * Returns how many were stopped.
 */
export async function stopForgottenTimers(ctx: SweepContext, userId?: string): Promise<number> {
  const { autoStopTimerHours: hours, timeZone } = await ctx.settings();
  const limitMs = hours * HOUR_MS;
  const due = await ctx.db
    .select({ id: activeTimers.id })
    .from(activeTimers)
    .where(
      and(
        lte(activeTimers.startTime, new Date(ctx.now.getTime() - limitMs)),
        userId ? eq(activeTimers.userId, userId) : undefined,
      ),
    )
    .orderBy(asc(activeTimers.startTime))
    .limit(SWEEP_BATCH);
  let stopped = 0;
  for (const { id } of due) {
    try {
      const notified = await ctx.db.transaction(async (tx) => {
        const [timer] = await tx.delete(activeTimers).where(eq(activeTimers.id, id)).returning();
        if (!timer) return null; // stopped by its owner meanwhile
        const at = new Date(timer.startTime.getTime() + limitMs);
        // The week lock is checked as on every stop; it cannot refuse in practice, because a week
        // cannot be submitted while a timer of it runs (docs/decisions/011-teams-schedules-timesheets.md).
        const entryId = await closeTimer(tx, timer, at, timeZone, { autoStopped: true });
        return notify(ctx, tx, {
          kind: 'timer_auto_stopped',
          to: [timer.userId],
          actorId: null,
          title: ({ t }) =>
            t('notifications:timer_auto_stopped.title', { description: timer.description, hours }),
          body: ({ t }) => t('notifications:timer_auto_stopped.body'),
          link: '/tracker',
          data: { entryId },
          at: ctx.now,
        });
      });
      if (notified) {
        stopped += 1;
        await announceNotifications(ctx, notified);
      }
    } catch (err) {
      // One timer that cannot be stopped (e.g. a locked week) must not stop the others.
      ctx.log.warn({ err, timerId: id }, 'forgotten timer not stopped');
    }
  }
  if (stopped > 0) ctx.log.info({ stopped, limitHours: hours }, 'forgotten timers stopped');
  return stopped;
}
