import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatApi, type CreateConversationBody } from '@contract/chat';
import type { RequestOf } from '@contract/endpoint';
import { conversationParticipants } from '../../db/schema';
import { createTestApp, type TestContext, type TestApi } from '../../test/harness';
import { generalConversationId, joinGeneral } from '../../core/general-conversation';

type MessagesQueryInput = RequestOf<typeof chatApi.messages>['query'];
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = (api: TestApi) => api.call(chatApi.conversations).then((r) => r.json());
const open = (api: TestApi, body: CreateConversationBody) => api.call(chatApi.createConversation, { body });
const send = (api: TestApi, id: string, content: string) =>
  api.call(chatApi.send, { params: { id }, body: { content } });
const messages = (api: TestApi, id: string, query?: MessagesQueryInput) =>
  api.call(chatApi.messages, { params: { id }, query });

describe('GET/POST /api/chat/conversations', () => {
  it('needs a session', async () => {
    expect((await t.anonymous.call(chatApi.conversations)).statusCode).toBe(401);
    expect((await t.anonymous.post('/api/chat/conversations', { type: 'group' })).statusCode).toBe(401);
  });

  it('opens a direct conversation once, for every role, named after the other person', async () => {
    const { user: me, api } = await t.userClient('employee', { firstName: 'Dana', lastName: 'Direct' });
    const { user: other, api: otherApi } = await t.userClient('admin', {
      firstName: 'Omar',
      lastName: 'Other',
    });
    const first = await open(api, { type: 'direct', participantIds: [other.id] });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      type: 'direct',
      name: 'Omar Other',
      lastMessage: null,
      unreadCount: 0,
      isGeneral: false,
    });
    expect(
      first
        .json()
        .participants.map((p) => p.id)
        .sort(),
    ).toEqual([me.id, other.id].sort());
    const again = await open(otherApi, { type: 'direct', participantIds: [me.id] });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect(again.json().name).toBe('Dana Direct');
  });

  it('creates a named group with the creator and chosen people; others do not see it', async () => {
    const { user: me, api } = await t.userClient('manager');
    const a = await t.createUser('employee');
    const { api: outsider } = await t.userClient('employee');
    const res = await open(api, {
      type: 'group',
      name: '  Launch crew ',
      participantIds: [a.id, a.id, me.id],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe('Launch crew');
    expect(res.json().participants).toHaveLength(2);
    expect((await list(outsider)).map((c) => c.id)).not.toContain(res.json().id);
  });

  it('refuses bad input with a 400 and a message', async () => {
    const { user: me, api } = await t.userClient();
    const other = await t.createUser();
    const pending = await t.createUser('employee', { approvalStatus: 'pending' });
    const cases: [unknown, string][] = [
      [{ type: 'group', participantIds: [other.id] }, 'Group name is required'],
      [{ type: 'group', name: 'x'.repeat(101), participantIds: [other.id] }, 'Group name is too long'],
      [{ type: 'direct', participantIds: [] }, 'Choose at least one person'],
      [
        { type: 'direct', participantIds: [other.id, pending.id] },
        'A direct conversation is with exactly one person',
      ],
      [{ type: 'direct', participantIds: ['nope'] }, 'Choose people from the list'],
      [{ type: 'direct', participantIds: [me.id] }, 'Choose at least one other person'],
      [{ type: 'direct', participantIds: [pending.id] }, 'Choose people from the list'],
      [{ type: 'chatroom', participantIds: [other.id] }, ''],
      [{ type: 'group', name: 42, participantIds: other.id }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await api.post('/api/chat/conversations', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(res.json().message).toBe(message);
    }
  });

  it("puts approved users in 'General' through joinGeneral, once", async () => {
    const { user, api } = await t.userClient();
    await joinGeneral(t.db, user.id);
    await joinGeneral(t.db, user.id);
    const general = (await list(api)).find((c) => c.isGeneral)!;
    expect(general).toMatchObject({ id: await generalConversationId(t.db), name: 'General', type: 'group' });
    expect(general.participants.filter((p) => p.id === user.id)).toHaveLength(1);
  });

  it('gives the exact participant count but lists at most 20 names, so General stays small', async () => {
    const { user, api } = await t.userClient();
    await joinGeneral(t.db, user.id);
    for (let i = 0; i < 24; i += 1) await joinGeneral(t.db, (await t.createUser()).id);
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(conversationParticipants)
      .where(eq(conversationParticipants.conversationId, await generalConversationId(t.db)));
    const general = (await list(api)).find((c) => c.isGeneral)!;
    expect(n).toBeGreaterThanOrEqual(25);
    expect(general.participantCount).toBe(n);
    expect(general.participants).toHaveLength(20);
  });
});

describe('GET/POST /api/chat/{id}/messages', () => {
  it('lets only participants read and post (others get 404), anonymous 401', async () => {
    const { api } = await t.userClient();
    const other = await t.createUser();
    const { api: outsider } = await t.userClient();
    const { id } = (await open(api, { type: 'direct', participantIds: [other.id] })).json();
    expect((await messages(t.anonymous, id)).statusCode).toBe(401);
    expect((await messages(outsider, id)).statusCode).toBe(404);
    expect((await send(outsider, id, 'hi')).statusCode).toBe(404);
    expect((await outsider.call(chatApi.markRead, { params: { id } })).statusCode).toBe(404);
    expect((await api.get('/api/chat/not-a-uuid/messages')).statusCode).toBe(404);
    expect((await messages(api, crypto.randomUUID())).statusCode).toBe(404);
  });

  it("carries pictures: the sender's on messages, the other person's on a direct conversation", async () => {
    const url = '/api/users/x/avatar?v=0123456789abcdef';
    const { user: me, api } = await t.userClient('employee', { profileImageUrl: url });
    const { user: other, api: otherApi } = await t.userClient('employee');
    const conv = (await open(otherApi, { type: 'direct', participantIds: [me.id] })).json();
    expect(conv.imageUrl).toBe(url);
    expect(conv.participants.find((p) => p.id === me.id)!.imageUrl).toBe(url);
    const mine = (await api.call(chatApi.conversations)).json().find((c) => c.id === conv.id)!;
    expect(mine.imageUrl).toBeNull(); // the other person has no picture
    await send(api, conv.id, 'hi');
    const [message] = (await messages(otherApi, conv.id)).json();
    expect(message).toMatchObject({ senderId: me.id, senderImageUrl: url });
    expect(other.id).not.toBe(me.id);
  });

  it('trims, keeps 1–4000 characters, refuses blank, and names the real sender', async () => {
    const { user: me, api } = await t.userClient('employee', { firstName: 'Sena', lastName: 'Sender' });
    const other = await t.createUser();
    const { id } = (await open(api, { type: 'direct', participantIds: [other.id] })).json();
    // A senderId is no field of the message: sent raw, and ignored.
    const ok = await api.post(`/api/chat/${id}/messages`, { content: '  hello  ', senderId: 'current-user' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({
      content: 'hello',
      senderId: me.id,
      senderName: 'Sena Sender',
      senderImageUrl: null,
    });
    expect((await send(api, id, 'x'.repeat(4000))).statusCode).toBe(201);
    const tooLong = await send(api, id, 'x'.repeat(4001));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('Message is too long (at most 4000 characters)');
    for (const content of ['   \n\t ', '', undefined, 12]) {
      const res = await api.post(`/api/chat/${id}/messages`, { content });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Message cannot be empty');
    }
    const conv = (await list(api)).find((c) => c.id === id)!;
    expect(conv.lastMessage).toBe('x'.repeat(4000));
  });

  it('answers a post with the message exactly as the history shows it, later than the one before', async () => {
    const { api } = await t.userClient();
    const other = await t.createUser();
    const { id } = (await open(api, { type: 'direct', participantIds: [other.id] })).json();
    const first = (await send(api, id, 'first')).json();
    const second = (await send(api, id, 'second')).json();
    expect(second.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(second.timestamp >= first.timestamp).toBe(true);
    expect((await messages(api, id)).json()).toEqual([first, second]);
  });

  it('counts unread per user, sorts by latest activity, and reading marks it read', async () => {
    const { user: a, api: apiA } = await t.userClient();
    const { user: b, api: apiB } = await t.userClient();
    const c = await t.createUser();
    const direct = (await open(apiA, { type: 'direct', participantIds: [b.id] })).json();
    const group = (
      await open(apiA, {
        type: 'group',
        name: 'Trio',
        participantIds: [b.id, c.id],
      })
    ).json();
    await send(apiA, group.id, 'one');
    await send(apiA, direct.id, 'two');
    await send(apiA, direct.id, 'three');

    const forB = await list(apiB);
    expect(forB.map((x) => x.id).slice(0, 2)).toEqual([direct.id, group.id]);
    expect(forB[0]).toMatchObject({
      unreadCount: 2,
      lastMessage: 'three',
      name: `${a.firstName} ${a.lastName}`,
    });
    expect(forB[1]).toMatchObject({ unreadCount: 1, lastMessage: 'one' });
    expect(Date.parse(forB[0].lastMessageTime!)).toBeGreaterThanOrEqual(Date.parse(forB[1].lastMessageTime!));
    // the sender's own messages are never unread for the sender
    expect((await list(apiA)).find((x) => x.id === direct.id)!.unreadCount).toBe(0);

    await messages(apiB, direct.id);
    const after = await list(apiB);
    expect(after.find((x) => x.id === direct.id)!.unreadCount).toBe(0);
    expect(after.find((x) => x.id === group.id)!.unreadCount).toBe(1);

    await send(apiB, group.id, 'reply');
    await send(apiA, group.id, 'again');
    expect((await list(apiB)).find((x) => x.id === group.id)!.unreadCount).toBe(1);
    expect((await apiB.call(chatApi.markRead, { params: { id: group.id } })).statusCode).toBe(204);
    expect((await list(apiB)).find((x) => x.id === group.id)!.unreadCount).toBe(0);
    expect((await list(apiB))[0].id).toBe(group.id);
  });

  it('pages newest first with a before cursor and catches up with after, in order', async () => {
    const { api } = await t.userClient();
    const other = await t.createUser();
    const { id } = (await open(api, { type: 'direct', participantIds: [other.id] })).json();
    const sent: string[] = [];
    for (let i = 1; i <= 25; i++) {
      const res = await send(api, id, `m${i}`);
      sent.push(res.json().id);
    }
    const newest = (await messages(api, id, { limit: 10 })).json();
    expect(newest.map((m) => m.content)).toEqual(Array.from({ length: 10 }, (_, i) => `m${i + 16}`));
    const older = (await messages(api, id, { limit: 10, before: newest[0].id })).json();
    expect(older.map((m) => m.content)).toEqual(Array.from({ length: 10 }, (_, i) => `m${i + 6}`));
    const oldest = (await messages(api, id, { limit: 10, before: older[0].id })).json();
    expect(oldest.map((m) => m.content)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    const since = (await messages(api, id, { after: sent[21] })).json();
    expect(since.map((m) => m.content)).toEqual(['m23', 'm24', 'm25']);
    expect((await messages(api, id, { before: crypto.randomUUID() })).statusCode).toBe(404);
    expect((await messages(api, id, { limit: 501 })).statusCode).toBe(400);
    expect((await api.get(`/api/chat/${id}/messages?before=x`)).statusCode).toBe(400);
  });
});
