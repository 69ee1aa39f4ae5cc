import { type SQL, sql } from 'drizzle-orm';
import { SEARCH_GROUP_LIMIT, type SearchResults } from '@contract/search';
import { rowsOf } from '../../db/rows';
import { isoInstant } from '../../db/statements';
import type { Context } from '../../lib/context';
import { conversationIdsOf, inDirectory, visibleAssignee } from '../../core/visibility';

const MAX_WORDS = 8;
/** How many of each conversation's newest messages the first look reads (see newestMessages). */
const RECENT_WINDOW = 200;
/** How many of the newest visible tasks the first look reads (see newestTasks). */
const RECENT_TASKS = 500;

/**
 * The user's text as a `to_tsquery` of word prefixes, `'ann:* & lee:*'`, or null when it has no word.
 * Only runs of letters, marks and digits survive, so nothing the user types is tsquery syntax
 * (`'`, `&`, `|`, `!`, `(`, `:*`, `<->` are all separators here); the 'simple' configuration then
 * lower-cases them as it does the documents (docs/decisions/025-search-palette-shortcuts.md).
 */
export function prefixQuery(text: string): string | null {
  const words =
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words)].slice(0, MAX_WORDS);
  return unique.length > 0 ? unique.map((w) => `${w}:*`).join(' & ') : null;
}

type Hit = { id: string; at: string };
/** A conversation whose window was full: messages older than its oldest read one were not looked at. */
type FullWindow = { conversationId: string; oldestAt: string; oldestId: string };

/**
 * The ids of the newest messages matching `q` in the conversations the user takes part in
 * (docs/decisions/025, EXPLAIN in docs/performance.md). First, in each conversation, the five newest
 * matches among its RECENT_WINDOW newest messages, walking the (conversation_id, created_at) index
 * newest first: for a word found in many messages that walk stops after a few rows. A conversation
 * with five matches there can add nothing older to the overall five; one with fewer and a full
 * window may hide, beyond it, matches newer than the fifth hit. When there are five hits, each such
 * conversation is searched again only between its window's oldest message and the fifth hit (a
 * bounded walk of the same index: a busy conversation whose recent chatter lacks the word no longer
 * sends the whole search to the GIN index, 190 ms for a word in every message). With fewer than
 * five hits the word is rare, and the GIN index finds its few matches anywhere, filtered by the
 * user's conversations.
 */
async function newestMessages(db: Context['db'], userId: string, q: SQL): Promise<string[]> {
  const limit = SEARCH_GROUP_LIMIT;
  const [recent] = await rowsOf<{ hits: Hit[] | null; full: FullWindow[] | null }>(
    db,
    sql`with mine as (${conversationIdsOf(userId)}),
        found as materialized (
          select mine.conversation_id, x.id, x.created_at from mine cross join lateral (
            select w.id, w.created_at
            from (select m.id, m.created_at, m.search_document from messages m
                  where m.conversation_id = mine.conversation_id
                  order by m.created_at desc, m.id desc limit ${RECENT_WINDOW}) w
            where w.search_document @@ ${q}
            order by w.created_at desc, w.id desc limit ${limit}
          ) x
        ),
        short as (
          select mine.conversation_id from mine
          where (select count(*) from found f where f.conversation_id = mine.conversation_id) < ${limit}
        )
        select
          (select json_agg(json_build_object('id', t.id, 'at', t.created_at) order by t.created_at desc, t.id desc)
             from (select id, created_at from found order by created_at desc, id desc limit ${limit}) t) as hits,
          (select json_agg(json_build_object('conversationId', s.conversation_id, 'oldestAt', o.created_at, 'oldestId', o.id))
             from short s cross join lateral (
               select m.created_at, m.id from messages m where m.conversation_id = s.conversation_id
               order by m.created_at desc, m.id desc offset ${RECENT_WINDOW - 1} limit 1
             ) o) as "full"`,
  );
  const hits = recent?.hits ?? [];
  const full = recent?.full ?? [];
  if (full.length === 0) return hits.map((h) => h.id);
  if (hits.length === limit) {
    const fifth = hits[limit - 1];
    // Only what lies between a window's oldest message and the fifth hit can still beat the hits.
    const beyond = full.map(
      (w) => sql`(select m.id, m.created_at from messages m
                  where m.conversation_id = ${w.conversationId}::uuid
                    and (m.created_at, m.id) < (${w.oldestAt}::timestamptz, ${w.oldestId}::uuid)
                    and (m.created_at, m.id) > (${fifth.at}::timestamptz, ${fifth.id}::uuid)
                    and m.search_document @@ ${q}
                  order by m.created_at desc, m.id desc limit ${limit})`,
    );
    const newest = await rowsOf<{ id: string }>(
      db,
      sql`select id from (
            select m.id, m.created_at from messages m
            where m.id in (${sql.join(
              hits.map((h) => sql`${h.id}::uuid`),
              sql`, `,
            )})
            union all ${sql.join(beyond, sql` union all `)}
          ) b order by created_at desc, id desc limit ${limit}`,
    );
    return newest.map((r) => r.id);
  }
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`with matching as materialized (
          select m.id, m.created_at, m.conversation_id from messages m where m.search_document @@ ${q}
        )
        select id from matching
        where conversation_id in (${conversationIdsOf(userId)})
        order by created_at desc, id desc limit ${limit}`,
  );
  return rows.map((r) => r.id);
}

/**
 * The ids of the newest tasks matching `q` that the caller may see, in two looks like the messages:
 * the RECENT_TASKS newest visible tasks (tasks_created_idx, or tasks_assignee_created_idx for an
 * employee) hold five matches for a common word, and those are exactly the newest; so are fewer
 * when that window held every visible task (an employee's own tasks mostly fit). Otherwise the GIN
 * index finds every match of the rarer word. (PostgreSQL's estimate for a prefix is a fixed 2 %:
 * left to itself it walked all 100,000 tasks newest first for a word no task contains, 1.4 s.)
 */
async function newestTasks(db: Context['db'], own: string | undefined, q: SQL): Promise<string[]> {
  const limit = SEARCH_GROUP_LIMIT;
  const onlyOwn: SQL = own
    ? sql`where t.deleted_at is null and t.assignee_id = ${own}`
    : sql`where t.deleted_at is null`;
  const [recent] = await rowsOf<{ ids: string[] | null; seen: number }>(
    db,
    sql`with r as (select t.id, t.created_at, t.search_document from tasks t ${onlyOwn}
                   order by t.created_at desc, t.id desc limit ${RECENT_TASKS})
        select (select array_agg(h.id::text order by h.created_at desc, h.id desc) from
                  (select id, created_at from r where search_document @@ ${q}
                   order by created_at desc, id desc limit ${limit}) h) as ids,
               (select count(*)::int from r) as seen`,
  );
  const ids = recent?.ids ?? [];
  if (ids.length === limit || (recent?.seen ?? 0) < RECENT_TASKS) return ids;
  const andOwn: SQL = own ? sql`where assignee_id = ${own}` : sql``;
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`with matching as materialized (
          select t.id, t.created_at, t.assignee_id from tasks t where t.search_document @@ ${q} and t.deleted_at is null
        )
        select id from matching ${andOwn}
        order by created_at desc, id desc limit ${limit}`,
  );
  return rows.map((r) => r.id);
}

type TaskRow = {
  id: string;
  title: string;
  status: SearchResults['tasks'][number]['status'];
  project: string | null;
  assignee_id: string;
  assignee: string;
};
type ProjectRow = { id: string; name: string; status: SearchResults['projects'][number]['status'] };
type PersonRow = {
  id: string;
  first_name: string;
  last_name: string;
  role: SearchResults['people'][number]['role'];
  approval_status: 'pending' | 'approved' | 'rejected';
  is_active: boolean;
};
type MessageRow = {
  id: string;
  conversation_id: string;
  content: string;
  created_at: Date | string;
  sender: string | null;
  type: 'group' | 'direct';
  name: string | null;
  other: string | null;
};

/**
 * Each group holds at most SEARCH_GROUP_LIMIT hits the caller may see, by the features' own rules:
 * tasks as the task lists scope them (visibleAssignee), every project, people as the directory lists
 * them (admins: every account, as their user list), messages only of conversations the caller takes
 * part in. Tasks and messages come newest first, so a word that most rows contain is answered by
 * walking the newest-first index until the fifth visible match; projects and people, small tables,
 * best match first. Every group is served by its GIN index on the generated `search_document`.
 */
export async function search({ db, actor }: Context, text: string): Promise<SearchResults> {
  const query = prefixQuery(text);
  if (!query) return { tasks: [], projects: [], people: [], messages: [] };
  const q = sql`to_tsquery('simple', ${query})`;
  const own = visibleAssignee(actor);
  const limit = SEARCH_GROUP_LIMIT;

  const tasks = newestTasks(db, own, q).then((ids) =>
    ids.length === 0
      ? []
      : rowsOf<TaskRow>(
          db,
          sql`select t.id, t.title, t.status, p.name as project, t.assignee_id,
                a.first_name || ' ' || a.last_name as assignee
              from tasks t
              join users a on a.id = t.assignee_id
              left join projects p on p.id = t.project_id
              where t.id in (${sql.join(
                ids.map((id) => sql`${id}::uuid`),
                sql`, `,
              )})
              order by t.created_at desc, t.id desc`,
        ),
  );
  const projects = rowsOf<ProjectRow>(
    db,
    sql`select p.id, p.name, p.status from projects p where p.search_document @@ ${q}
        order by ts_rank(p.search_document, ${q}) desc, p.created_at desc, p.id desc limit ${limit}`,
  );
  const directoryOnly: SQL = actor.role === 'admin' ? sql`` : sql`and ${inDirectory}`;
  const people = rowsOf<PersonRow>(
    db,
    sql`select users.id, users.first_name, users.last_name, users.role, users.approval_status, users.is_active
        from users where users.search_document @@ ${q} ${directoryOnly}
        order by ts_rank(users.search_document, ${q}) desc, users.first_name, users.last_name, users.id
        limit ${limit}`,
  );
  const messages = newestMessages(db, actor.id, q).then((ids) =>
    ids.length === 0
      ? []
      : rowsOf<MessageRow>(
          db,
          sql`select m.id, m.conversation_id, m.content, m.created_at, c.type, c.name,
                s.first_name || ' ' || s.last_name as sender,
                (select o.first_name || ' ' || o.last_name from conversation_participants op
                   join users o on o.id = op.user_id
                 where c.type = 'direct' and op.conversation_id = c.id and op.user_id <> ${actor.id} limit 1) as other
              from messages m
              join conversations c on c.id = m.conversation_id
              left join users s on s.id = m.sender_id
              where m.id in (${sql.join(
                ids.map((id) => sql`${id}::uuid`),
                sql`, `,
              )})
              order by m.created_at desc, m.id desc`,
        ),
  );
  const [taskRows, projectRows, personRows, messageRows] = await Promise.all([
    tasks,
    projects,
    people,
    messages,
  ]);
  return {
    tasks: taskRows.map((r) => ({
      id: r.id,
      title: r.title,
      status: r.status,
      project: r.project,
      assigneeId: r.assignee_id,
      assignee: r.assignee,
    })),
    projects: projectRows,
    people: personRows.map((r) => ({
      id: r.id,
      name: `${r.first_name} ${r.last_name}`,
      role: r.role,
      status: r.approval_status !== 'approved' ? r.approval_status : r.is_active ? 'active' : 'suspended',
    })),
    messages: messageRows.map((r) => ({
      id: r.id,
      conversationId: r.conversation_id,
      conversation: (r.type === 'direct' ? r.other : r.name) ?? 'Conversation',
      // A deleted account keeps its messages, shown as from a former member (as in the chat).
      senderName: r.sender ?? 'Former member',
      content: r.content,
      timestamp: isoInstant(r.created_at),
    })),
  };
}
