import type { ChatMessage, Conversation } from '@contract/chat';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { getStoredUser } from '@/lib/auth';
import { onLiveReconnect, sendLive, subscribeLive } from '@/lib/socket';
import {
  addMessages,
  CONVERSATIONS_KEY,
  catchUp,
  loadedConversations,
  markReadOnServer,
  markReadLocally,
  noteMessage,
  replaceMessage,
  useConversations,
} from './api';

/** The conversation on screen: its new messages are read as they arrive, not counted unread. */
let openConversationId: string | null = null;
export function setOpenConversation(id: string | null) {
  openConversationId = id;
}

// --- who is typing, per conversation (a tiny external store; entries expire on their own) ---
const TYPING_SHOWN_MS = 4_000;
type Typing = Record<string, { userId: string; userName: string; until: number }[]>;
let typing: Typing = {};
const typingListeners = new Set<() => void>();
function setTyping(next: Typing) {
  typing = next;
  for (const l of typingListeners) l();
}
function noteTyping(conversationId: string, userId: string, userName: string) {
  const others = (typing[conversationId] ?? []).filter((t) => t.userId !== userId);
  setTyping({
    ...typing,
    [conversationId]: [...others, { userId, userName, until: Date.now() + TYPING_SHOWN_MS }],
  });
  setTimeout(() => {
    const left = (typing[conversationId] ?? []).filter((t) => t.until > Date.now());
    setTyping({ ...typing, [conversationId]: left });
  }, TYPING_SHOWN_MS + 50);
}
function clearTyping(conversationId: string, userId: string | null) {
  const list = typing[conversationId];
  if (list?.some((t) => t.userId === userId))
    setTyping({ ...typing, [conversationId]: list.filter((t) => t.userId !== userId) });
}

const NO_ONE: Typing[string] = [];
export function useTypingNames(conversationId: string): string[] {
  const list = useSyncExternalStore(
    (l) => {
      typingListeners.add(l);
      return () => typingListeners.delete(l);
    },
    () => typing[conversationId] ?? NO_ONE,
  );
  return list.map((t) => t.userName);
}

let lastTypingSent = 0;
/** Tells the others that this user is typing, at most every 2 seconds. */
export function announceTyping(conversationId: string) {
  if (Date.now() - lastTypingSent < 2_000) return;
  lastTypingSent = Date.now();
  sendLive({ type: 'typing', data: { conversationId } });
}

// --- the bridge from socket events to the query cache, attached once however many hooks use it ---
function onEvent(qc: QueryClient, event: { type: string; data: unknown }) {
  const me = getStoredUser()?.id;
  switch (event.type) {
    case 'message.created': {
      const message = event.data as ChatMessage;
      const isOpen = message.conversationId === openConversationId && document.visibilityState === 'visible';
      addMessages(qc, message.conversationId, [message]);
      noteMessage(qc, message, message.senderId !== me && !isOpen);
      clearTyping(message.conversationId, message.senderId);
      if (isOpen && message.senderId !== me) void markReadOnServer(message.conversationId);
      return;
    }
    case 'message.updated':
      replaceMessage(qc, event.data as ChatMessage);
      return;
    case 'conversation.created':
      void qc.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
      return;
    case 'conversation.read':
      markReadLocally(qc, (event.data as { conversationId: string }).conversationId);
      return;
    case 'typing': {
      const t = event.data as { conversationId: string; userId: string; userName: string };
      if (t.userId !== me) noteTyping(t.conversationId, t.userId, t.userName);
    }
  }
}

let users = 0;
let detach: (() => void) | undefined;

function attach(qc: QueryClient) {
  const offEvents = subscribeLive((event) => onEvent(qc, event));
  const offReconnect = onLiveReconnect(() => {
    // Whatever happened while the socket was down: fresh counts and order, and the missing messages.
    void qc.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    for (const id of loadedConversations(qc)) {
      catchUp(qc, id).catch((e) => console.error('Catching up failed', e));
    }
  });
  // Messages that came while the tab was hidden were counted unread; coming back to the open
  // conversation reads them.
  const onVisible = () => {
    const id = openConversationId;
    if (document.visibilityState !== 'visible' || !id) return;
    const open = qc.getQueryData<Conversation[]>(CONVERSATIONS_KEY)?.find((c) => c.id === id);
    if (!open?.unreadCount) return;
    markReadLocally(qc, id);
    void markReadOnServer(id);
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    offEvents();
    offReconnect();
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/** Keeps the chat cache live while any component using it is mounted. */
export function useChatLive() {
  const qc = useQueryClient();
  useEffect(() => {
    users += 1;
    if (users === 1) detach = attach(qc);
    return () => {
      users -= 1;
      if (users === 0) {
        detach?.();
        detach = undefined;
      }
    };
  }, [qc]);
}

/** The sidebar's Chat badge: unread messages across all the user's conversations, kept live. */
export function useChatUnreadTotal(): number {
  useChatLive();
  const { data } = useConversations();
  return data?.reduce((sum, c) => sum + c.unreadCount, 0) ?? 0;
}
