import { sql } from 'drizzle-orm';
import type { ChatMessage, MessagesQuery } from '@contract/chat';
import type { Db } from '../../db/types';
import { rowsOf } from '../../db/rows';
import { isoInstant, statement } from '../../db/statements';
import type { Context } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { announce } from './chat.events';
import { announceNotifications, notify } from '../notifications/notify';
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
};

const columns = sql`m.id, m.conversation_id, m.sender_id, u.first_name, u.last_name, u.profile_image_url, m.content, m.created_at`;

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
  };
}

// Opening a conversation reads one of these pages: prepared statements (decisions/008).
const selectMessages = `select m.id, m.conversation_id, m.sender_id, u.first_name, u.last_name, u.profile_image_url, m.content, m.created_at
  from messages m left join users u on u.id = m.sender_id`;
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
const newestPage = statement<Row, [conversationId: string, limit: number]>(
  'messages_newest',
  `${selectMessages} where m.conversation_id = $1 order by m.created_at desc, m.id desc limit $2`,
);
const pageBefore = statement<Row, [conversationId: string, before: string, limit: number]>(
  'messages_before',
  `${selectMessages} where m.conversation_id = $1 and (m.created_at, m.id) < ${cursorRow(2)}
   order by m.created_at desc, m.id desc limit $3`,
);
const pageAfter = statement<Row, [conversationId: string, after: string, limit: number]>(
  'messages_after',
  `${selectMessages} where m.conversation_id = $1 and (m.created_at, m.id) > ${cursorRow(2)}
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
  if (!state) throw notFound('Conversation not found');
  const messages = await pageOf(db, conversationId, query);
  // Reading the newest messages marks the conversation read; nothing is written when nothing was
  // unread, and the user's other tabs hear of it only when the mark changed.
  if (!query.before && state.unread && (await markReadIn(db, userId, conversationId))) {
    await announce(ctx, { type: 'chat.read', conversationId, userId });
  }
  return messages;
}

async function pageOf(db: Db, conversationId: string, query: MessagesQuery): Promise<ChatMessage[]> {
  const cursorId = query.before ?? query.after;
  if (cursorId && (await messageIn(db, cursorId, conversationId)).length === 0) {
    throw notFound('Message not found');
  }
  if (query.after) return (await pageAfter(db, conversationId, query.after, query.limit)).map(toMessage);
  const rows = query.before
    ? await pageBefore(db, conversationId, query.before, query.limit)
    : await newestPage(db, conversationId, query.limit);
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
): Promise<ChatMessage> {
  const { db } = ctx;
  const userId = ctx.actor.id;
  const [target] = await postTarget(db, conversationId, userId);
  if (!target) throw notFound('Conversation not found');
  const mayMention = content.includes('@');
  const offlineRecipient =
    target.other_id && presence && !presence.isOnline(target.other_id) ? target.other_id : null;
  if (!mayMention && !offlineRecipient) {
    const message = toMessage(await insertMessage(db, ctx.now, conversationId, userId, content));
    await announce(ctx, { type: 'chat.message', conversationId, messageId: message.id });
    return message;
  }
  const { message, notified } = await db.transaction(async (tx) => {
    const message = toMessage(await insertMessage(tx, ctx.now, conversationId, userId, content));
    const notified = await notifyOfMessage(ctx, tx, message, target, mayMention, offlineRecipient);
    return { message, notified };
  });
  await announce(ctx, { type: 'chat.message', conversationId, messageId: message.id });
  await announceNotifications(ctx, notified);
  return message;
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
  const data = { conversationId: message.conversationId, messageId: message.id };
  let mentioned: string[] = [];
  if (mayMention) {
    // Only participants whose full name follows an @ somewhere in the text; the boundary is checked here.
    const candidates = await rowsOf<{ id: string; name: string }>(
      tx,
      sql`select u.id, u.first_name || ' ' || u.last_name as name
        from conversation_participants p join users u on u.id = p.user_id
        where p.conversation_id = ${message.conversationId} and p.user_id <> ${ctx.actor.id}
          and strpos(${message.content}, '@' || u.first_name || ' ' || u.last_name) > 0`,
    );
    mentioned = candidates.filter((c) => mentions(message.content, c.name)).map((c) => c.id);
  }
  const where = target.type === 'direct' ? 'a direct message' : `“${target.name ?? 'a conversation'}”`;
  const notified = await notify(ctx, tx, {
    kind: 'chat_mention',
    to: mentioned,
    actorId: ctx.actor.id,
    title: `${author} mentioned you in ${where}`,
    body: preview(message.content),
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
          title: `${author} sent you a message`,
          body: preview(message.content),
          link,
          data,
          at: ctx.now,
        })),
      );
    }
  }
  return notified;
}

export async function loadMessage(db: Db, messageId: string): Promise<ChatMessage | null> {
  const [row] = await rowsOf<Row>(
    db,
    sql`select ${columns} from messages m left join users u on u.id = m.sender_id where m.id = ${messageId}`,
  );
  return row ? toMessage(row) : null;
}
