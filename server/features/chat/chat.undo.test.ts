import { chatApi } from '@contract/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock';
import { createTestApp, type TestContext } from '../../test/harness';
import { dropExpiredUndo, UNDO_MS } from './messages.service';
import { messageUndo } from '../../db/schema';

const clock = fixedClock('2026-03-18T12:00:00Z');
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

async function pair() {
  const { api: apiA } = await t.userClient('employee', { firstName: 'Ada', lastName: 'Author' });
  const { user: b, api: apiB } = await t.userClient('employee', { firstName: 'Ben', lastName: 'Reader' });
  const conv = (
    await apiA.call(chatApi.createConversation, {
      body: { type: 'group', name: 'Pair', participantIds: [b.id] },
    })
  ).json();
  return { apiA, apiB, id: conv.id };
}

describe('Undo of a deleted message (POST …/messages/{messageId}/restore)', () => {
  it('puts back the words and reactions, in the same place, within the minute', async () => {
    const g = await pair();
    const first = (
      await g.apiA.call(chatApi.send, { params: { id: g.id }, body: { content: 'first' } })
    ).json();
    clock.advance(1000);
    const sent = (
      await g.apiA.call(chatApi.send, { params: { id: g.id }, body: { content: 'oops, wrong chat' } })
    ).json();
    clock.advance(1000);
    await g.apiA.call(chatApi.send, { params: { id: g.id }, body: { content: 'last' } });
    await g.apiB.call(chatApi.react, { params: { id: g.id, messageId: sent.id }, body: { emoji: '👍' } });
    const params = { id: g.id, messageId: sent.id };
    const deleted = (await g.apiA.call(chatApi.deleteMessage, { params })).json();
    expect(deleted).toMatchObject({ deleted: true, content: '', reactions: [] });
    // someone else's: 403; not a participant: 404
    expect((await g.apiB.call(chatApi.restoreMessage, { params })).statusCode).toBe(403);
    const { api: outsider } = await t.userClient('admin');
    expect((await outsider.call(chatApi.restoreMessage, { params })).statusCode).toBe(404);
    clock.advance(9_000);
    const restored = await g.apiA.call(chatApi.restoreMessage, { params });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({
      id: sent.id,
      content: 'oops, wrong chat',
      deleted: false,
      timestamp: sent.timestamp,
      reactions: [{ emoji: '👍', count: 1 }],
    });
    const page = (await g.apiB.call(chatApi.messages, { params: { id: g.id }, query: {} })).json();
    expect(page.map((m) => m.content)).toEqual(['first', 'oops, wrong chat', 'last']);
    expect(page[0].id).toBe(first.id);
    // a second Undo: nothing left to restore
    expect((await g.apiA.call(chatApi.restoreMessage, { params })).json().code).toBe(
      'message_not_restorable',
    );
  });

  it('refuses once the minute has passed; the sweep forgets the words for good', async () => {
    const g = await pair();
    const sent = (
      await g.apiA.call(chatApi.send, { params: { id: g.id }, body: { content: 'secret' } })
    ).json();
    const params = { id: g.id, messageId: sent.id };
    await g.apiA.call(chatApi.deleteMessage, { params });
    clock.advance(UNDO_MS);
    const late = await g.apiA.call(chatApi.restoreMessage, { params });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This message can no longer be restored');
    await dropExpiredUndo({ db: t.db, now: clock.now() });
    expect((await t.db.select().from(messageUndo)).map((r) => r.content)).not.toContain('secret');
  });
});
