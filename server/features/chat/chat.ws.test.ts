import { inject } from 'vitest';
import { chatApi } from '@contract/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type App, buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import type { Database } from '../../db/types';
import { withDatabase } from '../../test/global-setup';
import { createTestApp, type TestContext } from '../../test/harness';

type Event = { type: string; data: Record<string, unknown> };

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
});
afterAll(() => t.close());

/** A socket that records every event; `next(type)` waits for the first (or the next) one of a type. */
async function connect(url: string, cookie?: string, origin?: string) {
  const events: Event[] = [];
  const ws = new WebSocket(`${url.replace('http', 'ws')}/api/ws`, {
    headers: { ...(cookie ? { cookie } : {}), ...(origin ? { origin } : {}) },
  });
  ws.on('message', (raw) => events.push(JSON.parse(raw.toString())));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.once('error', reject);
  });
  const next = async (type: string, timeoutMs = 3000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = events.find((e) => e.type === type);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no ${type} event within ${timeoutMs} ms`);
  };
  await next('ready');
  return { ws, events, next };
}

const settle = () => new Promise((r) => setTimeout(r, 300));

async function directPair() {
  const { user: a, api: apiA } = await t.userClient('employee');
  const { user: b, api: apiB } = await t.userClient('manager');
  const conv = (
    await apiA.call(chatApi.createConversation, { body: { type: 'direct', participantIds: [b.id] } })
  ).json();
  return { a, b, apiA, apiB, conversationId: conv.id };
}

describe('WebSocket /api/ws', () => {
  it('refuses a socket without a valid session, or from a foreign origin', async () => {
    await expect(connect(t.base)).rejects.toThrow('refused 401');
    await expect(connect(t.base, 'wb_session=forged')).rejects.toThrow('refused 401');
    const { api } = await t.userClient();
    await expect(connect(t.base, api.cookie, 'https://evil.example')).rejects.toThrow('refused 403');
    const ok = await connect(t.base, api.cookie, t.base);
    ok.ws.close();
  });

  it("delivers a message posted through the API to the other participant's socket, not to outsiders", async () => {
    const { apiA, apiB, conversationId, a } = await directPair();
    const { api: outsiderApi } = await t.userClient();
    const bSocket = await connect(t.base, apiB.cookie);
    const outsider = await connect(t.base, outsiderApi.cookie);
    const posted = (
      await apiA.call(chatApi.send, { params: { id: conversationId }, body: { content: 'live hello' } })
    ).json();
    const event = await bSocket.next('message.created');
    expect(event.data).toEqual(posted);
    // exactly as the history shows it, so a client can place it among the messages it holds
    const history = (await apiB.call(chatApi.messages, { params: { id: conversationId } })).json();
    expect(event.data).toEqual(history.at(-1));
    expect(event.data).toMatchObject({ senderId: a.id, content: 'live hello', conversationId });
    await settle();
    expect(outsider.events.filter((e) => e.type === 'message.created')).toEqual([]);
    bSocket.ws.close();
    outsider.ws.close();
  });

  it('announces new conversations and typing to participants only', async () => {
    const { user: b, api: apiB } = await t.userClient();
    const { api: apiA } = await t.userClient();
    const bSocket = await connect(t.base, apiB.cookie);
    const aSocket = await connect(t.base, apiA.cookie);
    const conv = (
      await apiA.call(chatApi.createConversation, {
        body: { type: 'group', name: 'G', participantIds: [b.id] },
      })
    ).json();
    expect((await bSocket.next('conversation.created')).data).toEqual({ conversationId: conv.id });
    aSocket.ws.send(JSON.stringify({ type: 'typing', data: { conversationId: conv.id } }));
    expect((await bSocket.next('typing')).data).toMatchObject({ conversationId: conv.id });
    await settle();
    expect(aSocket.events.filter((e) => e.type === 'typing')).toEqual([]);
    // typing into a conversation the user is not part of reaches nobody
    const { api: outsiderApi } = await t.userClient();
    const outsider = await connect(t.base, outsiderApi.cookie);
    bSocket.events.length = 0;
    outsider.ws.send(JSON.stringify({ type: 'typing', data: { conversationId: conv.id } }));
    await settle();
    expect(bSocket.events.filter((e) => e.type === 'typing')).toEqual([]);
    for (const s of [aSocket, bSocket, outsider]) s.ws.close();
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!pgUrl)('across instances (PostgreSQL only: skipped without TEST_DATABASE_URL)', () => {
  let second: { app: App; database: Database; base: string };
  beforeAll(async () => {
    const name = `${inject('testDbPrefix')}_${process.env.VITEST_POOL_ID ?? '1'}`;
    const database = await openDatabase({ url: withDatabase(pgUrl!, name), poolSize: 4 });
    const app = await buildApp({
      database,
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      logger: false,
    });
    second = { app, database, base: await app.listen({ port: 0, host: '127.0.0.1' }) };
  });
  afterAll(async () => {
    await second.app.close();
    await second.database.close();
  });

  it('a message posted on instance 1 reaches a socket on instance 2 through LISTEN/NOTIFY', async () => {
    const { apiA, apiB, conversationId } = await directPair();
    const onSecond = await connect(second.base, apiB.cookie);
    const posted = (
      await apiA.call(chatApi.send, { params: { id: conversationId }, body: { content: 'across' } })
    ).json();
    expect((await onSecond.next('message.created')).data).toEqual(posted);
    onSecond.ws.close();
  });
});
