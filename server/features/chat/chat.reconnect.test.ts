import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformApi } from '@contract/platform';
import { chatApi } from '@contract/chat';
import WebSocket from 'ws';
import { DATABASE_UNAVAILABLE } from '../../lib/errors';
import { createTestApp, type TestContext, testDatabaseName } from '../../test/harness';
import { pgOutage } from '../../test/pg-outage';
import { until } from '../../test/until';
import { english } from '../../test/messages';

type Event = { type: string; data: Record<string, unknown> };

/** A socket that records every event it receives. */
async function openSocket(base: string, cookie: string) {
  const events: Event[] = [];
  const ws = new WebSocket(`${base.replace('http', 'ws')}/api/ws`, { headers: { cookie } });
  ws.on('message', (raw) => events.push(JSON.parse(raw.toString())));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.once('error', reject);
  });
  await until(() => events.some((e) => e.type === 'ready'), 'the ready event');
  const has = (type: string, match: (e: Event) => boolean = () => true) =>
    events.some((e) => e.type === type && match(e));
  return { ws, events, has };
}

const serverUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!serverUrl)(
  'live events across a database reconnect (PostgreSQL only: skipped without TEST_DATABASE_URL)',
  () => {
    let t: TestContext;
    let outage: Awaited<ReturnType<typeof pgOutage>>;
    beforeAll(async () => {
      t = await createTestApp({ listen: true });
      outage = await pgOutage(serverUrl as string, testDatabaseName());
    });
    afterAll(async () => {
      await outage.allow();
      await outage.close();
      await t.close();
    });

    it('after PostgreSQL ends every connection of the app, a message posted afterwards reaches an open socket and a new one within 5 s', async () => {
      const { user: b, api: apiB } = await t.userClient('manager');
      const { api: apiA } = await t.userClient('employee');
      const conversationId = (
        await apiA.call(chatApi.createConversation, { body: { type: 'direct', participantIds: [b.id] } })
      ).json().id;
      const seen = (
        await apiA.call(chatApi.send, { params: { id: conversationId }, body: { content: 'before' } })
      ).json();
      const open = await openSocket(t.base, apiB.cookie as string);
      // Several pooled connections, all idle, as on a server that has been busy.
      await Promise.all(Array.from({ length: 6 }, () => apiB.call(chatApi.conversations)));
      expect((await t.anonymous.call(platformApi.ready)).statusCode).toBe(200);

      const started = performance.now();
      const ended = await outage.terminate();
      expect(ended).toBeGreaterThanOrEqual(3); // pooled connections and the LISTEN one
      // HTTP carries on at once: a request that meets a connection the server has just ended is a
      // 503 to retry, never a 500. This message's notice may be lost while the listener is away.
      const statuses: number[] = [];
      await until(async () => {
        const during = await apiA.call(chatApi.send, {
          params: { id: conversationId },
          body: { content: 'during' },
        });
        statuses.push(during.statusCode);
        if (during.statusCode === 503) expect(during.json().message).toBe(english(DATABASE_UNAVAILABLE));
        return during.statusCode === 201;
      }, 'a post to go through');
      expect(statuses.slice(0, -1).every((status) => status === 503)).toBe(true);

      await until(() => open.has('resync'), 'the resync event on the open socket');
      const reconnectMs = performance.now() - started;
      expect((await t.anonymous.call(platformApi.ready)).json()).toEqual({ status: 'ok' });
      const fresh = await openSocket(t.base, apiB.cookie as string);
      const after = (
        await apiA.call(chatApi.send, { params: { id: conversationId }, body: { content: 'after' } })
      ).json();
      const delivered = (s: typeof open) => s.has('message.created', (e) => e.data.id === after.id);
      await until(() => delivered(open) && delivered(fresh), 'the message on both sockets');
      const deliveredMs = performance.now() - started;
      expect(deliveredMs).toBeLessThan(5_000);
      console.log(
        `database reconnect: ${ended} backends ended; posts right after answered ${statuses.join(', ')}; listener back and sockets told to resync after ${Math.round(reconnectMs)} ms; message posted afterwards delivered to both sockets ${Math.round(deliveredMs)} ms after the outage`,
      );

      // What a client does on resync: fetch what arrived after the newest message it holds.
      const missed = await apiB.call(chatApi.messages, {
        params: { id: conversationId },
        query: { after: seen.id },
      });
      const contents = missed.json().map((m: { content: string }) => m.content);
      expect(contents).toContain('during');
      expect(contents.at(-1)).toBe('after');
      open.ws.close();
      fresh.ws.close();
    });

    it('answers readiness 503 while the database refuses connections, and 200 once it is back', async () => {
      const quick = await createTestApp({ reconnect: { minDelayMs: 50, maxDelayMs: 400 } });
      try {
        const ready = () => quick.anonymous.call(platformApi.ready);
        expect((await ready()).statusCode).toBe(200);
        await outage.refuse();
        try {
          await until(() => !quick.app.deps.events.listening, 'the listener to notice');
          const down = await ready();
          expect(down.statusCode).toBe(503);
          expect(down.json()).toEqual({ status: 'unavailable', message: 'The database does not answer' });
          expect((await quick.anonymous.call(platformApi.health)).statusCode).toBe(200);
        } finally {
          await outage.allow();
        }
        await until(async () => (await ready()).statusCode === 200, 'readiness to come back');
        expect(quick.app.deps.events.listening).toBe(true);
      } finally {
        await quick.close();
      }
    });
  },
);
