import { conversationTypes } from '@contract/chat';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { bytea, createdAt, id, ts, tsvector } from './_columns';
import { users } from './users';

export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    type: text('type', { enum: conversationTypes }).notNull(),
    name: text('name'),
    /** the one 'General' group every approved user belongs to */
    isGeneral: boolean('is_general').notNull().default(false),
    /** for direct conversations: the two user ids sorted and joined, so each pair has one */
    directKey: text('direct_key').unique(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastMessageAt: ts('last_message_at'),
  },
  (t) => [uniqueIndex('conversations_one_general').on(t.isGeneral).where(sql`${t.isGeneral}`)],
);

export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadAt: ts('last_read_at'),
    joinedAt: ts('joined_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('participants_user_idx').on(t.userId)],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    /** '' once deleted (the row stays as a tombstone), or for a file sent without a caption */
    content: text('content').notNull(),
    createdAt: createdAt(),
    editedAt: ts('edited_at'),
    deletedAt: ts('deleted_at'),
    /** what search matches (docs/decisions/025-search-palette-shortcuts.md) */
    searchDocument: tsvector('search_document').generatedAlwaysAs(sql`to_tsvector('simple', "content")`),
  },
  (t) => [
    index('messages_conversation_created_idx').on(t.conversationId, t.createdAt, t.id),
    index('messages_search_idx').using('gin', t.searchDocument),
  ],
);

/** One reaction of one person to one message (docs/product/chat.md#reactions): toggled by POST. */
export const messageReactions = pgTable(
  'message_reactions',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emoji: text('emoji').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.emoji, t.userId] })],
);

/**
 * The file of a message (docs/product/chat.md#attachments), kept in the database: every instance
 * can serve it and a database backup holds it (docs/decisions/026-fuller-chat.md).
 */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: id(),
    messageId: uuid('message_id')
      .notNull()
      .unique()
      .references(() => messages.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** decided by the server from the file's content, never the client's word */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('message_attachments_size', sql`${t.size} > 0`)],
);

/**
 * What a deleted message held, kept for the Undo of its toast (docs/product/chat.md#undo): its
 * words, reactions and file, until `expiresAt` (a minute), after which the minute sweep removes the
 * row and the message stays a tombstone, as before. Chat messages have no Trash
 * (docs/decisions/045-trash-and-recurring-tasks.md).
 */
export const messageUndo = pgTable('message_undo', {
  messageId: uuid('message_id')
    .primaryKey()
    .references(() => messages.id, { onDelete: 'cascade' }),
  content: text('content').notNull(),
  /** [{userId, emoji, createdAt}] */
  reactions: jsonb('reactions').notNull(),
  attachmentId: uuid('attachment_id'),
  fileName: text('file_name'),
  contentType: text('content_type'),
  size: integer('size'),
  width: integer('width'),
  height: integer('height'),
  data: bytea('data'),
  attachmentCreatedAt: ts('attachment_created_at'),
  expiresAt: ts('expires_at').notNull(),
});
