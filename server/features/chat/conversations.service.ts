import { and, eq, inArray } from 'drizzle-orm';
import { type Conversation, type CreateConversationBody, PARTICIPANT_PREVIEW } from '@contract/chat';
import type { Db } from '../../db/types';
import { statement } from '../../db/statements';
import { conversationParticipants, conversations, users } from '../../db/schema';
import type { Context } from '../../lib/context';
import { badRequest, notFound } from '../../lib/errors';
import { announce } from './chat.events';
import { isActiveAccount } from '../../db/accounts';

type Row = {
  id: string;
  type: 'group' | 'direct';
  name: string | null;
  is_general: boolean;
  last_message: string | null;
  last_message_at: string | null;
  unread_count: number;
};

/**
 * The user's conversations, latest activity first, each with its last message and the user's own
 * unread count (messages by others after the user's last read, or after joining if never read).
 * One query for the list and one for every participant: no query per conversation.
 */
// The chat page's list: prepared statements (decisions/008), one for the list (or one conversation
// of it) and one for the participants of all of them, so no query per conversation.
const selectConversations = `select c.id, c.type, c.name, c.is_general, c.last_message_at,
    case when last.deleted_at is not null then 'This message was deleted'
      when last.content = '' and last.file_name is not null then '📎 ' || last.file_name
      else last.content end as last_message,
    (select count(*)::int from messages m
      where m.conversation_id = c.id
        and m.created_at > coalesce(p.last_read_at, p.joined_at)
        and m.sender_id is distinct from $1) as unread_count
  from conversation_participants p
  join conversations c on c.id = p.conversation_id
  left join lateral (
    select m.content, m.deleted_at, a.file_name from messages m
    left join message_attachments a on a.message_id = m.id
    where m.conversation_id = c.id
    order by m.created_at desc, m.id desc
    limit 1
  ) last on true
  where p.user_id = $1`;
const order = 'order by coalesce(c.last_message_at, c.created_at) desc, c.id desc';
const conversationsOf = statement<Row, [userId: string]>(
  'conversations_of',
  `${selectConversations} ${order}`,
);
const oneConversationOf = statement<Row, [userId: string, conversationId: string]>(
  'conversation_of',
  `${selectConversations} and c.id = $2`,
);

/** Names for display, at most PARTICIPANT_PREVIEW per conversation, with the exact count beside them. */
const participantPreview = statement<
  {
    conversation_id: string;
    id: string;
    first_name: string;
    last_name: string;
    profile_image_url: string | null;
    total: number;
  },
  [conversationIds: string[], preview: number]
>(
  'participant_preview',
  `select conversation_id, id, first_name, last_name, profile_image_url, total from (
      select p.conversation_id, u.id, u.first_name, u.last_name, u.profile_image_url,
        row_number() over (partition by p.conversation_id order by u.first_name, u.last_name, u.id) as n,
        count(*) over (partition by p.conversation_id)::int as total
      from conversation_participants p join users u on u.id = p.user_id
      where p.conversation_id = any($1::uuid[])
    ) x
    where n <= $2
    order by conversation_id, n`,
);

/**
 * The user's conversations, latest activity first, each with its last message and the user's own
 * unread count (messages by others after the user's last read, or after joining if never read).
 */
export function listConversations({ db, actor }: Context): Promise<Conversation[]> {
  return conversationsFor(db, actor.id);
}

async function conversationsFor(db: Db, userId: string, onlyId?: string): Promise<Conversation[]> {
  const rows = onlyId ? await oneConversationOf(db, userId, onlyId) : await conversationsOf(db, userId);
  if (rows.length === 0) return [];
  const people = await participantPreview(
    db,
    rows.map((r) => r.id),
    PARTICIPANT_PREVIEW,
  );
  const byConversation = new Map<string, { id: string; name: string; imageUrl: string | null }[]>();
  const counts = new Map<string, number>();
  for (const p of people) {
    const list = byConversation.get(p.conversation_id) ?? [];
    list.push({ id: p.id, name: `${p.first_name} ${p.last_name}`, imageUrl: p.profile_image_url });
    byConversation.set(p.conversation_id, list);
    counts.set(p.conversation_id, Number(p.total));
  }

  return rows.map((r) => {
    const participants = byConversation.get(r.id) ?? [];
    const other = participants.find((p) => p.id !== userId);
    return {
      id: r.id,
      type: r.type,
      // A direct conversation is named after the other person, as a user would expect.
      name: r.type === 'direct' ? (other?.name ?? r.name) : r.name,
      // ...and shows their picture.
      imageUrl: r.type === 'direct' ? (other?.imageUrl ?? null) : null,
      isGeneral: r.is_general,
      lastMessage: r.last_message,
      lastMessageTime: r.last_message_at,
      unreadCount: Number(r.unread_count),
      participantCount: counts.get(r.id) ?? participants.length,
      participants,
    };
  });
}

export async function getConversation(db: Db, userId: string, conversationId: string) {
  const [found] = await conversationsFor(db, userId, conversationId);
  if (!found) throw notFound('conversation_not_found');
  return found;
}

// Checked before every read or post in a conversation.
const participation = statement<{ user_id: string }, [conversationId: string, userId: string]>(
  'conversation_participation',
  'select user_id from conversation_participants where conversation_id = $1 and user_id = $2',
);

/** Whether the user takes part; everyone else is told the conversation does not exist (docs/product/chat.md#participants-only). */
export async function assertParticipant(db: Db, userId: string, conversationId: string) {
  const [row] = await participation(db, conversationId, userId);
  if (!row) throw notFound('conversation_not_found');
}

export async function participantIds(db: Db, conversationId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: conversationParticipants.userId })
    .from(conversationParticipants)
    .where(eq(conversationParticipants.conversationId, conversationId));
  return rows.map((r) => r.userId);
}

async function assertApprovedUsers(db: Db, ids: string[]) {
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), isActiveAccount()));
  if (found.length !== ids.length) throw badRequest('participants_from_list');
}

/**
 * Opens a direct conversation (the existing one when the pair already has one: the unique
 * direct_key settles even two simultaneous requests) or creates a named group. The creator always
 * takes part. Returns whether a new conversation was made.
 */
export async function createConversation(
  ctx: Context,
  body: CreateConversationBody,
): Promise<{ conversation: Conversation; created: boolean }> {
  const { db, now } = ctx;
  const userId = ctx.actor.id;
  const others = [...new Set(body.participantIds)].filter((id) => id !== userId);
  if (others.length === 0) throw badRequest('other_person_required');
  await assertApprovedUsers(db, others);

  const id = await db.transaction(async (tx) => {
    const directKey = body.type === 'direct' ? [userId, others[0]].sort().join(':') : null;
    const [inserted] = await tx
      .insert(conversations)
      .values({
        type: body.type,
        name: body.type === 'group' ? body.name : null,
        directKey,
        createdBy: userId,
        createdAt: now,
      })
      .onConflictDoNothing({ target: conversations.directKey })
      .returning({ id: conversations.id });
    if (!inserted) return null;
    await tx
      .insert(conversationParticipants)
      .values([userId, ...others].map((u) => ({ conversationId: inserted.id, userId: u, joinedAt: now })));
    return inserted.id;
  });

  if (id) {
    await announce(ctx, { type: 'chat.conversation', conversationId: id });
    return { conversation: await getConversation(db, userId, id), created: true };
  }
  const directKey = [userId, others[0]].sort().join(':');
  const [existing] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.directKey, directKey));
  return { conversation: await getConversation(db, userId, existing.id), created: false };
}
