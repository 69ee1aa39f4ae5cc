import type { ChatMessage, Conversation } from '@contract/chat';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addMessages,
  CONVERSATIONS_KEY,
  catchUp,
  type MessagePages,
  messagesKey,
  noteMessage,
  replaceMessage,
} from './api';

const message = (id: string, second: number, conversationId = 'c1'): ChatMessage => ({
  id,
  conversationId,
  senderId: 'u2',
  senderName: 'Rory Reader',
  senderImageUrl: null,
  content: `message ${id}`,
  timestamp: new Date(Date.UTC(2026, 0, 1, 9, 0, second)).toISOString(),
  editedAt: null,
  deleted: false,
  reactions: [],
  attachment: null,
});

const conversation = (id: string, unreadCount = 0): Conversation => ({
  id,
  type: 'group',
  name: id,
  imageUrl: null,
  isGeneral: false,
  lastMessage: null,
  lastMessageTime: null,
  unreadCount,
  participantCount: 0,
  participants: [],
});

describe('the chat cache', () => {
  it('shows a message once however many ways it arrives, in time order', () => {
    const qc = new QueryClient();
    const pages: MessagePages = {
      pages: [[message('b', 2)], [message('a', 1)]],
      pageParams: [undefined, 'b'],
    };
    qc.setQueryData(messagesKey('c1'), pages);
    addMessages(qc, 'c1', [message('d', 4)]); // live socket
    addMessages(qc, 'c1', [message('c', 3), message('d', 4)]); // catch-up after a reconnect
    addMessages(qc, 'c1', [message('a', 1)]); // an old one again
    const data = qc.getQueryData<MessagePages>(messagesKey('c1'))!;
    expect(data.pages.map((p) => p.map((m) => m.id))).toEqual([['b', 'c', 'd'], ['a']]);
  });

  it('leaves a conversation that was never loaded alone (it loads fresh when opened)', () => {
    const qc = new QueryClient();
    addMessages(qc, 'c9', [message('x', 1, 'c9')]);
    expect(qc.getQueryData(messagesKey('c9'))).toBeUndefined();
  });

  it('moves a conversation with a new message to the top and counts it unread when asked', () => {
    const qc = new QueryClient();
    qc.setQueryData(CONVERSATIONS_KEY, [conversation('c0'), conversation('c1', 2)]);
    noteMessage(qc, message('z', 9), true);
    const list = qc.getQueryData<Conversation[]>(CONVERSATIONS_KEY)!;
    expect(list.map((c) => [c.id, c.unreadCount, c.lastMessage])).toEqual([
      ['c1', 3, 'message z'],
      ['c0', 0, null],
    ]);
  });

  it('replaces an edited or deleted message where it is held, and the preview when it is the last one', () => {
    const qc = new QueryClient();
    qc.setQueryData(messagesKey('c1'), {
      pages: [[message('b', 2)], [message('a', 1)]],
      pageParams: [undefined, 'b'],
    });
    qc.setQueryData(CONVERSATIONS_KEY, [
      { ...conversation('c1'), lastMessage: 'message b', lastMessageTime: message('b', 2).timestamp },
    ]);
    replaceMessage(qc, { ...message('a', 1), content: 'edited a', editedAt: '2026-01-01T10:00:00.000Z' });
    let list = qc.getQueryData<Conversation[]>(CONVERSATIONS_KEY)!;
    expect(list[0].lastMessage).toBe('message b');
    replaceMessage(qc, { ...message('b', 2), content: '', deleted: true });
    const data = qc.getQueryData<MessagePages>(messagesKey('c1'))!;
    expect(data.pages.map((p) => p.map((m) => [m.content, m.deleted]))).toEqual([
      [['', true]],
      [['edited a', false]],
    ]);
    list = qc.getQueryData<Conversation[]>(CONVERSATIONS_KEY)!;
    expect(list[0].lastMessage).toBe('This message was deleted');
  });

  describe('catching up after a reconnect', () => {
    afterEach(() => vi.unstubAllGlobals());

    /** The server's side: the conversation oldest first, answering pages as GET …/messages does. */
    function serve(conversation: ChatMessage[]) {
      const asked: (string | null)[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) => {
          const query = new URL(url, 'http://app.test').searchParams;
          const limit = Number(query.get('limit'));
          const before = query.get('before');
          asked.push(before);
          const end = before ? conversation.findIndex((m) => m.id === before) : conversation.length;
          const page = conversation.slice(Math.max(0, end - limit), end);
          return new Response(JSON.stringify(page), { headers: { 'Content-Type': 'application/json' } });
        }),
      );
      return asked;
    }

    it('adds what came and takes the edits and deletions of what is held, nothing older', async () => {
      const qc = new QueryClient();
      qc.setQueryData<MessagePages>(messagesKey('c1'), {
        pages: [[message('c', 3), message('d', 4)], [message('b', 2)]],
        pageParams: [undefined, 'c'],
      });
      const asked = serve([
        message('a', 1),
        message('b', 2),
        { ...message('c', 3), content: 'c, edited', editedAt: '2026-01-01T10:00:00.000Z' },
        { ...message('d', 4), content: '', deleted: true },
        message('e', 5),
      ]);
      await catchUp(qc, 'c1');
      const data = qc.getQueryData<MessagePages>(messagesKey('c1'))!;
      expect(data.pages.map((p) => p.map((m) => [m.id, m.content]))).toEqual([
        [
          ['c', 'c, edited'],
          ['d', ''],
          ['e', 'message e'],
        ],
        [['b', 'message b']],
      ]);
      expect(asked).toEqual([null]);
    });

    it('pages back until the oldest message held, however much came meanwhile', async () => {
      const qc = new QueryClient();
      qc.setQueryData<MessagePages>(messagesKey('c1'), {
        pages: [[message('m0', 0)]],
        pageParams: [undefined],
      });
      const came = Array.from({ length: 1200 }, (_, i) => ({
        ...message(`n${String(i).padStart(4, '0')}`, 1),
        timestamp: new Date(Date.UTC(2026, 0, 1, 9, 1, 0, i)).toISOString(),
      }));
      const asked = serve(
        [message('a-older', 0), { ...message('m0', 0), content: 'm0, edited' }, ...came].sort((a, b) =>
          a.timestamp === b.timestamp ? a.id.localeCompare(b.id) : a.timestamp.localeCompare(b.timestamp),
        ),
      );
      await catchUp(qc, 'c1');
      const held = qc.getQueryData<MessagePages>(messagesKey('c1'))!.pages.flat();
      expect(held).toHaveLength(1201);
      expect(held[0]).toMatchObject({ id: 'm0', content: 'm0, edited' });
      expect(held.some((m) => m.id === 'a-older')).toBe(false);
      expect(asked).toEqual([null, 'n0700', 'n0200']);
    });
  });
});
