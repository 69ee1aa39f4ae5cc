import { and, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authThrottle, sessions } from '../db/schema';
import { SESSION_IDLE_MS } from './auth';
import type { Clock } from './clock';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes what would otherwise grow forever: sessions past their absolute or idle expiry (most are
 * never presented again) and throttle counters a day past their window with no block in force.
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
  return { sessions: deletedSessions.length, throttleCounters: deletedCounters.length };
}

/** Runs `purgeExpired` now and then every hour; returns the stop function. */
export function scheduleHousekeeping(db: Db, clock: Clock, onError: (err: unknown) => void) {
  const run = () => purgeExpired(db, clock).catch(onError);
  void run();
  const timer = setInterval(run, 60 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
