import { z } from 'zod';

/** Spec point 9 and decisions §9: messages are trimmed and 1–4000 characters. */
export const MESSAGE_MAX = 4000;
export const GROUP_NAME_MAX = 100;
export const GROUP_PARTICIPANTS_MAX = 200;

export const conversationType = z.enum(['group', 'direct']);
export type ConversationType = z.infer<typeof conversationType>;

export const participant = z.object({ id: z.string(), name: z.string() });
export type Participant = z.infer<typeof participant>;

/** spec "Message": senderId is the real user id (decisions §2); the client compares with its own id. */
export const chatMessage = z.object({
  id: z.string(),
  conversationId: z.string(),
  senderId: z.string().nullable(),
  senderName: z.string(),
  content: z.string(),
  timestamp: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** spec "Conversation": for a direct one, `name` is the other person's name. */
export const conversation = z.object({
  id: z.string(),
  type: conversationType,
  name: z.string().nullable(),
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
    name: z.string().trim().max(GROUP_NAME_MAX, 'Group name is too long').optional(),
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
  content: z
    .string({ message: 'Message cannot be empty' })
    .trim()
    .min(1, 'Message cannot be empty')
    .max(MESSAGE_MAX, `Message is too long (at most ${MESSAGE_MAX} characters)`),
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
  | { type: 'typing'; data: { conversationId: string; userId: string; userName: string } };

/** Events a client may send: typing notices only (everything else goes through the HTTP API). */
export const clientEvent = z.object({
  type: z.literal('typing'),
  data: z.object({ conversationId: z.uuid() }),
});
export type ClientEvent = z.infer<typeof clientEvent>;
