import type { AssignableUser } from '@contract/users';
import type { ChatMessage, Conversation, CreateConversationBody } from '@contract/chat';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const CONVERSATIONS_KEY = ['/api/chat/conversations'] as const;
export const messagesKey = (conversationId: string) => ['/api/chat', conversationId, 'messages'] as const;
export const PAGE_SIZE = 50;

export type MessagePages = InfiniteData<ChatMessage[], string | undefined>;

export function useConversations() {
  return useQuery<Conversation[]>({ queryKey: CONVERSATIONS_KEY });
}

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
      const cursor = pageParam ? `&before=${pageParam}` : '';
      const page = await apiRequest<ChatMessage[]>(
        'GET',
        `/api/chat/${conversationId}/messages?limit=${PAGE_SIZE}${cursor}`,
        undefined,
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

/** Moves the conversation to the top with its new last message; counts it unread when asked. */
export function noteMessage(qc: QueryClient, message: ChatMessage, countUnread: boolean) {
  let found = false;
  updateConversations(qc, (list) => {
    const current = list.find((c) => c.id === message.conversationId);
    if (!current) return list;
    found = true;
    const updated: Conversation = {
      ...current,
      lastMessage: message.content,
      lastMessageTime: message.timestamp,
      unreadCount: current.unreadCount + (countUnread ? 1 : 0),
    };
    return [updated, ...list.filter((c) => c.id !== message.conversationId)];
  });
  if (!found) void qc.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
}

export function useSendMessage(conversationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      apiRequest<ChatMessage>('POST', `/api/chat/${conversationId}/messages`, { content }),
    onSuccess: (message) => {
      addMessages(qc, conversationId, [message]);
      noteMessage(qc, message, false);
    },
    // Spec point 8: chat failures are only logged.
    onError: (error) => console.error('Sending the message failed', error),
  });
}

export function useCreateConversation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateConversationBody) =>
      apiRequest<Conversation>('POST', '/api/chat/conversations', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: CONVERSATIONS_KEY }),
  });
}

export function useUserSearch(search: string) {
  return useQuery<AssignableUser[]>({
    queryKey: [`/api/users?limit=50${search ? `&search=${encodeURIComponent(search)}` : ''}`],
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });
}

/** Fetches everything newer than what a loaded conversation holds (after a reconnect). */
export async function catchUp(qc: QueryClient, conversationId: string) {
  const data = qc.getQueryData<MessagePages>(messagesKey(conversationId));
  const newest = data?.pages[0]?.at(-1)?.id;
  if (!newest) return qc.invalidateQueries({ queryKey: messagesKey(conversationId) });
  for (let after = newest; ; ) {
    const page = await apiRequest<ChatMessage[]>(
      'GET',
      `/api/chat/${conversationId}/messages?limit=500&after=${after}`,
    );
    addMessages(qc, conversationId, page);
    if (page.length < 500) return;
    after = page[page.length - 1].id;
  }
}
