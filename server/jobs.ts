import { and, isNull, lt, or } from 'drizzle-orm';
import type { Db } from './db/types';
import { authThrottle, sessions, twoFactorChallenges } from './db/schema';
import { redactSpentCodes } from './core/verification-codes';
import { SESSION_IDLE_MS } from './lib/auth';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './deps';
import { stopForgottenTimers } from './features/timers/forgotten-timers';
import { checkBudgets } from './features/billing/budgets';
import { notifyMissedClockOuts } from './features/attendance/alerts.notify';
import { sendDigests } from './features/notifications/digest';
import type { Clock } from './lib/clock';
import { contextFor } from './lib/context';
import { markZoneChanges, refreshAllStale } from './core/time/ledger-rollup';
import { refreshAllBilling } from './features/billing/billing-kept';
import { purgeTrash } from './features/trash/trash.service';
import { dropExpiredUndo } from './features/chat/messages.service';
import { createDueOccurrences } from './features/tasks/occurrences';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes what would otherwise grow forever: sessions past their absolute or idle expiry (most are
 * never presented again) and throttle counters a day past their window with no block in force; and
 * takes expired verification codes out of the outbox; half-finished two-factor sign-ins past their
 * 5 minutes (docs/decisions/019-two-factor.md); deleted tasks and time entries 30 days in the Trash.
 */
export async function purgeExpired(db: Db, clock: Clock) {
  const now = clock.now();
  const idleSince = new Date(now.getTime() - SESSION_IDLE_MS);
  const deletedSessions = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleSince)))
    .returning({ id: sessions.id });
  const deletedCounters = await db
    .delete(authThrottle)
    .where(
      and(
        lt(authThrottle.windowStart, new Date(now.getTime() - DAY_MS)),
        or(isNull(authThrottle.blockedUntil), lt(authThrottle.blockedUntil, now)),
      ),
    )
    .returning({ key: authThrottle.key });
  const redactedCodes = await redactSpentCodes(db, now);
  const deletedChallenges = await db
    .delete(twoFactorChallenges)
    .where(lt(twoFactorChallenges.expiresAt, now))
    .returning({ id: twoFactorChallenges.id });
  // the Trash's 30 days (docs/product/tasks.md#trash)
  const trash = await purgeTrash(db, now);
  return {
    trash,
    sessions: deletedSessions.length,
    throttleCounters: deletedCounters.length,
    redactedCodes,
    twoFactorChallenges: deletedChallenges.length,
  };
}

/**
 * Runs `job` now and then every `everyMs`, one run at a time. The returned stop waits for a run in
 * progress, so a shutdown closes the database only after it (a sweep cut off mid-way by the pool
 * closing under it logged errors and left its work half done).
 */
export function every(everyMs: number, job: (stopped: () => boolean) => Promise<unknown>) {
  let stopped = false;
  let running: Promise<unknown> | undefined;
  // A tick while the previous run is still going is skipped, not queued.
  const tick = () => {
    if (stopped || running) return;
    running = job(() => stopped).finally(() => {
      running = undefined;
    });
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}

/** Runs `purgeExpired` now and then every hour; returns the stop function. */
export function scheduleHousekeeping(db: Db, clock: Clock, onError: (err: unknown) => void) {
  return every(60 * 60 * 1000, () => purgeExpired(db, clock).catch(onError));
}

/**
 * The minute sweep, now and then every minute: stops forgotten timers
 * (docs/product/time-tracking.md#forgotten-timers), so a timer ends at most a minute after its limit
 * is passed (and at once when its owner's timer is read; the entry's end is the limit either way),
 * notifies missed clock-outs (docs/product/notifications.md#events), sends the daily digests that
 * are due (docs/product/notifications.md#digest), tells managers of budget thresholds reached
 * (docs/product/billing.md#budgets), forgets what deleted chat messages held once their Undo has
 * passed (docs/product/chat.md#undo), and makes the occurrence of a repeating task that falls on
 * today while the one before is still open (docs/product/tasks.md#repeat). Each run reads the
 * settings afresh; one part failing does not stop the others; a stop skips the parts not yet begun.
 */
export function scheduleSweeps(deps: AppDeps, log: FastifyBaseLogger, everyMs = 60 * 1000) {
  const parts: [(ctx: ReturnType<typeof contextFor>) => Promise<unknown>, string][] = [
    [stopForgottenTimers, 'stopping forgotten timers failed'],
    [notifyMissedClockOuts, 'notifying missed clock-outs failed'],
    [sendDigests, 'sending daily digests failed'],
    [(ctx) => checkBudgets(ctx), 'checking project budgets failed'],
    [dropExpiredUndo, 'dropping expired message undo failed'],
    [createDueOccurrences, 'making repeating tasks due today failed'],
  ];
  return every(everyMs, async (stopped) => {
    const ctx = contextFor(deps, null, log);
    for (const [part, failure] of parts) {
      if (stopped()) return;
      await part(ctx).catch((err) => log.error({ err }, failure));
    }
  });
}

/**
 * Keeps the ledger's sums (docs/decisions/042-ledger-rollup.md): every couple of seconds counts the
 * days that writes marked stale again, a batch of people at a time until none is left; every minute
 * or so also marks the people whose zone changed. Reads are exact meanwhile (they count stale days
 * from the entries), so a failed run only costs speed; it is logged and the next run tries again.
 */
export function scheduleLedgerRefresh(deps: AppDeps, log: FastifyBaseLogger, everyMs = 2_000) {
  let run = 0;
  return every(everyMs, async (stopped) => {
    const ctx = contextFor(deps, null, log);
    try {
      const { timeZone } = await ctx.settings();
      if (run++ % 30 === 0) await markZoneChanges(ctx.db, timeZone);
      const people = await refreshAllStale(ctx.db, timeZone, stopped);
      if (people >= 100) log.info({ people }, 'ledger: counted the stale days of many people again');
      // Billing prices the ledger's kept pieces, so it follows the ledger (decision 049).
      const priced = await refreshAllBilling(ctx.db, stopped);
      if (priced >= 100) log.info({ people: priced }, 'billing: priced the entries of many people again');
    } catch (err) {
      log.error({ err }, 'refreshing the ledger failed');
    }
  });
}
