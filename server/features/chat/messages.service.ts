import { eq, sql } from 'drizzle-orm';
import type { ChatMessage, MessagesQuery } from '@contract/chat';
import type { Db } from '../../db/types';
import { rowsOf } from '../../db/rows';
import { isoInstant, statement } from '../../db/statements';
import type { Context } from '../../lib/context';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { containsPattern } from '../../lib/like';
import { messageAttachments, messageReactions } from '../../db/schema';
import { announce } from './chat.events';
import { announceNotifications, notify } from '../../core/notify';
import type { Reader } from '../../core/readers';
import { assertParticipant } from './conversations.service';

type Row = {
  id: string;
  conversation_id: string;
  sender_id: string | null;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  content: string;
  created_at: Date | string;
  edited_at?: Date | string | null;
  deleted_at?: Date | string | null;
  attachment_id?: string | null;
  file_name?: string | null;
  content_type?: string | null;
  size?: number | null;
  width?: number | null;
  height?: number | null;
  /** `mine` as seen by the reader; `users` (the reactors) only in the live fan-out's read */
  reactions?: { emoji: string; count: number; mine: boolean; users?: string[] }[] | null;
};

const columns = sql`m.id, m.conversation_id, m.sender_id, u.first_name, u.last_name, u.profile_image_url, m.content, m.created_at`;

export const attachmentUrl = (conversationId: string, attachmentId: string) =>
  `/api/chat/${conversationId}/attachments/${attachmentId}`;

function toMessage(r: Row): ChatMessage {
  return {
    id: r.id,
    conversationId: r.conversation_id,
    senderId: r.sender_id,
    // A deleted account keeps its messages; they are shown as from a former member.
    senderName: r.first_name ? `${r.first_name} ${r.last_name}` : 'Former member',
    senderImageUrl: r.profile_image_url,
    content: r.content,
    timestamp: isoInstant(r.created_at),
    editedAt: isoInstant(r.edited_at ?? null),
    deleted: !!r.deleted_at,
    reactions: (r.reactions ?? []).map(({ emoji, count, mine }) => ({ emoji, count, mine })),
    attachment: r.attachment_id
      ? {
          id: r.attachment_id,
          name: r.file_name ?? 'file',
          contentType: r.content_type ?? 'application/octet-stream',
          size: r.size ?? 0,
          width: r.width ?? null,
          height: r.height ?? null,
          url: attachmentUrl(r.conversation_id, r.attachment_id),
        }
      : null,
  };
}

/**
 * A message's reactions, aggregated in the page's own query (one correlated subquery over the
 * (message_id, emoji, user_id) key, no query per message): per emoji the count and whether `reader`
 * reacted, in the order the emoji were first used. `users` lists the reactors instead, for the
 * live fan-out, which tells each recipient its own `mine`.
 */
const reactionsColumn = (reader: string | null) => `(select coalesce(json_agg(json_build_object(
      'emoji', r.emoji, 'count', r.n, 'mine', r.mine${reader ? '' : ", 'users', r.users"}) order by r.first, r.emoji), '[]'::json)
    from (select x.emoji, count(*)::int as n, ${reader ? `bool_or(x.user_id = ${reader})` : 'false'} as mine,
        array_agg(x.user_id::text) as users, min(x.created_at) as first
      from message_reactions x where x.message_id = m.id group by x.emoji) r) as reactions`;

const selectFor = (
  reader: string | null,
) => `select m.id, m.conversation_id, m.sender_id, u.first_name, u.last_name,
    u.profile_image_url, m.content, m.created_at, m.edited_at, m.deleted_at,
    a.id as attachment_id, a.file_name, a.content_type, a.size, a.width, a.height, ${reactionsColumn(reader)}
  from messages m left join users u on u.id = m.sender_id left join message_attachments a on a.message_id = m.id`;

// Opening a conversation reads one of these pages: prepared statements (decisions/008). The
// reader's id is the last parameter.
const selectMessages = (readerParam: number) => selectFor(`$${readerParam}::uuid`);
const cursorRow = (n: number) => `(select c.created_at, c.id from messages c where c.id = $${n})`;

/**
 * The participant check and the read state in one round trip: no row when the user does not take
 * part; `unread` when a message is newer than the user's last read (or joining), compared in SQL at
 * the database's microseconds. The newest created_at comes from the (conversation_id, created_at)
 * index, one entry.
 */
const readState = statement<{ unread: boolean }, [conversationId: string, userId: string]>(
  'conversation_read_state',
  `select coalesce((select max(m.created_at) from messages m where m.conversation_id = p.conversation_id)
       > coalesce(p.last_read_at, p.joined_at), false) as unread
   from conversation_participants p where p.conversation_id = $1 and p.user_id = $2`,
);

const messageIn = statement<{ id: string }, [messageId: string, conversationId: string]>(
  'message_in_conversation',
  'select id from messages where id = $1 and conversation_id = $2',
);
const newestPage = statement<Row, [conversationId: string, limit: number, reader: string]>(
  'messages_newest',
  `${selectMessages(3)} where m.conversation_id = $1 order by m.created_at desc, m.id desc limit $2`,
);
const pageBefore = statement<Row, [conversationId: string, before: string, limit: number, reader: string]>(
  'messages_before',
  `${selectMessages(4)} where m.conversation_id = $1 and (m.created_at, m.id) < ${cursorRow(2)}
   order by m.created_at desc, m.id desc limit $3`,
);
const pageAfter = statement<Row, [conversationId: string, after: string, limit: number, reader: string]>(
  'messages_after',
  `${selectMessages(4)} where m.conversation_id = $1 and (m.created_at, m.id) > ${cursorRow(2)}
   order by m.created_at asc, m.id asc limit $3`,
);

/**
 * One page of a conversation, oldest first. Without a cursor: the newest page. `before`: the page
 * older than that message; `after`: messages newer than it. Cursors compare (created_at, id) rows,
 * which the (conversation_id, created_at, id) index serves (scanned backwards for newest first). An unknown cursor is a 404.
 * `unread`: whether the user had anything unread in the conversation before this page.
 */
export async function listMessages(
  ctx: Context,
  conversationId: string,
  query: MessagesQuery,
): Promise<ChatMessage[]> {
  const { db } = ctx;
  const userId = ctx.actor.id;
  const [state] = await readState(db, conversationId, userId);
  // Everyone else is told the conversation does not exist.
  if (!state) throw notFound('conversation_not_found');
  const messages = await pageOf(db, conversationId, query, userId);
  // Reading the newest messages marks the conversation read; nothing is written when nothing was
  // unread, and the user's other tabs hear of it only when the mark changed.
  if (!query.before && state.unread && (await markReadIn(db, userId, conversationId))) {
    await announce(ctx, { type: 'chat.read', conversationId, userId });
  }
  return messages;
}

async function pageOf(
  db: Db,
  conversationId: string,
  query: MessagesQuery,
  reader: string,
): Promise<ChatMessage[]> {
  const cursorId = query.before ?? query.after;
  if (cursorId && (await messageIn(db, cursorId, conversationId)).length === 0) {
    throw notFound('message_not_found');
  }
  if (query.after)
    return (await pageAfter(db, conversationId, query.after, query.limit, reader)).map(toMessage);
  const rows = query.before
    ? await pageBefore(db, conversationId, query.before, query.limit, reader)
    : await newestPage(db, conversationId, query.limit, reader);
  rows.reverse();
  return rows.map(toMessage);
}

/**
 * Marks the conversation read up to its newest message; true when that changed anything. The newest
 * created_at is taken in SQL, so the database's microseconds are compared with themselves and never
 * rounded through a JS Date.
 */
export async function markRead(ctx: Context, conversationId: string) {
  const userId = ctx.actor.id;
  await assertParticipant(ctx.db, userId, conversationId);
  if (await markReadIn(ctx.db, userId, conversationId)) {
    await announce(ctx, { type: 'chat.read', conversationId, userId });
  }
}

async function markReadIn(db: Db, userId: string, conversationId: string) {
  const rows = await rowsOf<Row>(
    db,
    sql`update conversation_participants p
    set last_read_at = latest.at
    from (select max(m.created_at) as at from messages m where m.conversation_id = ${conversationId}) latest
    where p.conversation_id = ${conversationId} and p.user_id = ${userId}
      and latest.at > coalesce(p.last_read_at, p.joined_at)
    returning p.user_id`,
  );
  return rows.length > 0;
}

/** Who has a live socket on this instance (the chat hub); docs/decisions/013-notifications-and-profile.md. */
export type Presence = { isOnline(userId: string): boolean };

// The participant check of a post, with what deciding its notifications needs: the conversation's
// type and name, and in a direct conversation the other person.
const postTarget = statement<
  { type: 'group' | 'direct'; name: string | null; other_id: string | null },
  [conversationId: string, userId: string]
>(
  'message_post_target',
  `select c.type, c.name,
     (select o.user_id from conversation_participants o
      where c.type = 'direct' and o.conversation_id = c.id and o.user_id <> $2 limit 1) as other_id
   from conversation_participants p join conversations c on c.id = p.conversation_id
   where p.conversation_id = $1 and p.user_id = $2`,
);

/**
 * Posts a message in one statement: it bumps the conversation's last_message_at (the row lock
 * serialises posts to one conversation, so each message gets a strictly later timestamp than the
 * one before it, even within a millisecond) and inserts the message with that timestamp.
 * When the message may notify someone (it contains `@`, or it is direct and the other person has
 * no socket here) the statement and the notifications share one transaction
 * (docs/product/notifications.md#events); otherwise no transaction is opened.
 */
export async function postMessage(
  ctx: Context,
  conversationId: string,
  content: string,
  presence?: Presence,
  /** a file sent with the message: stored in the same transaction */
  withFile?: StoredFile,
): Promise<ChatMessage> {
  const { db } = ctx;
  const userId = ctx.actor.id;
  const [target] = await postTarget(db, conversationId, userId);
  if (!target) throw notFound('conversation_not_found');
  const mayMention = content.includes('@');
  const offlineRecipient =
    target.other_id && presence && !presence.isOnline(target.other_id) ? target.other_id : null;
  if (!mayMention && !offlineRecipient && !withFile) {
    const message = toMessage(await insertMessage(db, ctx.now, conversationId, userId, content));
    await announce(ctx, { type: 'chat.message', conversationId, messageId: message.id });
    return message;
  }
  const { message, notified } = await db.transaction(async (tx) => {
    const message = toMessage(await insertMessage(tx, ctx.now, conversationId, userId, content));
    if (withFile) message.attachment = await storeFile(tx, message, withFile);
    const notified = await notifyOfMessage(ctx, tx, message, target, mayMention, offlineRecipient);
    return { message, notified };
  });
  await announce(ctx, { type: 'chat.message', conversationId, messageId: message.id });
  await announceNotifications(ctx, notified);
  return message;
}

/** A checked upload (attachments.service.ts), ready to store. */
export type StoredFile = {
  name: string;
  contentType: string;
  data: Buffer;
  width: number | null;
  height: number | null;
};

async function storeFile(tx: Db, message: ChatMessage, file: StoredFile): Promise<ChatMessage['attachment']> {
  const [row] = await tx
    .insert(messageAttachments)
    .values({
      messageId: message.id,
      fileName: file.name,
      contentType: file.contentType,
      size: file.data.length,
      width: file.width,
      height: file.height,
      data: file.data,
    })
    .returning({ id: messageAttachments.id });
  return {
    id: row.id,
    name: file.name,
    contentType: file.contentType,
    size: file.data.length,
    width: file.width,
    height: file.height,
    url: attachmentUrl(message.conversationId, row.id),
  };
}

async function insertMessage(db: Db, at: Date, conversationId: string, userId: string, content: string) {
  const now = at.toISOString();
  const [row] = await rowsOf<Row>(
    db,
    sql`with bumped as (
        update conversations
        set last_message_at = greatest(${now}::timestamptz, last_message_at + interval '1 microsecond')
        where id = ${conversationId}
        returning last_message_at
      ), inserted as (
        insert into messages (conversation_id, sender_id, content, created_at)
        select ${conversationId}, ${userId}, ${content}, last_message_at from bumped
        returning *
      ), read as (
        update conversation_participants set last_read_at = (select created_at from inserted)
        where conversation_id = ${conversationId} and user_id = ${userId}
      )
      select ${columns} from inserted m left join users u on u.id = m.sender_id`,
  );
  return row;
}

const PREVIEW_MAX = 200;
const preview = (content: string) =>
  content.length > PREVIEW_MAX ? `${content.slice(0, PREVIEW_MAX - 1)}…` : content;

/** A name typed after `@` ends where the name ends: "@Ann Lee" is not "@Ann Leeson". */
function mentions(content: string, name: string) {
  let from = 0;
  for (;;) {
    const at = content.indexOf(`@${name}`, from);
    if (at < 0) return false;
    const next = content.charAt(at + name.length + 1);
    if (!/[\p{L}\p{N}_-]/u.test(next)) return true;
    from = at + 1;
  }
}

/** The participants (other than the author) that `content` names as `@First Last`. */
async function mentionedIn(ctx: Context, tx: Db, conversationId: string, content: string): Promise<string[]> {
  // Only participants whose full name follows an @ somewhere in the text; the boundary is checked here.
  const candidates = await rowsOf<{ id: string; name: string }>(
    tx,
    sql`select u.id, u.first_name || ' ' || u.last_name as name
      from conversation_participants p join users u on u.id = p.user_id
      where p.conversation_id = ${conversationId} and p.user_id <> ${ctx.actor.id}
        and strpos(${content}, '@' || u.first_name || ' ' || u.last_name) > 0`,
  );
  return candidates.filter((c) => mentions(content, c.name)).map((c) => c.id);
}

/** "Ann Lee mentioned you in “Design”", in the reader's words. */
function mentionTitle(
  { t }: Reader,
  name: string,
  target: { type: 'group' | 'direct'; name: string | null } | undefined,
) {
  if (target?.type === 'direct') return t('notifications:chat_mention.title_direct', { name });
  if (target?.name) return t('notifications:chat_mention.title_group', { name, conversation: target.name });
  return t('notifications:chat_mention.title_unnamed', { name });
}

/**
 * The notifications of one new message (docs/product/notifications.md#events): `chat_mention` to
 * each participant named `@First Last` in it, and in a direct conversation `chat_direct_message` to
 * the other person when they have no open socket and no unread one of this conversation yet (a burst
 * of messages tells them once). Never to the author (notify drops the actor).
 */
async function notifyOfMessage(
  ctx: Context,
  tx: Db,
  message: ChatMessage,
  target: { type: 'group' | 'direct'; name: string | null },
  mayMention: boolean,
  offlineRecipient: string | null,
): Promise<string[]> {
  const author = `${ctx.actor.firstName} ${ctx.actor.lastName}`;
  const link = `/chat?c=${message.conversationId}`;
  const text = message.content || (message.attachment ? `📎 ${message.attachment.name}` : '');
  const data = { conversationId: message.conversationId, messageId: message.id };
  const mentioned = mayMention ? await mentionedIn(ctx, tx, message.conversationId, message.content) : [];
  const notified = await notify(ctx, tx, {
    kind: 'chat_mention',
    to: mentioned,
    actorId: ctx.actor.id,
    title: (reader) => mentionTitle(reader, author, target),
    body: preview(text),
    link,
    data,
    at: ctx.now,
  });
  if (offlineRecipient && !mentioned.includes(offlineRecipient)) {
    const [pending] = await rowsOf<{ id: string }>(
      tx,
      sql`select id from notifications
        where user_id = ${offlineRecipient} and read_at is null and kind = 'chat_direct_message'
          and data->>'conversationId' = ${message.conversationId}
        limit 1`,
    );
    if (!pending) {
      notified.push(
        ...(await notify(ctx, tx, {
          kind: 'chat_direct_message',
          to: [offlineRecipient],
          actorId: ctx.actor.id,
          title: ({ t }) => t('notifications:chat_direct_message.title', { name: author }),
          body: preview(text),
          link,
          data,
          at: ctx.now,
        })),
      );
    }
  }
  return notified;
}

// One message as a reader sees it, after a change (edit, delete, reaction, file).
const messageFor = statement<Row, [messageId: string, reader: string]>(
  'message_for_reader',
  `${selectMessages(2)} where m.id = $1`,
);
// One message with its reactors, for the live fan-out (each recipient gets its own `mine`).
const messageWithReactors = statement<Row, [messageId: string]>(
  'message_with_reactors',
  `${selectFor(null)} where m.id = $1`,
);

/** A message for the live fan-out: `forUser(id)` is the message as that participant sees it. */
export async function loadMessage(
  db: Db,
  messageId: string,
): Promise<{ message: ChatMessage; reactors: Map<string, string[]> } | null> {
  const [row] = await messageWithReactors(db, messageId);
  if (!row) return null;
  return {
    message: toMessage(row),
    reactors: new Map((row.reactions ?? []).map((r) => [r.emoji, r.users ?? []])),
  };
}

async function readMessage(db: Db, messageId: string, reader: string): Promise<ChatMessage> {
  const [row] = await messageFor(db, messageId, reader);
  if (!row) throw notFound('message_not_found');
  return toMessage(row);
}

// The participant check and the message's owner and state, in one round trip. No row: not a participant.
const messageTarget = statement<
  { sender_id: string | null; deleted: boolean | null; content: string | null; found: string | null },
  [conversationId: string, messageId: string, userId: string]
>(
  'message_change_target',
  `select m.id as found, m.sender_id, m.deleted_at is not null as deleted, m.content
   from conversation_participants p left join messages m on m.id = $2 and m.conversation_id = p.conversation_id
   where p.conversation_id = $1 and p.user_id = $3`,
);

/** The message to change: 404 outside the conversation, 409 once deleted, 403 when not the sender's own. */
async function targetOf(ctx: Context, conversationId: string, messageId: string, own: 'own' | 'any') {
  const [target] = await messageTarget(ctx.db, conversationId, messageId, ctx.actor.id);
  if (!target) throw notFound('conversation_not_found');
  if (!target.found) throw notFound('message_not_found');
  if (own === 'own' && target.sender_id !== ctx.actor.id) {
    throw forbidden('own_messages_only');
  }
  if (target.deleted) throw conflict('message_deleted');
  return { content: target.content ?? '' };
}

/**
 * Edits one's own message (docs/product/chat.md#editing): no time limit; `editedAt` tells everyone.
 * People newly named with @ (not already in the old text) are notified, in the same transaction.
 */
export async function editMessage(
  ctx: Context,
  conversationId: string,
  messageId: string,
  content: string,
): Promise<ChatMessage> {
  const before = await targetOf(ctx, conversationId, messageId, 'own');
  if (before.content === content) return readMessage(ctx.db, messageId, ctx.actor.id);
  // where the mention happened, for its title (read before the transaction: PGlite has one connection)
  const [target] = content.includes('@') ? await postTarget(ctx.db, conversationId, ctx.actor.id) : [];
  const notified = await ctx.db.transaction(async (tx) => {
    const [changed] = await rowsOf<{ id: string }>(
      tx,
      sql`update messages set content = ${content}, edited_at = ${ctx.now.toISOString()}::timestamptz
        where id = ${messageId} and deleted_at is null returning id`,
    );
    // Deleted meanwhile (by the same person, in another tab).
    if (!changed) throw conflict('message_deleted');
    if (!content.includes('@')) return [];
    const earlier = new Set(
      before.content.includes('@') ? await mentionedIn(ctx, tx, conversationId, before.content) : [],
    );
    const added = (await mentionedIn(ctx, tx, conversationId, content)).filter((id) => !earlier.has(id));
    if (added.length === 0) return [];
    return notify(ctx, tx, {
      kind: 'chat_mention',
      to: added,
      actorId: ctx.actor.id,
      title: (reader) => mentionTitle(reader, `${ctx.actor.firstName} ${ctx.actor.lastName}`, target),
      body: preview(content),
      link: `/chat?c=${conversationId}`,
      data: { conversationId, messageId },
      at: ctx.now,
    });
  });
  await announce(ctx, { type: 'chat.updated', conversationId, messageId });
  await announceNotifications(ctx, notified);
  return readMessage(ctx.db, messageId, ctx.actor.id);
}

/**
 * Deletes one's own message (docs/product/chat.md#editing): the row stays as a tombstone so the
 * history keeps its place, but its words, file, reactions and the notifications quoting it are gone
 * (kept aside for a minute only, for Undo: docs/product/chat.md#undo).
 */
export async function deleteMessage(
  ctx: Context,
  conversationId: string,
  messageId: string,
): Promise<ChatMessage> {
  await targetOf(ctx, conversationId, messageId, 'own');
  const toldOf = await ctx.db.transaction(async (tx) => {
    // What Undo puts back, for UNDO_MS (docs/product/chat.md#undo): words, reactions, file.
    await rowsOf(
      tx,
      sql`insert into message_undo (message_id, content, reactions, attachment_id, file_name, content_type, size, width,
            height, data, attachment_created_at, expires_at)
          select m.id, m.content,
            coalesce((select jsonb_agg(jsonb_build_object('userId', r.user_id, 'emoji', r.emoji,
                'createdAt', r.created_at) order by r.created_at) from message_reactions r
              where r.message_id = m.id), '[]'::jsonb),
            a.id, a.file_name, a.content_type, a.size, a.width, a.height, a.data, a.created_at,
            ${new Date(ctx.now.getTime() + UNDO_MS).toISOString()}::timestamptz
          from messages m left join message_attachments a on a.message_id = m.id
          where m.id = ${messageId} and m.deleted_at is null
          on conflict (message_id) do nothing`,
    );
    await rowsOf(
      tx,
      sql`update messages set content = '', deleted_at = ${ctx.now.toISOString()}::timestamptz
        where id = ${messageId} and deleted_at is null`,
    );
    await tx.delete(messageAttachments).where(eq(messageAttachments.messageId, messageId));
    await tx.delete(messageReactions).where(eq(messageReactions.messageId, messageId));
    const removed = await rowsOf<{ user_id: string }>(
      tx,
      sql`delete from notifications where kind in ('chat_mention', 'chat_direct_message')
        and data->>'messageId' = ${messageId} returning user_id`,
    );
    return [...new Set(removed.map((r) => r.user_id))];
  });
  await announce(ctx, { type: 'chat.updated', conversationId, messageId });
  await announceNotifications(ctx, toldOf);
  return readMessage(ctx.db, messageId, ctx.actor.id);
}

/**
 * How long a deleted message can be restored (docs/product/chat.md#undo): the toast's ten seconds,
 * with room for a slow network. After it the words are gone for good, as before Undo existed.
 */
export const UNDO_MS = 60_000;

/**
 * Undo of a deletion (docs/product/chat.md#undo): the sender's message gets back its words,
 * reactions and file, in its place (same id and time). Notifications the deletion removed are not
 * sent again. 409 once the minute has passed, or for a message not deleted.
 */
export async function restoreMessage(
  ctx: Context,
  conversationId: string,
  messageId: string,
): Promise<ChatMessage> {
  const [target] = await messageTarget(ctx.db, conversationId, messageId, ctx.actor.id);
  if (!target) throw notFound('conversation_not_found');
  if (!target.found) throw notFound('message_not_found');
  if (target.sender_id !== ctx.actor.id) throw forbidden('own_messages_only');
  const now = ctx.now.toISOString();
  await ctx.db.transaction(async (tx) => {
    // The stash leaves as the message comes back: a second Undo (another tab) finds nothing.
    const kept = await rowsOf<{ id: string }>(
      tx,
      sql`with kept as (
            delete from message_undo where message_id = ${messageId} and expires_at > ${now}::timestamptz
            returning *
          ), words as (
            update messages m set content = kept.content, deleted_at = null from kept
            where m.id = kept.message_id and m.deleted_at is not null returning m.id
          ), reacted as (
            insert into message_reactions (message_id, user_id, emoji, created_at)
            select kept.message_id, (r->>'userId')::uuid, r->>'emoji', (r->>'createdAt')::timestamptz
            from kept, jsonb_array_elements(kept.reactions) r
            where exists (select 1 from users u where u.id = (r->>'userId')::uuid)
            on conflict do nothing returning 1
          ), filed as (
            insert into message_attachments (id, message_id, file_name, content_type, size, width, height, data, created_at)
            select attachment_id, message_id, file_name, content_type, size, width, height, data, attachment_created_at
            from kept where file_name is not null returning 1
          )
          select id from words, (select count(*) from reacted) r, (select count(*) from filed) f`,
    );
    if (kept.length === 0) throw conflict('message_not_restorable');
  });
  await announce(ctx, { type: 'chat.updated', conversationId, messageId });
  return readMessage(ctx.db, messageId, ctx.actor.id);
}

/** Toggles the caller's reaction: added if absent, taken back if present (docs/product/chat.md#reactions). */
export async function toggleReaction(
  ctx: Context,
  conversationId: string,
  messageId: string,
  emoji: string,
): Promise<ChatMessage> {
  await targetOf(ctx, conversationId, messageId, 'any');
  const userId = ctx.actor.id;
  const removed = await rowsOf(
    ctx.db,
    sql`delete from message_reactions where message_id = ${messageId} and user_id = ${userId} and emoji = ${emoji}
      returning emoji`,
  );
  if (removed.length === 0) {
    await ctx.db
      .insert(messageReactions)
      .values({ messageId, userId, emoji, createdAt: ctx.now })
      .onConflictDoNothing();
  }
  await announce(ctx, { type: 'chat.updated', conversationId, messageId });
  return readMessage(ctx.db, messageId, userId);
}

const searchNewest = statement<Row, [conversationId: string, pattern: string, limit: number, reader: string]>(
  'messages_search',
  `${selectMessages(4)} where m.conversation_id = $1 and m.deleted_at is null and m.content ilike $2
   order by m.created_at desc, m.id desc limit $3`,
);
const searchBefore = statement<
  Row,
  [conversationId: string, pattern: string, limit: number, reader: string, before: string]
>(
  'messages_search_before',
  `${selectMessages(4)} where m.conversation_id = $1 and m.deleted_at is null and m.content ilike $2
     and (m.created_at, m.id) < ${cursorRow(5)}
   order by m.created_at desc, m.id desc limit $3`,
);

/**
 * Messages of one conversation whose words contain the query, newest first; `before` pages back
 * (docs/product/chat.md#search). The (conversation_id, created_at, id) index walks the one
 * conversation newest first and stops at `limit` matches: no index over the words
 * (docs/decisions/026-fuller-chat.md).
 */
export async function searchMessages(
  ctx: Context,
  conversationId: string,
  query: { q: string; limit: number; before?: string },
): Promise<ChatMessage[]> {
  const userId = ctx.actor.id;
  await assertParticipant(ctx.db, userId, conversationId);
  if (query.before && (await messageIn(ctx.db, query.before, conversationId)).length === 0) {
    throw notFound('message_not_found');
  }
  const pattern = containsPattern(query.q);
  const rows = query.before
    ? await searchBefore(ctx.db, conversationId, pattern, query.limit, userId, query.before)
    : await searchNewest(ctx.db, conversationId, pattern, query.limit, userId);
  return rows.map(toMessage);
}

/** The minute sweep: what deleted messages held, once their Undo has passed, is gone for good. */
export async function dropExpiredUndo(ctx: Pick<Context, 'db' | 'now'>) {
  await rowsOf(
    ctx.db,
    sql`delete from message_undo where expires_at <= ${ctx.now.toISOString()}::timestamptz`,
  );
}
