import { type ChatMessage, type Conversation, chatApi, DELETED_MESSAGE } from '@contract/chat';
import { usersApi } from '@contract/users';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { apiKey, apiUrl, call, refresh, useApiMutation, useApiPages, useApiQuery } from '@/lib/api';
import { request } from '@/lib/api-client';

export const CONVERSATIONS_KEY = apiKey(chatApi.conversations, {});
export const messagesKey = (conversationId: string) => [
  ...apiKey(chatApi.messages, { params: { id: conversationId } }),
  'pages',
];
export const PAGE_SIZE = 50;

export type MessagePages = InfiniteData<ChatMessage[], string | undefined>;

export const useConversations = () => useApiQuery(chatApi.conversations, {});

/** Applies a change to the cached conversation list (no-op until it is loaded). */
export function updateConversations(qc: QueryClient, change: (list: Conversation[]) => Conversation[]) {
  qc.setQueryData<Conversation[]>(CONVERSATIONS_KEY, (list) => (list ? change(list) : list));
}

export function markReadLocally(qc: QueryClient, conversationId: string) {
  updateConversations(qc, (list) =>
    list.map((c) => (c.id === conversationId && c.unreadCount > 0 ? { ...c, unreadCount: 0 } : c)),
  );
}

/**
 * History of one conversation: the newest page first, older pages (`before` = the oldest id held)
 * as the user scrolls up. Each page is oldest-first. Loading the newest page marks it read.
 */
export function useMessages(conversationId: string) {
  const qc = useQueryClient();
  return useInfiniteQuery({
    queryKey: messagesKey(conversationId),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) => {
      const page = await call(
        chatApi.messages,
        { params: { id: conversationId }, query: { limit: PAGE_SIZE, before: pageParam } },
        signal,
      );
      if (!pageParam) markReadLocally(qc, conversationId);
      return page;
    },
    getNextPageParam: (last) => (last.length < PAGE_SIZE ? undefined : last[0]?.id),
  });
}

/**
 * Adds messages to a loaded conversation, each once: a message can arrive from the POST response,
 * the live socket and a catch-up fetch, and must be shown a single time.
 */
export function addMessages(qc: QueryClient, conversationId: string, incoming: ChatMessage[]) {
  qc.setQueryData<MessagePages>(messagesKey(conversationId), (data) => {
    if (!data || incoming.length === 0) return data;
    const known = new Set(data.pages.flatMap((p) => p.map((m) => m.id)));
    const fresh = incoming.filter((m) => !known.has(m.id));
    if (fresh.length === 0) return data;
    const newest = [...data.pages[0], ...fresh].sort((a, b) => a.timestamp.localeCompare(b.timestamp));
    return { ...data, pages: [newest, ...data.pages.slice(1)] };
  });
}

/** What the conversation list shows of a message (as the server's list does). */
export function previewOf(message: ChatMessage): string {
  if (message.deleted) return DELETED_MESSAGE;
  if (!message.content && message.attachment) return `📎 ${message.attachment.name}`;
  return message.content;
}

/** Puts the server's copy of each message in place of the cached one, where one is held. */
function replaceHeld(qc: QueryClient, conversationId: string, fresh: ChatMessage[]) {
  const byId = new Map(fresh.map((m) => [m.id, m]));
  qc.setQueryData<MessagePages>(messagesKey(conversationId), (data) => {
    if (!data?.pages.some((p) => p.some((m) => byId.has(m.id)))) return data;
    return { ...data, pages: data.pages.map((p) => p.map((m) => byId.get(m.id) ?? m)) };
  });
}

/**
 * A message changed (edited, deleted, reacted to): the cached copy is replaced where it is held,
 * and the list's preview follows when it is the conversation's last message.
 */
export function replaceMessage(qc: QueryClient, message: ChatMessage) {
  replaceHeld(qc, message.conversationId, [message]);
  updateConversations(qc, (list) =>
    list.map((c) =>
      c.id === message.conversationId && c.lastMessageTime === message.timestamp
        ? { ...c, lastMessage: previewOf(message) }
        : c,
    ),
  );
}

/** Moves the conversation to the top with its new last message; counts it unread when asked. */
export function noteMessage(qc: QueryClient, message: ChatMessage, countUnread: boolean) {
  let found = false;
  updateConversations(qc, (list) => {
    const current = list.find((c) => c.id === message.conversationId);
    if (!current) return list;
    found = true;
    const updated: Conversation = {
      ...current,
      lastMessage: previewOf(message),
      lastMessageTime: message.timestamp,
      unreadCount: current.unreadCount + (countUnread ? 1 : 0),
    };
    return [updated, ...list.filter((c) => c.id !== message.conversationId)];
  });
  if (!found) void refresh(chatApi.conversations);
}

export function useSendMessage(conversationId: string) {
  const qc = useQueryClient();
  return useApiMutation(chatApi.send, {
    onSuccess: (message) => {
      addMessages(qc, conversationId, [message]);
      noteMessage(qc, message, false);
    },
    // Chat failures are only logged.
    onError: (error) => console.error('Sending the message failed', error),
  });
}

// Edits, deletions and reactions: the answer is the message as it is now (the socket says the same
// to everyone else). Failures show the server's message (lib/api-client.ts).
export function useEditMessage() {
  const qc = useQueryClient();
  return useApiMutation(chatApi.editMessage, { onSuccess: (message) => replaceMessage(qc, message) });
}
export function useDeleteMessage() {
  const qc = useQueryClient();
  return useApiMutation(chatApi.deleteMessage, { onSuccess: (message) => replaceMessage(qc, message) });
}
/** Undo of a deletion within its minute (docs/product/chat.md#undo): the message as it is again. */
export function useRestoreMessage() {
  const qc = useQueryClient();
  return (conversationId: string, messageId: string) =>
    call(chatApi.restoreMessage, { params: { id: conversationId, messageId } }).then((message) =>
      replaceMessage(qc, message),
    );
}
export function useReact() {
  const qc = useQueryClient();
  return useApiMutation(chatApi.react, { onSuccess: (message) => replaceMessage(qc, message) });
}

/** A file goes as multipart/form-data (the words first, then the file), which the JSON calls do not send. */
export function useSendFile(conversationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, content }: { file: File; content: string }) => {
      const form = new FormData();
      if (content) form.append('content', content);
      form.append('file', file);
      const url = apiUrl(chatApi.attach, { params: { id: conversationId } });
      return (await request('POST', url, { body: form })) as ChatMessage;
    },
    onSuccess: (message) => {
      addMessages(qc, conversationId, [message]);
      noteMessage(qc, message, false);
    },
  });
}

export const SEARCH_PAGE = 20;
/** Messages of the conversation with the words, newest first, a page at a time. */
export const useMessageSearch = (conversationId: string, q: string) =>
  useApiPages(
    chatApi.search,
    { params: { id: conversationId }, query: { q } },
    {
      pageSize: SEARCH_PAGE,
      next: (last) => (last.length < SEARCH_PAGE ? undefined : last.at(-1)?.id),
      enabled: q.length >= 2,
      keepPrevious: true,
    },
  );

export const useCreateConversation = () =>
  useApiMutation(chatApi.createConversation, { refreshes: [chatApi.conversations] });

/** People to start a conversation with, searched on the server. */
export const useUserSearch = (search: string) =>
  useApiQuery(
    usersApi.assignable,
    { query: { limit: 50, search: search || undefined } },
    { staleTime: 30_000, placeholderData: (previous) => previous },
  );

/** Tells the server a conversation on screen has been read (a message arrived while it was open). */
export const markReadOnServer = (conversationId: string) =>
  call(chatApi.markRead, { params: { id: conversationId } }).catch((e) => console.error(e));

/** The conversations whose messages are in the cache. */
export function loadedConversations(qc: QueryClient): string[] {
  const prefix = apiKey(chatApi.messages);
  return qc
    .getQueryCache()
    .findAll({ queryKey: prefix })
    .map((query) => query.queryKey)
    .filter((key) => key.length === messagesKey('x').length && key[prefix.length + 1] === 'messages')
    .map((key) => String(key[prefix.length]));
}

const CATCH_UP_PAGE = 500;

/** Whether message `a` comes before `b` in the conversation (created_at, then id, as the server orders). */
const isOlder = (a: ChatMessage, b: ChatMessage) =>
  a.timestamp < b.timestamp || (a.timestamp === b.timestamp && a.id < b.id);

/**
 * After a reconnect, whatever happened in a loaded conversation while the socket was down: the
 * messages that came, and the edits, deletions and reactions of the messages held (their events
 * were missed too). Reads the conversation newest first, a page at a time, back to the oldest
 * message held; nothing older is added, so the pages still scroll back without a gap or a repeat.
 */
export async function catchUp(qc: QueryClient, conversationId: string) {
  const oldest = qc.getQueryData<MessagePages>(messagesKey(conversationId))?.pages.at(-1)?.[0];
  if (!oldest) return qc.invalidateQueries({ queryKey: messagesKey(conversationId) });
  for (let before: string | undefined; ; ) {
    const page = await call(chatApi.messages, {
      params: { id: conversationId },
      query: { limit: CATCH_UP_PAGE, before },
    });
    replaceHeld(qc, conversationId, page);
    addMessages(
      qc,
      conversationId,
      page.filter((m) => !isOlder(m, oldest)),
    );
    // Done once the page reaches back to the oldest message held (or to the conversation's start).
    if (page.length < CATCH_UP_PAGE || !isOlder(oldest, page[0])) return;
    before = page[0].id;
  }
}
