import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authThrottle, sessions, twoFactorChallenges } from './db/schema';
import { createTestApp, type TestContext } from './test/harness';
import { SESSION_IDLE_MS } from './lib/auth';
import { fixedClock } from './lib/clock';
import { every, purgeExpired } from './jobs';

const clock = fixedClock('2026-05-01T12:00:00Z');
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

describe('housekeeping', () => {
  it('deletes idle and expired sessions and stale throttle counters, and keeps live ones', async () => {
    const { api: live } = await t.userClient();
    const idle = await t.createUser();
    await t.signIn(idle);
    clock.advance(SESSION_IDLE_MS - 3_600_000);
    expect((await live.get('/api/auth/user')).statusCode).toBe(200); // keeps this one fresh
    clock.advance(2 * 3_600_000); // the other one is now idle past 12 h
    const now = clock.now();
    await t.db.insert(authThrottle).values([
      { key: 'login:stale', failures: 3, windowStart: new Date(now.getTime() - 2 * 86_400_000) },
      {
        key: 'login:blocked',
        failures: 9,
        windowStart: new Date(now.getTime() - 2 * 86_400_000),
        blockedUntil: new Date(now.getTime() + 60_000),
      },
      { key: 'login:recent', failures: 1, windowStart: now },
    ]);
    // half-finished two-factor sign-ins: one past its 5 minutes, one still waiting
    await t.db.insert(twoFactorChallenges).values([
      { tokenHash: 'expired', userId: idle.id, expiresAt: new Date(now.getTime() - 1000) },
      { tokenHash: 'waiting', userId: idle.id, expiresAt: new Date(now.getTime() + 60_000) },
    ]);
    expect(await purgeExpired(t.db, clock)).toEqual({
      sessions: 1,
      throttleCounters: 1,
      redactedCodes: 0,
      twoFactorChallenges: 1,
      trash: { tasks: 0, timeEntries: 0 },
    });
    expect((await t.db.select().from(twoFactorChallenges)).map((c) => c.tokenHash)).toEqual(['waiting']);
    expect((await live.get('/api/auth/user')).statusCode).toBe(200);
    expect(await t.db.select().from(sessions)).toHaveLength(1);
    const keys = (await t.db.select({ key: authThrottle.key }).from(authThrottle)).map((r) => r.key).sort();
    expect(keys).toEqual(['login:blocked', 'login:recent']);
  });
});

describe('every (the schedule of the sweeps)', () => {
  it('runs at once, one run at a time, and its stop waits for the run under way', async () => {
    let runs = 0;
    let release: () => void = () => {};
    const stop = every(5, async () => {
      runs += 1;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await new Promise((r) => setTimeout(r, 30)); // several ticks pass while the first run waits
    expect(runs).toBe(1);
    let stopped = false;
    const stopping = stop().then(() => {
      stopped = true;
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(stopped).toBe(false); // the database may not close yet
    release();
    await stopping;
    expect(stopped).toBe(true);
    expect(runs).toBe(1); // ticks queued before the stop never ran
  });
});
