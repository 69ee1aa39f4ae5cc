import { z } from 'zod';
import { errorBody, idParam, text } from './common';
import { endpoints } from './endpoint';

/** docs/product/chat.md#messages: messages are trimmed and 1–4000 characters. */
export const MESSAGE_MAX = 4000;
export const GROUP_NAME_MAX = 100;
export const GROUP_PARTICIPANTS_MAX = 200;

export const conversationTypes = ['group', 'direct'] as const;
export const conversationType = z.enum(conversationTypes);
export type ConversationType = z.infer<typeof conversationType>;

export const participant = z.object({
  id: z.string(),
  name: z.string(),
  /** the person's picture (profileImageUrl), null: initials */
  imageUrl: z.string().nullable(),
});
export type Participant = z.infer<typeof participant>;

/** docs/product/chat.md#reactions: the fixed set people react with. */
export const REACTIONS = ['👍', '❤️', '😂', '🎉', '😮', '😢'] as const;
export const reactionEmoji = z.enum(REACTIONS, { message: 'reaction_invalid' });
export const reactionSummary = z.object({
  emoji: z.string(),
  count: z.number().int(),
  /** whether the caller is among those who reacted with it */
  mine: z.boolean(),
});
export type ReactionSummary = z.infer<typeof reactionSummary>;
export const reactBody = z.object({ emoji: reactionEmoji });
export type ReactBody = z.infer<typeof reactBody>;

/** docs/product/chat.md#attachments: at most 10 MB, of these kinds (checked by content, not by name). */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_TOO_LARGE = 'attachment_too_large';
export const ATTACHMENT_MISSING = 'attachment_missing';
export const ATTACHMENT_NOT_ALLOWED = 'attachment_not_allowed';
/** What the file picker offers; the server checks the content itself. */
export const ATTACHMENT_ACCEPT =
  'image/png,image/jpeg,image/webp,image/gif,application/pdf,text/plain,text/csv,.txt,.csv,.docx,.xlsx,.pptx';
export const attachment = z.object({
  id: z.string(),
  name: z.string(),
  /** the type the server found in the content */
  contentType: z.string(),
  size: z.number().int(),
  /** pixels, for images (so the list keeps their place before they load); null otherwise */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  url: z.string(),
});
export type Attachment = z.infer<typeof attachment>;

/** docs/product/chat.md#messages: senderId is the real user id; the client compares with its own id. */
export const chatMessage = z.object({
  id: z.string(),
  conversationId: z.string(),
  senderId: z.string().nullable(),
  senderName: z.string(),
  /** the sender's picture (profileImageUrl); null: initials */
  senderImageUrl: z.string().nullable(),
  /** '' when deleted, or for a file sent without words */
  content: z.string(),
  /** ISO 8601 in UTC ('2026-11-21T09:05:03.250Z'): clients order messages by this text. */
  timestamp: z.iso.datetime(),
  /** when the sender last edited it; null if never */
  editedAt: z.iso.datetime().nullable(),
  /** deleted by its sender: shown as "This message was deleted", its words and file are gone */
  deleted: z.boolean(),
  /** one entry per emoji used, in the order first used */
  reactions: z.array(reactionSummary),
  attachment: attachment.nullable(),
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
    name: text({ max: GROUP_NAME_MAX, tooLong: 'group_name_too_long' }).optional(),
    participantIds: z
      .array(z.uuid({ message: 'participants_from_list' }), { message: 'participants_required' })
      .min(1, 'participants_required')
      .max(GROUP_PARTICIPANTS_MAX, 'group_too_large'),
  })
  .superRefine((body, ctx) => {
    if (body.type === 'group' && !body.name) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'group_name_required' });
    }
    if (body.type === 'direct' && body.participantIds.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['participantIds'],
        message: 'direct_one_person',
      });
    }
  });
export type CreateConversationBody = z.input<typeof createConversationBody>;

export const sendMessageBody = z.object({
  content: text({
    required: 'message_empty',
    max: MESSAGE_MAX,
    tooLong: 'message_too_long',
    multiline: true,
  }),
});
export type SendMessageBody = z.input<typeof sendMessageBody>;
/** The words sent with a file: a message's rules, but they may be empty. */
export const messageCaption = text({
  max: MESSAGE_MAX,
  tooLong: 'message_too_long',
  notText: 'message_not_text',
  multiline: true,
});
/** What everyone sees in place of a deleted message (i18n: stored data, shown as chat:message.deleted). */
export const DELETED_MESSAGE = 'This message was deleted';

/**
 * A page of messages, oldest first. `before` (a message id) pages back through history; `after`
 * (a message id) fetches what arrived since, which is how a reconnecting client catches up.
 */
export const messagesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  before: z.uuid({ message: 'invalid_cursor' }).optional(),
  after: z.uuid({ message: 'invalid_cursor' }).optional(),
});
export type MessagesQuery = z.infer<typeof messagesQuery>;

export const messageParams = z.object({ id: z.uuid(), messageId: z.uuid() });
export const attachmentParams = z.object({ id: z.uuid(), attachmentId: z.uuid() });

/** docs/product/chat.md#search: words in one conversation, newest first, `before` pages back. */
export const SEARCH_MIN = 2;
export const searchMessagesQuery = z.object({
  q: text({
    required: 'chat_search_too_short',
    min: SEARCH_MIN,
    max: 100,
    tooLong: 'chat_search_too_long',
  }),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  before: z.uuid({ message: 'invalid_cursor' }).optional(),
});
export type SearchMessagesQuery = z.input<typeof searchMessagesQuery>;

/** JSON events the server pushes over /api/ws: `{type, data}`. */
export type ServerEvent =
  | { type: 'ready'; data: { userId: string } }
  | { type: 'heartbeat'; data: { at: string } }
  | { type: 'message.created'; data: ChatMessage }
  /** edited, deleted or reacted to: the message as it is now (`mine` as seen by the recipient) */
  | { type: 'message.updated'; data: ChatMessage }
  | { type: 'conversation.created'; data: { conversationId: string } }
  | { type: 'conversation.read'; data: { conversationId: string } }
  | { type: 'typing'; data: { conversationId: string; userId: string; userName: string } }
  /** the caller's notifications changed (a new one, or some read in another tab): fetch the bell again */
  | { type: 'notifications.changed'; data: Record<string, never> }
  /** a task the caller may see was created, changed or deleted: fetch the task lists again */
  | { type: 'tasks.changed'; data: { taskId: string } }
  /** a week the caller may see was submitted, withdrawn, decided or reopened: fetch the timesheets again */
  | { type: 'timesheets.changed'; data: Record<string, never> }
  /** a team the caller may see (or is in) changed, and with it who manages whom: fetch the team views again */
  | { type: 'teams.changed'; data: Record<string, never> }
  /** time off the caller may see was requested, decided or cancelled: fetch requests, calendar and hours again */
  | { type: 'leave.changed'; data: Record<string, never> }
  /** an allowance the caller may read changed (an entitlement, an adjustment): fetch the balances again */
  | { type: 'allowances.changed'; data: Record<string, never> }
  /** leave types or the allowance rules changed: fetch the types, requests and balances again */
  | { type: 'leaveSettings.changed'; data: Record<string, never> }
  /** holidays changed (the region, a company day): fetch holidays, the calendar and hours again */
  | { type: 'holidays.changed'; data: Record<string, never> }
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
  editMessage: {
    method: 'PATCH',
    path: '/api/chat/{id}/messages/{messageId}',
    summary: "Edit one's own message (any time; it is marked edited)",
    access: 'signedIn',
    params: messageParams,
    body: sendMessageBody,
    responses: { 200: chatMessage, 409: errorBody },
  },
  deleteMessage: {
    method: 'DELETE',
    path: '/api/chat/{id}/messages/{messageId}',
    summary: "Delete one's own message: its words and file are removed, a tombstone stays",
    access: 'signedIn',
    params: messageParams,
    responses: { 200: chatMessage, 409: errorBody },
  },
  restoreMessage: {
    method: 'POST',
    path: '/api/chat/{id}/messages/{messageId}/restore',
    summary:
      "Undo the deletion of one's own message within a minute: its words, reactions and file come back in its place",
    access: 'signedIn',
    params: messageParams,
    responses: { 200: chatMessage, 409: errorBody },
  },
  react: {
    method: 'POST',
    path: '/api/chat/{id}/messages/{messageId}/reactions',
    summary: "Toggle the caller's reaction (one of the offered emoji) on a message",
    access: 'signedIn',
    params: messageParams,
    body: reactBody,
    responses: { 200: chatMessage, 409: errorBody },
  },
  attach: {
    method: 'POST',
    path: '/api/chat/{id}/attachments',
    summary:
      'Send a file as a message (multipart/form-data: optional field `content`, then field `file`; at most 10 MB; images, PDF, text, CSV, Word, Excel, PowerPoint)',
    access: 'signedIn',
    params: idParam,
    responses: { 201: chatMessage },
  },
  attachment: {
    method: 'GET',
    path: '/api/chat/{id}/attachments/{attachmentId}',
    summary: 'The file of a message, to participants only (images inline, anything else as a download)',
    access: 'signedIn',
    params: attachmentParams,
    responses: { 200: z.string() },
    // What the server accepts (docs/product/chat.md#attachments), served with the type found in it.
    produces: [
      'image/png',
      'image/jpeg',
      'image/webp',
      'image/gif',
      'application/pdf',
      'text/plain; charset=utf-8',
      'text/csv; charset=utf-8',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ],
  },
  search: {
    method: 'GET',
    path: '/api/chat/{id}/search',
    summary: 'Messages of one conversation containing the words, newest first (`before` pages back)',
    access: 'signedIn',
    params: idParam,
    query: searchMessagesQuery,
    responses: { 200: z.array(chatMessage) },
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
