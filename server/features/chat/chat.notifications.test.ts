import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsApi } from '@contract/notifications';
import { chatApi } from '@contract/chat';
import WebSocket from 'ws';
import { notifications, outbox } from '../../db/schema';
import { createTestApp, type TestApi, type TestContext } from '../../test/harness';
import { generalConversationId, joinGeneral } from '../../core/general-conversation';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
});
afterAll(() => t.close());

const notificationsOf = async (api: TestApi) => {
  const res = await api.call(notificationsApi.list);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const rowsOf = (userId: string, kind: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

async function socketOf(cookie: string | undefined) {
  const ws = new WebSocket(`${t.base.replace('http', 'ws')}/api/ws`, { headers: { cookie: cookie ?? '' } });
  await new Promise<void>((resolve, reject) => {
    ws.once('message', () => resolve()); // 'ready': the hub has the socket
    ws.once('error', reject);
  });
  return ws;
}

async function group(api: TestApi, name: string, ids: string[]) {
  const res = await api.call(chatApi.createConversation, {
    body: { type: 'group', name, participantIds: ids },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}
const send = async (api: TestApi, conversationId: string, content: string) => {
  const res = await api.call(chatApi.send, { params: { id: conversationId }, body: { content } });
  expect(res.statusCode).toBe(201);
  return res.json();
};

describe('chat mentions', () => {
  it('notifies the participants named @First Last, once, never the author nor outsiders', async () => {
    const author = await t.userClient('employee', { firstName: 'Ana', lastName: 'Author' });
    const bea = await t.userClient('manager', { firstName: 'Bea', lastName: 'Mentioned' });
    const cal = await t.userClient('admin', { firstName: 'Cal', lastName: 'Quiet' });
    const out = await t.userClient('employee', { firstName: 'Olga', lastName: 'Outside' });
    const id = await group(author.api, 'Launch', [bea.user.id, cal.user.id]);
    await send(
      author.api,
      id,
      'Hi @Bea Mentioned and @Bea Mentioned again, @Olga Outside, @Ana Author, @Cal Quietly',
    );
    const [n] = await notificationsOf(bea.api);
    expect(n).toMatchObject({
      kind: 'chat_mention',
      title: 'Ana Author mentioned you in “Launch”',
      link: `/chat?c=${id}`,
      actorName: 'Ana Author',
    });
    expect(n.body).toContain('@Bea Mentioned');
    expect(await rowsOf(bea.user.id, 'chat_mention')).toHaveLength(1);
    // Not a participant, the author, and a name that only starts the same way: nobody else.
    expect(await rowsOf(out.user.id, 'chat_mention')).toHaveLength(0);
    expect(await rowsOf(author.user.id, 'chat_mention')).toHaveLength(0);
    expect(await rowsOf(cal.user.id, 'chat_mention')).toHaveLength(0);
    // A mention is queued by e-mail too (its default is both).
    const mail = await t.db.select().from(outbox).where(eq(outbox.toEmail, bea.user.email));
    expect(mail.map((m) => m.kind)).toEqual(['notification:chat_mention']);
  });

  it('works in General, for every role, and a message without @ notifies nobody', async () => {
    const author = await t.userClient('admin', { firstName: 'Gen', lastName: 'Eral' });
    const dan = await t.userClient('employee', { firstName: 'Dan', lastName: 'Everyone' });
    const general = await generalConversationId(t.db);
    await joinGeneral(t.db, author.user.id);
    await joinGeneral(t.db, dan.user.id);
    await send(author.api, general, 'Plain message, Dan Everyone');
    expect(await rowsOf(dan.user.id, 'chat_mention')).toHaveLength(0);
    await send(author.api, general, '@Dan Everyone, see this');
    const [n] = await notificationsOf(dan.api);
    expect(n).toMatchObject({ kind: 'chat_mention', link: `/chat?c=${general}` });
  });

  it('a mention that fails with its message writes nothing (one transaction)', async () => {
    const author = await t.userClient('employee');
    const bea = await t.userClient('employee', { firstName: 'Tx', lastName: 'Person' });
    const id = await group(author.api, 'Tx', [bea.user.id]);
    const res = await author.api.call(chatApi.send, {
      params: { id },
      body: {
        content: `@Tx Person ${'x'.repeat(5000)}`,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(await rowsOf(bea.user.id, 'chat_mention')).toHaveLength(0);
    const outsider = await t.userClient('employee');
    expect(
      (await outsider.api.call(chatApi.send, { params: { id }, body: { content: '@Tx Person' } })).statusCode,
    ).toBe(404);
    expect(await rowsOf(bea.user.id, 'chat_mention')).toHaveLength(0);
  });
});

describe('direct messages while offline', () => {
  it('notifies the recipient without a socket, once until read; not while they are connected', async () => {
    const a = await t.userClient('employee', { firstName: 'Al', lastName: 'Sender' });
    const b = await t.userClient('manager', { firstName: 'Bo', lastName: 'Away' });
    const conv = (
      await a.api.call(chatApi.createConversation, { body: { type: 'direct', participantIds: [b.user.id] } })
    ).json();
    await send(a.api, conv.id, 'Are you there?');
    await send(a.api, conv.id, 'Hello?');
    const rows = await rowsOf(b.user.id, 'chat_direct_message');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: 'Al Sender sent you a message', body: 'Are you there?' });
    expect(rows[0].link).toBe(`/chat?c=${conv.id}`);
    // Read: the next message while away tells them again.
    await b.api.call(notificationsApi.markRead, { body: { all: true } });
    await send(a.api, conv.id, 'Third');
    expect(await rowsOf(b.user.id, 'chat_direct_message')).toHaveLength(2);
    // Connected: nothing.
    await b.api.call(notificationsApi.markRead, { body: { all: true } });
    const ws = await socketOf(b.api.cookie);
    await send(a.api, conv.id, 'Now you are here');
    expect(await rowsOf(b.user.id, 'chat_direct_message')).toHaveLength(2);
    ws.close();
    // The sender's own socket says nothing about the recipient, and the sender is never notified.
    expect(await rowsOf(a.user.id, 'chat_direct_message')).toHaveLength(0);
  });

  it('a mention in a direct message is one notification, not two; groups never send direct ones', async () => {
    const a = await t.userClient('employee', { firstName: 'Mo', lastName: 'Mention' });
    const b = await t.userClient('employee', { firstName: 'Ni', lastName: 'Named' });
    const conv = (
      await a.api.call(chatApi.createConversation, { body: { type: 'direct', participantIds: [b.user.id] } })
    ).json();
    await send(a.api, conv.id, 'Look @Ni Named');
    expect((await notificationsOf(b.api)).map((n) => n.kind)).toEqual(['chat_mention']);
    const id = await group(a.api, 'Two of us', [b.user.id]);
    await send(a.api, id, 'group message');
    expect(await rowsOf(b.user.id, 'chat_direct_message')).toHaveLength(0);
  });
});
