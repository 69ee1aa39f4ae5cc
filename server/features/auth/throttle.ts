import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authThrottle } from '../../db/schema';
import { AppError } from '../../lib/errors';

/**
 * Failure throttling for sign-in, verification and resend (decisions §5; limits in
 * docs/decisions/002-accounts.md). Counters live in auth_throttle so every instance shares them.
 * Past the limit each further failure blocks the key for a delay that doubles, capped at 15 minutes,
 * and the window itself expires after 15 minutes: an attacker can slow a real user down, never lock
 * them out for long — and the per-account key includes the client address, so attempts from
 * elsewhere do not touch the real user's own counter.
 */
export type ThrottleRule = { limit: number; windowMs: number; baseDelayMs: number; maxDelayMs: number };

const MINUTE = 60_000;
export const rules = {
  perAccount: { limit: 5, windowMs: 15 * MINUTE, baseDelayMs: 30_000, maxDelayMs: 15 * MINUTE },
  perAddress: { limit: 50, windowMs: 15 * MINUTE, baseDelayMs: 30_000, maxDelayMs: 15 * MINUTE },
} satisfies Record<string, ThrottleRule>;

export type ThrottleKey = { key: string; rule: ThrottleRule };

export const TOO_MANY = 'Too many attempts. Please try again later.';

/** Throws 429 with Retry-After (seconds) when any of the keys is blocked now. */
export async function assertNotThrottled(db: Db, keys: ThrottleKey[], now: Date) {
  const rows = await db
    .select()
    .from(authThrottle)
    .where(
      inArray(
        authThrottle.key,
        keys.map((k) => k.key),
      ),
    );
  let until = 0;
  for (const row of rows) {
    if (row.blockedUntil && row.blockedUntil > now) until = Math.max(until, row.blockedUntil.getTime());
  }
  if (until > 0) {
    throw new AppError(429, TOO_MANY, { retryAfter: Math.ceil((until - now.getTime()) / 1000) });
  }
}

/** Counts one failure against each key, starting a fresh window when the old one has passed. */
export async function recordFailure(db: Db, keys: ThrottleKey[], now: Date) {
  for (const { key, rule } of keys) {
    const windowStart = new Date(now.getTime() - rule.windowMs);
    const [row] = await db
      .insert(authThrottle)
      .values({ key, failures: 1, windowStart: now })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          failures: sql`case when ${authThrottle.windowStart} < ${windowStart} then 1 else ${authThrottle.failures} + 1 end`,
          windowStart: sql`case when ${authThrottle.windowStart} < ${windowStart} then ${now} else ${authThrottle.windowStart} end`,
        },
      })
      .returning();
    const over = row.failures - rule.limit;
    if (over >= 0) {
      const delay = Math.min(rule.baseDelayMs * 2 ** Math.min(over, 20), rule.maxDelayMs);
      await db
        .update(authThrottle)
        .set({ blockedUntil: new Date(now.getTime() + delay) })
        .where(eq(authThrottle.key, key));
    }
  }
}

export async function clearThrottle(db: Db, key: string) {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}

/** The keys for an action by an account (if known) from a client address. */
export function throttleKeys(action: string, ip: string, email?: string): ThrottleKey[] {
  const keys: ThrottleKey[] = [{ key: `${action}:ip:${ip}`, rule: rules.perAddress }];
  if (email) keys.unshift({ key: `${action}:acct:${email}:${ip}`, rule: rules.perAccount });
  return keys;
}
