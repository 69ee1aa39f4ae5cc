import { z } from 'zod';
import { idParam, text } from './common';
import { endpoints } from './endpoint';

/** docs/product/chat.md#messages: messages are trimmed and 1–4000 characters. */
export const MESSAGE_MAX = 4000;
export const GROUP_NAME_MAX = 100;
export const GROUP_PARTICIPANTS_MAX = 200;

export const conversationType = z.enum(['group', 'direct']);
export type ConversationType = z.infer<typeof conversationType>;

export const participant = z.object({
  id: z.string(),
  name: z.string(),
  /** the person's picture (profileImageUrl), null: initials */
  imageUrl: z.string().nullable(),
});
export type Participant = z.infer<typeof participant>;

/** docs/product/chat.md#messages: senderId is the real user id; the client compares with its own id. */
export const chatMessage = z.object({
  id: z.string(),
  conversationId: z.string(),
  senderId: z.string().nullable(),
  senderName: z.string(),
  /** the sender's picture (profileImageUrl); null: initials */
  senderImageUrl: z.string().nullable(),
  content: z.string(),
  /** ISO 8601 in UTC ('2026-11-21T09:05:03.250Z'): clients order messages by this text. */
  timestamp: z.iso.datetime(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** docs/product/chat.md#conversations: for a direct one, `name` is the other person's name. */
export const conversation = z.object({
  id: z.string(),
  type: conversationType,
  name: z.string().nullable(),
  /** a direct conversation's other person's picture; null for groups or without one */
  imageUrl: z.string().nullable(),
  isGeneral: z.boolean(),
  lastMessage: z.string().nullable(),
  lastMessageTime: z.string().nullable(),
  unreadCount: z.number().int(),
  participantCount: z.number().int(),
  /** the first PARTICIPANT_PREVIEW by name ('General' holds everyone: the count is exact, the list is not) */
  participants: z.array(participant),
});
export const PARTICIPANT_PREVIEW = 20;
export type Conversation = z.infer<typeof conversation>;

export const createConversationBody = z
  .object({
    type: conversationType,
    name: text({ max: GROUP_NAME_MAX, tooLong: 'Group name is too long' }).optional(),
    participantIds: z
      .array(z.uuid({ message: 'Choose people from the list' }), { message: 'Choose at least one person' })
      .min(1, 'Choose at least one person')
      .max(GROUP_PARTICIPANTS_MAX, `A group can have at most ${GROUP_PARTICIPANTS_MAX} people`),
  })
  .superRefine((body, ctx) => {
    if (body.type === 'group' && !body.name) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'Group name is required' });
    }
    if (body.type === 'direct' && body.participantIds.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['participantIds'],
        message: 'A direct conversation is with exactly one person',
      });
    }
  });
export type CreateConversationBody = z.input<typeof createConversationBody>;

export const sendMessageBody = z.object({
  content: text({
    required: 'Message cannot be empty',
    max: MESSAGE_MAX,
    tooLong: `Message is too long (at most ${MESSAGE_MAX} characters)`,
    multiline: true,
  }),
});
export type SendMessageBody = z.input<typeof sendMessageBody>;

/**
 * A page of messages, oldest first. `before` (a message id) pages back through history; `after`
 * (a message id) fetches what arrived since, which is how a reconnecting client catches up.
 */
export const messagesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  before: z.uuid({ message: 'Invalid cursor' }).optional(),
  after: z.uuid({ message: 'Invalid cursor' }).optional(),
});
export type MessagesQuery = z.infer<typeof messagesQuery>;

/** JSON events the server pushes over /api/ws: `{type, data}`. */
export type ServerEvent =
  | { type: 'ready'; data: { userId: string } }
  | { type: 'heartbeat'; data: { at: string } }
  | { type: 'message.created'; data: ChatMessage }
  | { type: 'conversation.created'; data: { conversationId: string } }
  | { type: 'conversation.read'; data: { conversationId: string } }
  | { type: 'typing'; data: { conversationId: string; userId: string; userName: string } }
  /** the caller's notifications changed (a new one, or some read in another tab): fetch the bell again */
  | { type: 'notifications.changed'; data: Record<string, never> }
  /** the server missed events (its database connection dropped): fetch what is on screen again */
  | { type: 'resync'; data: Record<string, never> };

/** Events a client may send: typing notices only (everything else goes through the HTTP API). */
export const clientEvent = z.object({
  type: z.literal('typing'),
  data: z.object({ conversationId: z.uuid() }),
});
export type ClientEvent = z.infer<typeof clientEvent>;

export const chatApi = endpoints('Chat', {
  conversations: {
    method: 'GET',
    path: '/api/chat/conversations',
    summary: "The caller's conversations, most recent first, with unread counts",
    access: 'signedIn',
    responses: { 200: z.array(conversation) },
  },
  createConversation: {
    method: 'POST',
    path: '/api/chat/conversations',
    summary: 'Open a direct conversation (200 with the existing one) or create a group (201)',
    access: 'signedIn',
    body: createConversationBody,
    responses: { 200: conversation, 201: conversation },
  },
  messages: {
    method: 'GET',
    path: '/api/chat/{id}/messages',
    summary: 'A page of messages, oldest first; reading the newest marks the conversation read',
    access: 'signedIn',
    params: idParam,
    query: messagesQuery,
    responses: { 200: z.array(chatMessage) },
  },
  send: {
    method: 'POST',
    path: '/api/chat/{id}/messages',
    summary: 'Post a message',
    access: 'signedIn',
    params: idParam,
    body: sendMessageBody,
    responses: { 201: chatMessage },
  },
  markRead: {
    method: 'POST',
    path: '/api/chat/{id}/read',
    summary: 'Mark the conversation read (a message arrived while it was open)',
    access: 'signedIn',
    params: idParam,
    responses: { 204: null },
  },
});
