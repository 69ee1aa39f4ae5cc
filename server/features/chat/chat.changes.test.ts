import {
  ATTACHMENT_MISSING,
  ATTACHMENT_NOT_ALLOWED,
  ATTACHMENT_TOO_LARGE,
  DELETED_MESSAGE,
  chatApi,
  type ReactBody,
  type SearchMessagesQuery,
} from '@contract/chat';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsApi } from '@contract/notifications';
import WebSocket from 'ws';
import { messageAttachments, messages } from '../../db/schema';
import { createTestApp, type TestApi, type TestContext } from '../../test/harness';
import { english } from '../../test/messages';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
});
afterAll(() => t.close());

/** A group of three (owner, member, another member) and someone outside it. */
async function group() {
  const { user: a, api: apiA } = await t.userClient('employee', { firstName: 'Ada', lastName: 'Author' });
  const { user: b, api: apiB } = await t.userClient('manager', { firstName: 'Ben', lastName: 'Reader' });
  const { user: c, api: apiC } = await t.userClient('admin', { firstName: 'Cleo', lastName: 'Admin' });
  const { api: outsider } = await t.userClient('admin');
  const conv = (
    await apiA.call(chatApi.createConversation, {
      body: { type: 'group', name: 'Crew', participantIds: [b.id, c.id] },
    })
  ).json();
  return { a, b, c, apiA, apiB, apiC, outsider, id: conv.id };
}

const post = async (api: TestApi, id: string, content: string) =>
  (await api.call(chatApi.send, { params: { id }, body: { content } })).json();
const messagesOf = (api: TestApi, id: string) => api.call(chatApi.messages, { params: { id } });
const edit = (api: TestApi, id: string, messageId: string, content: string) =>
  api.call(chatApi.editMessage, { params: { id, messageId }, body: { content } });
const remove = (api: TestApi, id: string, messageId: string) =>
  api.call(chatApi.deleteMessage, { params: { id, messageId } });
const react = (api: TestApi, id: string, messageId: string, emoji: ReactBody['emoji']) =>
  api.call(chatApi.react, { params: { id, messageId }, body: { emoji } });
const search = (api: TestApi, id: string, query?: SearchMessagesQuery) =>
  api.call(chatApi.search, { params: { id }, query });

async function upload(
  api: TestApi,
  id: string,
  file: { data: Buffer; name: string; type?: string },
  content?: string,
) {
  const form = new FormData();
  if (content !== undefined) form.append('content', content);
  form.append(
    'file',
    new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }),
    file.name,
  );
  const encoded = new Response(form);
  return t.app.inject({
    method: 'POST',
    url: `/api/chat/${id}/attachments`,
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: {
      'content-type': encoded.headers.get('content-type') ?? '',
      ...(api.cookie ? { cookie: api.cookie } : {}),
    },
  });
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();

describe('PATCH /api/chat/{id}/messages/{messageId}', () => {
  it('lets the sender edit, marks it edited for everyone, and updates the preview', async () => {
    const g = await group();
    const m = await post(g.apiA, g.id, 'first words');
    const res = await edit(g.apiA, g.id, m.id, '  better words ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: m.id,
      content: 'better words',
      deleted: false,
      timestamp: m.timestamp,
    });
    expect(res.json().editedAt! >= m.timestamp).toBe(true);
    const seen = (await messagesOf(g.apiB, g.id)).json();
    expect(seen.at(-1)).toMatchObject({ id: m.id, content: 'better words', editedAt: res.json().editedAt });
    const list = (await g.apiB.call(chatApi.conversations)).json();
    expect(list.find((c) => c.id === g.id)!.lastMessage).toBe('better words');
  });

  it("refuses another participant's message (403) for every role, and outsiders (404)", async () => {
    const g = await group();
    const m = await post(g.apiA, g.id, 'mine');
    for (const api of [g.apiB, g.apiC]) {
      const res = await edit(api, g.id, m.id, 'hijack');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You can only change your own messages');
    }
    expect((await edit(g.outsider, g.id, m.id, 'x')).statusCode).toBe(404);
    expect((await edit(t.anonymous, g.id, m.id, 'x')).statusCode).toBe(401);
    // a message of another conversation, or none at all
    const other = await group();
    const elsewhere = await post(other.apiA, other.id, 'elsewhere');
    const wrong = await edit(g.apiA, g.id, elsewhere.id, 'x');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe('Message not found');
    expect((await g.apiA.patch(`/api/chat/${g.id}/messages/not-a-uuid`, { content: 'x' })).statusCode).toBe(
      404,
    );
    expect((await post(g.apiB, g.id, 'check')).content).toBe('check');
    const history = (await messagesOf(g.apiA, g.id)).json();
    expect(history.find((x) => x.id === m.id)!.content).toBe('mine');
  });

  it('refuses bad input with the message rules', async () => {
    const g = await group();
    const m = await post(g.apiA, g.id, 'hello');
    const url = `/api/chat/${g.id}/messages/${m.id}`;
    const cases: [unknown, string][] = [
      [{ content: '   ' }, 'Message cannot be empty'],
      [{ content: 'x'.repeat(4001) }, 'Message is too long (at most 4000 characters)'],
      [{}, 'Message cannot be empty'],
      [{ content: 'a\u0000b' }, 'Text cannot contain control characters (such as NUL) or broken Unicode'],
    ];
    for (const [body, message] of cases) {
      const res = await g.apiA.patch(url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.content).toEqual([message]);
    }
  });

  it('notifies people newly mentioned by an edit, not those already mentioned', async () => {
    const g = await group();
    const m = await post(g.apiA, g.id, 'hi @Ben Reader');
    const countOf = async (api: TestApi) => (await api.call(notificationsApi.unreadCount)).json().count;
    const benBefore = await countOf(g.apiB);
    const cleoBefore = await countOf(g.apiC);
    const res = await edit(g.apiA, g.id, m.id, 'hi @Ben Reader and @Cleo Admin');
    expect(res.statusCode).toBe(200);
    expect(await countOf(g.apiB)).toBe(benBefore);
    expect(await countOf(g.apiC)).toBe(cleoBefore + 1);
  });
});

describe('DELETE /api/chat/{id}/messages/{messageId}', () => {
  it('leaves a tombstone for everyone, removes the words, file, reactions and quoting notifications', async () => {
    const g = await group();
    const m = await post(g.apiA, g.id, 'secret plan @Ben Reader');
    await react(g.apiB, g.id, m.id, '👍');
    const bell = async () => (await g.apiB.call(notificationsApi.unreadCount)).json().count;
    expect(await bell()).toBe(1);
    const res = await remove(g.apiA, g.id, m.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: m.id,
      deleted: true,
      content: '',
      reactions: [],
      attachment: null,
    });
    const [row] = await t.db.select().from(messages).where(eq(messages.id, m.id));
    expect(row.content).toBe('');
    expect(await bell()).toBe(0);
    const seen = (await messagesOf(g.apiC, g.id)).json();
    expect(seen.at(-1)).toMatchObject({ id: m.id, deleted: true, content: '' });
    const list = (await g.apiC.call(chatApi.conversations)).json();
    expect(list.find((c) => c.id === g.id)!.lastMessage).toBe(DELETED_MESSAGE);
    // a deleted message can be neither edited, reacted to nor deleted again
    for (const r of [
      await edit(g.apiA, g.id, m.id, 'back'),
      await react(g.apiB, g.id, m.id, '👍'),
      await remove(g.apiA, g.id, m.id),
    ]) {
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toBe(DELETED_MESSAGE);
    }
  });

  it("refuses another's message (403) and outsiders (404)", async () => {
    const g = await group();
    const m = await post(g.apiB, g.id, 'from Ben');
    expect((await remove(g.apiA, g.id, m.id)).statusCode).toBe(403);
    // an admin is no exception: people delete only their own words
    expect((await remove(g.apiC, g.id, m.id)).statusCode).toBe(403);
    expect((await remove(g.outsider, g.id, m.id)).statusCode).toBe(404);
    expect((await remove(t.anonymous, g.id, m.id)).statusCode).toBe(401);
    const seen = (await messagesOf(g.apiB, g.id)).json();
    expect(seen.at(-1)).toMatchObject({ content: 'from Ben', deleted: false });
  });
});

describe('POST /api/chat/{id}/messages/{messageId}/reactions', () => {
  it('toggles, counts per emoji and tells each reader whether they reacted', async () => {
    const g = await group();
    const m = await post(g.apiA, g.id, 'ship it?');
    expect((await react(g.apiB, g.id, m.id, '🎉')).json().reactions).toEqual([
      { emoji: '🎉', count: 1, mine: true },
    ]);
    await react(g.apiC, g.id, m.id, '🎉');
    const third = await react(g.apiA, g.id, m.id, '👍');
    expect(third.statusCode).toBe(200);
    expect(third.json().reactions).toEqual([
      { emoji: '🎉', count: 2, mine: false },
      { emoji: '👍', count: 1, mine: true },
    ]);
    const seenByB = (await messagesOf(g.apiB, g.id)).json().at(-1)!;
    expect(seenByB.reactions).toEqual([
      { emoji: '🎉', count: 2, mine: true },
      { emoji: '👍', count: 1, mine: false },
    ]);
    // the same POST again takes the reaction back
    expect((await react(g.apiB, g.id, m.id, '🎉')).json().reactions).toEqual([
      { emoji: '🎉', count: 1, mine: false },
      { emoji: '👍', count: 1, mine: false },
    ]);
  });

  it('refuses other emoji, outsiders and messages of other conversations', async () => {
    const g = await group();
    const m = await post(g.apiA, g.id, 'react');
    const url = `/api/chat/${g.id}/messages/${m.id}/reactions`;
    for (const emoji of ['🤡', 'x', '👍👍', '', 42]) {
      const res = await g.apiB.post(url, { emoji });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.emoji).toEqual(['Choose one of the offered reactions']);
    }
    expect((await react(g.outsider, g.id, m.id, '👍')).statusCode).toBe(404);
    expect((await react(t.anonymous, g.id, m.id, '👍')).statusCode).toBe(401);
    const other = await group();
    expect((await react(other.apiA, other.id, m.id, '👍')).statusCode).toBe(404);
  });
});

describe('attachments', () => {
  it('sends an image with words, stores it in the database, serves it inline to participants only', async () => {
    const g = await group();
    const data = await png(640, 480);
    const res = await upload(g.apiA, g.id, { data, name: 'chart.png', type: 'text/html' }, 'the chart');
    expect(res.statusCode).toBe(201);
    const message = res.json();
    expect(message).toMatchObject({
      content: 'the chart',
      attachment: { name: 'chart.png', contentType: 'image/png', size: data.length, width: 640, height: 480 },
    });
    expect(message.attachment.url).toBe(`/api/chat/${g.id}/attachments/${message.attachment.id}`);
    const [stored] = await t.db
      .select()
      .from(messageAttachments)
      .where(eq(messageAttachments.id, message.attachment.id));
    expect(Buffer.compare(stored.data, data)).toBe(0);
    const file = await g.apiB.get(message.attachment.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="chart.png"/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toContain('sandbox');
    expect(Buffer.compare(file.rawPayload, data)).toBe(0);
    expect((await g.outsider.get(message.attachment.url)).statusCode).toBe(404);
    expect((await t.anonymous.get(message.attachment.url)).statusCode).toBe(401);
    const other = await group();
    expect(
      (
        await other.apiA.call(chatApi.attachment, {
          params: { id: other.id, attachmentId: message.attachment.id },
        })
      ).statusCode,
    ).toBe(404);
    // the history shows it too
    const history = (await messagesOf(g.apiC, g.id)).json();
    expect(history.at(-1)!.attachment).toEqual(message.attachment);
  });

  it('sends a PDF without words as a download, and previews it in the list', async () => {
    const g = await group();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const res = await upload(g.apiB, g.id, { data: pdf, name: '../../Résumé final.pdf' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      content: '',
      attachment: { name: 'Résumé final.pdf', contentType: 'application/pdf', width: null, height: null },
    });
    const file = await g.apiA.get(res.json().attachment.url);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="R_sum_ final.pdf"; filename*=UTF-8''${encodeURIComponent('Résumé final.pdf')}`,
    );
    const list = (await g.apiA.call(chatApi.conversations)).json();
    expect(list.find((c) => c.id === g.id)!.lastMessage).toBe('📎 Résumé final.pdf');
    // a text file is served as a download, never as a page
    const txt = await upload(g.apiB, g.id, {
      data: Buffer.from('<script>alert(1)</script>'),
      name: 'notes.txt',
      type: 'text/html',
    });
    expect(txt.json().attachment.contentType).toBe('text/plain; charset=utf-8');
    const served = await g.apiA.get(txt.json().attachment.url);
    expect(served.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('refuses files that are not allowed by their content, too large, missing, or from outsiders', async () => {
    const g = await group();
    const refused = async (
      file: { data: Buffer; name: string; type?: string },
      message: string,
      api = g.apiA,
    ) => {
      const res = await upload(api, g.id, file);
      expect(res.statusCode).toBe(message === english(ATTACHMENT_TOO_LARGE) ? 413 : 400);
      expect(res.json().message).toBe(message);
    };
    await refused(
      {
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        name: 'x.svg',
        type: 'image/svg+xml',
      },
      english(ATTACHMENT_NOT_ALLOWED),
    );
    await refused(
      { data: Buffer.from('<html><script>1</script></html>'), name: 'page.html', type: 'text/html' },
      english(ATTACHMENT_NOT_ALLOWED),
    );
    // a picture by name and type that is not one by content
    await refused(
      { data: Buffer.from('not really a png'), name: 'photo.png', type: 'image/png' },
      english(ATTACHMENT_NOT_ALLOWED),
    );
    await refused(
      { data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), name: 'broken.png' },
      english(ATTACHMENT_NOT_ALLOWED),
    );
    await refused({ data: Buffer.from('MZ\x90\x00'), name: 'tool.exe' }, english(ATTACHMENT_NOT_ALLOWED));
    await refused(
      { data: Buffer.alloc(10 * 1024 * 1024 + 1, 'a'), name: 'big.txt' },
      english(ATTACHMENT_TOO_LARGE),
    );
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${g.id}/attachments`,
      payload: { content: 'x' },
      headers: { cookie: g.apiA.cookie ?? '' },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(english(ATTACHMENT_MISSING));
    const tooLongCaption = await upload(
      g.apiA,
      g.id,
      { data: Buffer.from('ok'), name: 'a.txt' },
      'x'.repeat(4001),
    );
    expect(tooLongCaption.statusCode).toBe(400);
    expect(tooLongCaption.json().message).toBe('Message is too long (at most 4000 characters)');
    expect((await upload(g.outsider, g.id, { data: Buffer.from('hi'), name: 'a.txt' })).statusCode).toBe(404);
    expect((await messagesOf(g.apiA, g.id)).json()).toEqual([]);
  });

  it('removes the file when its message is deleted', async () => {
    const g = await group();
    const sent = (await upload(g.apiA, g.id, { data: await png(10, 10), name: 'a.png' })).json();
    await remove(g.apiA, g.id, sent.id);
    expect((await g.apiB.get(sent.attachment.url)).statusCode).toBe(404);
    expect(
      await t.db.select().from(messageAttachments).where(eq(messageAttachments.messageId, sent.id)),
    ).toEqual([]);
  });
});

describe('GET /api/chat/{id}/search', () => {
  it('finds words in one conversation, newest first, paged, skipping deleted messages', async () => {
    const g = await group();
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) {
      ids.push((await post(g.apiA, g.id, `Release ${i} notes`)).id);
    }
    await post(g.apiA, g.id, 'unrelated');
    await remove(g.apiA, g.id, ids[4]);
    const other = await group();
    await post(other.apiA, other.id, 'release elsewhere');
    const first = await search(g.apiB, g.id, { q: 'RELEASE', limit: 2 });
    expect(first.statusCode).toBe(200);
    expect(first.json().map((m) => m.id)).toEqual([ids[3], ids[2]]);
    const next = await search(g.apiB, g.id, { q: 'release', limit: 2, before: ids[2] });
    expect(next.json().map((m) => m.id)).toEqual([ids[1], ids[0]]);
    // % and _ are taken literally
    expect((await search(g.apiB, g.id, { q: '%_' })).json()).toEqual([]);
  });

  it('refuses outsiders (404) and bad input (400)', async () => {
    const g = await group();
    expect((await search(g.outsider, g.id, { q: 'hello' })).statusCode).toBe(404);
    expect((await search(t.anonymous, g.id, { q: 'hello' })).statusCode).toBe(401);
    const short = await search(g.apiA, g.id, { q: 'a' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors?.q).toEqual(['Type at least 2 characters to search']);
    expect((await search(g.apiA, g.id)).statusCode).toBe(400);
    expect((await search(g.apiA, g.id, { q: 'hello', limit: 51 })).statusCode).toBe(400);
    expect((await g.apiA.get(`/api/chat/${g.id}/search?q=hello&before=nope`)).statusCode).toBe(400);
    const unknown = await search(g.apiA, g.id, { q: 'hello', before: crypto.randomUUID() });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('live', () => {
  type Event = { type: string; data: Record<string, unknown> };
  async function connect(cookie: string | undefined) {
    const events: Event[] = [];
    const ws = new WebSocket(`${t.base.replace('http', 'ws')}/api/ws`, { headers: cookie ? { cookie } : {} });
    ws.on('message', (raw) => events.push(JSON.parse(raw.toString())));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const next = async (type: string, n = 1, where: (e: Event) => boolean = () => true) => {
      for (let i = 0; i < 300; i++) {
        const found = events.filter((e) => e.type === type && where(e));
        if (found.length >= n) return found[n - 1];
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`no ${type} #${n}`);
    };
    return { ws, events, next };
  }

  it('pushes edits, reactions (with each reader’s own flag) and deletions to participants only', async () => {
    const g = await group();
    const m = await post(g.apiA, g.id, 'watch this');
    const [sa, sb, so] = await Promise.all([
      connect(g.apiA.cookie),
      connect(g.apiB.cookie),
      connect(g.outsider.cookie),
    ]);
    await sb.next('ready');
    await edit(g.apiA, g.id, m.id, 'watch this, edited');
    expect((await sb.next('message.updated')).data).toMatchObject({
      id: m.id,
      content: 'watch this, edited',
    });
    await react(g.apiB, g.id, m.id, '❤️');
    expect((await sb.next('message.updated', 2)).data.reactions).toEqual([
      { emoji: '❤️', count: 1, mine: true },
    ]);
    expect((await sa.next('message.updated', 2)).data.reactions).toEqual([
      { emoji: '❤️', count: 1, mine: false },
    ]);
    await remove(g.apiA, g.id, m.id);
    expect((await sb.next('message.updated', 3)).data).toMatchObject({
      id: m.id,
      deleted: true,
      content: '',
    });
    const sent = (await upload(g.apiA, g.id, { data: await png(8, 8), name: 'dot.png' })).json();
    // By its id: on PostgreSQL the events travel through NOTIFY, and the creation of the first
    // message (posted before these sockets connected) can still arrive after 'ready'.
    expect((await sb.next('message.created', 1, (e) => e.data.id === sent.id)).data).toEqual(sent);
    await new Promise((r) => setTimeout(r, 200));
    expect(so.events.filter((e) => e.type.startsWith('message.'))).toEqual([]);
    for (const s of [sa, sb, so]) s.ws.close();
  });
});
