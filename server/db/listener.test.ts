import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDatabase } from '../test/global-setup';
import { testDatabaseName } from '../test/harness';
import { pgOutage } from '../test/pg-outage';
import { until } from '../test/until';
import { listenWithReconnect, retryDelay } from './listener';

describe('retry delay', () => {
  it('doubles from the first delay up to the cap, with at most 25% jitter off', () => {
    const policy = { minDelayMs: 250, maxDelayMs: 30_000, checkEveryMs: 30_000 };
    expect([0, 1, 2, 3, 6, 7, 20, 500].map((n) => retryDelay(n, policy, 1))).toEqual([
      250, 500, 1000, 2000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(retryDelay(0, policy, 0)).toBe(187.5);
    expect(retryDelay(500, policy, 0)).toBe(22_500);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!serverUrl)(
  'LISTEN across lost connections (PostgreSQL only: skipped without TEST_DATABASE_URL)',
  () => {
    let url: string;
    let outage: Awaited<ReturnType<typeof pgOutage>>;
    beforeAll(async () => {
      url = withDatabase(serverUrl as string, testDatabaseName());
      outage = await pgOutage(serverUrl as string, testDatabaseName());
    });
    afterAll(async () => {
      await outage.allow();
      await outage.close();
    });

    async function notify(channel: string, payload: string) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query('select pg_notify($1, $2)', [channel, payload]);
      await client.end();
    }

    function subscribe(channel: string, policy = { minDelayMs: 50, maxDelayMs: 200, checkEveryMs: 60_000 }) {
      const logs: string[] = [];
      const received: string[] = [];
      let reconnects = 0;
      const log = {
        info: (_details: object, message: string) => logs.push(`info: ${message}`),
        warn: (_details: object, message: string) => logs.push(`warn: ${message}`),
      };
      const opened = listenWithReconnect(
        url,
        channel,
        (payload) => received.push(payload),
        { log, onReconnect: () => reconnects++ },
        policy,
      );
      return { opened, logs, received, reconnects: () => reconnects };
    }

    it('listens again after its backend is terminated, logs the loss and the recovery, and hears NOTIFY again', async () => {
      const s = subscribe('listener_test_a');
      const subscription = await s.opened;
      try {
        expect(subscription.state.listening).toBe(true);
        await notify('listener_test_a', 'before');
        await until(() => s.received.includes('before'), 'the first notice');
        expect(await outage.terminate()).toBeGreaterThanOrEqual(1);
        await until(() => s.reconnects() === 1, 'the reconnect');
        expect(subscription.state).toMatchObject({ listening: true, attempts: 0 });
        await notify('listener_test_a', 'after');
        await until(() => s.received.includes('after'), 'a notice after the reconnect');
        expect(s.logs).toEqual([
          'warn: live events: lost the LISTEN connection to PostgreSQL; reconnecting',
          'info: live events: LISTEN connection to PostgreSQL is back',
        ]);
      } finally {
        await subscription.close();
      }
      expect(subscription.state.listening).toBe(false);
    });

    it('keeps retrying, with back-off, while the database refuses connections, then recovers', async () => {
      const s = subscribe('listener_test_b');
      const subscription = await s.opened;
      try {
        await outage.refuse();
        try {
          await until(() => subscription.state.attempts >= 3, 'three failed attempts');
          expect(subscription.state.listening).toBe(false);
          expect(subscription.state.lastError).toMatch(/not currently accepting connections/);
          expect(s.reconnects()).toBe(0);
        } finally {
          await outage.allow();
        }
        await until(() => subscription.state.listening, 'the recovery');
        expect(s.reconnects()).toBe(1);
        expect(s.logs.filter((l) => l.includes('trying again')).length).toBeGreaterThanOrEqual(3);
        expect(s.logs.at(-1)).toBe('info: live events: LISTEN connection to PostgreSQL is back');
        await notify('listener_test_b', 'back');
        await until(() => s.received.includes('back'), 'a notice after the recovery');
      } finally {
        await subscription.close();
      }
    });
  },
);
