import { eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/types';
import { authThrottle } from '../db/schema';
import { AppError } from './errors';

/**
 * Attempt throttling for sign-in, verification, resend and registration (docs/product/accounts.md#throttling; limits in
 * docs/decisions/002-accounts.md). Counters live in auth_throttle so every instance shares them.
 * An attempt is counted *before* it is evaluated, in one statement that also refuses it when the key
 * is blocked, so a burst of parallel requests cannot slip past the limit. Reaching the limit blocks
 * the key for a delay that doubles with every further attempt, capped at 15 minutes, and the window
 * itself expires after 15 minutes: an attacker can slow a real user down, never lock them out for
 * long — and the per-account key includes the client address, so attempts from elsewhere do not
 * touch the real user's own counter.
 */
export type ThrottleRule = { limit: number; windowMs: number; baseDelayMs: number; maxDelayMs: number };

const MINUTE = 60_000;
export const rules = {
  perAccount: { limit: 5, windowMs: 15 * MINUTE, baseDelayMs: 30_000, maxDelayMs: 15 * MINUTE },
  perAddress: { limit: 50, windowMs: 15 * MINUTE, baseDelayMs: 30_000, maxDelayMs: 15 * MINUTE },
  // Every registration runs argon2; an office behind one address may onboard a team at once.
  registration: { limit: 20, windowMs: 15 * MINUTE, baseDelayMs: 30_000, maxDelayMs: 15 * MINUTE },
} satisfies Record<string, ThrottleRule>;

/** `account` keys are cleared by a success; other keys only get their try back. */
export type ThrottleKey = { key: string; rule: ThrottleRule; account?: boolean };

export const TOO_MANY = 'too_many';

/** Counts one attempt against the key unless it is blocked now; returns false when it is blocked. */
async function countAttempt(db: Db, { key, rule }: ThrottleKey, now: Date): Promise<boolean> {
  const windowStart = new Date(now.getTime() - rule.windowMs);
  const expired = sql`${authThrottle.windowStart} < ${windowStart}`;
  const count = sql`(case when ${expired} then 1 else ${authThrottle.failures} + 1 end)`;
  // Reaching the limit blocks at once (in the same statement), so no parallel attempt sees it open.
  const delayMs = sql`least(${rule.baseDelayMs}::float8 * power(2, least(${count} - ${rule.limit}, 20)), ${rule.maxDelayMs}::float8)`;
  const rows = await db
    .insert(authThrottle)
    .values({
      key,
      failures: 1,
      windowStart: now,
      blockedUntil: rule.limit <= 1 ? new Date(now.getTime() + rule.baseDelayMs) : null,
    })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures: count,
        windowStart: sql`case when ${expired} then ${now}::timestamptz else ${authThrottle.windowStart} end`,
        blockedUntil: sql`case when ${count} >= ${rule.limit} then ${now}::timestamptz + ${delayMs} * interval '1 millisecond' else null end`,
      },
      where: or(isNull(authThrottle.blockedUntil), lte(authThrottle.blockedUntil, now)),
    })
    .returning({ key: authThrottle.key });
  return rows.length > 0;
}

async function refuse(db: Db, keys: ThrottleKey[], now: Date): Promise<never> {
  const rows = await db
    .select({ blockedUntil: authThrottle.blockedUntil })
    .from(authThrottle)
    .where(
      inArray(
        authThrottle.key,
        keys.map((k) => k.key),
      ),
    );
  let until = now.getTime() + 1000;
  for (const row of rows) if (row.blockedUntil) until = Math.max(until, row.blockedUntil.getTime());
  throw new AppError(429, TOO_MANY, { retryAfter: Math.ceil((until - now.getTime()) / 1000) });
}

/**
 * Counts an attempt against every key before the caller evaluates it; throws 429 with Retry-After
 * (seconds) when any key is blocked. Call `succeeded()` when the attempt turned out right: the
 * account key is cleared and the address gets its try back, so only failures use up its budget.
 */
export async function beginAttempt(db: Db, keys: ThrottleKey[], now: Date) {
  const counted: ThrottleKey[] = [];
  for (const k of keys) {
    if (!(await countAttempt(db, k, now))) await refuse(db, keys, now);
    counted.push(k);
  }
  return {
    async succeeded() {
      for (const { key, rule, account } of counted) {
        if (account) {
          await db.delete(authThrottle).where(eq(authThrottle.key, key));
          continue;
        }
        const left = sql`${authThrottle.failures} - 1`;
        await db
          .update(authThrottle)
          .set({
            failures: sql`greatest(${left}, 0)`,
            blockedUntil: sql`case when ${left} < ${rule.limit} then null else ${authThrottle.blockedUntil} end`,
          })
          .where(eq(authThrottle.key, key));
      }
    },
  };
}

/** The keys for an action by an account (if known) from a client address. */
export function throttleKeys(action: string, ip: string, email?: string): ThrottleKey[] {
  const keys: ThrottleKey[] = [{ key: `${action}:ip:${ip}`, rule: rules.perAddress }];
  if (email) keys.unshift({ key: `${action}:acct:${email}:${ip}`, rule: rules.perAccount, account: true });
  return keys;
}

/** Registration is throttled per client address only (there is no account yet). */
export const registrationKeys = (ip: string): ThrottleKey[] => [
  { key: `register:ip:${ip}`, rule: rules.registration },
];
