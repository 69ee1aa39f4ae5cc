import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/types';
import { rowsOf } from '../db/rows';
import { seedDemo } from './demo';
import { DEMO_CLIENT_CONTACT } from './demo/billing';

/** Every demo account's e-mail is under this domain; nothing else marks demo data. */
export const DEMO_DOMAIN = 'workbench.demo';

/**
 * The demo organisation as sets of ids: its accounts, the projects they created, the tasks given to
 * them, and the conversations (other than 'General') they take part in.
 */
const demo = sql`
  demo_users as (select id from users where lower(email) like ${`%@${DEMO_DOMAIN}`}),
  other_users as (select id from users where id not in (select id from demo_users)),
  demo_projects as (select id from projects where created_by in (select id from demo_users)),
  demo_tasks as (select id from tasks where assignee_id in (select id from demo_users)),
  demo_conversations as (
    select distinct p.conversation_id as id
    from conversation_participants p join conversations c on c.id = p.conversation_id
    where not c.is_general and p.user_id in (select id from demo_users)
  )`;

/** Other accounts' rows that removing the demo organisation would delete or cut loose. */
const ties: [what: string, rows: SQL][] = [
  [
    'tasks of other accounts in demo projects or assigned or reviewed by demo accounts',
    sql`select count(*) from tasks where assignee_id in (select id from other_users) and (
      project_id in (select id from demo_projects) or assigned_by_id in (select id from demo_users)
      or reviewed_by_id in (select id from demo_users))`,
  ],
  [
    'tasks that other accounts gave to demo accounts',
    sql`select count(*) from tasks
      where id in (select id from demo_tasks) and assigned_by_id in (select id from other_users)`,
  ],
  [
    'comments by other accounts on demo tasks',
    sql`select count(*) from task_comments
      where task_id in (select id from demo_tasks) and author_id in (select id from other_users)`,
  ],
  [
    'time entries and timers of other accounts on demo projects or tasks',
    sql`select (select count(*) from time_entries where user_id in (select id from other_users) and (
        project_id in (select id from demo_projects) or task_id in (select id from demo_tasks)))
      + (select count(*) from active_timers where user_id in (select id from other_users) and (
        project_id in (select id from demo_projects) or task_id in (select id from demo_tasks)))`,
  ],
  [
    'conversations of other accounts with demo accounts',
    sql`select count(distinct conversation_id) from conversation_participants
      where conversation_id in (select id from demo_conversations) and user_id in (select id from other_users)`,
  ],
];

/** What of other accounts' data is tied to the demo organisation, e.g. 'comments by other accounts on demo tasks: 3'. */
export async function demoTies(db: Db): Promise<string[]> {
  const found: string[] = [];
  for (const [what, rows] of ties) {
    const [row] = await rowsOf<{ n: number | string }>(db, sql`with ${demo} select (${rows}) as n`);
    if (Number(row.n) > 0) found.push(`${what}: ${row.n}`);
  }
  return found;
}

/** Removes the demo accounts and everything that belongs to them; other accounts' data stays. */
async function removeDemo(db: Db): Promise<number> {
  // Order matters: conversations are found through participants, which go with the accounts.
  for (const statement of [
    sql`delete from messages where sender_id in (select id from demo_users)`,
    sql`delete from conversations where id in (select id from demo_conversations)`,
    sql`delete from task_comments where author_id in (select id from demo_users)`,
    sql`delete from tasks where id in (select id from demo_tasks)`,
    sql`delete from projects where id in (select id from demo_projects)`,
    // The demo's clients (their contact is a demo address) with their invoices and rates.
    sql`delete from invoices where client_id in (select id from clients where contact like ${`%${DEMO_CLIENT_CONTACT}`})`,
    sql`delete from clients where contact like ${`%${DEMO_CLIENT_CONTACT}`}`,
    // Teams with demo people go with them (their team_members rows go with the accounts).
    sql`delete from teams where id in (select team_id from team_members where user_id in (select id from demo_users))`,
  ]) {
    await rowsOf(db, sql`with ${demo} ${statement}`);
  }
  const removed = await rowsOf(
    db,
    sql`with ${demo} delete from users where id in (select id from demo_users) returning id`,
  );
  return removed.length;
}

export class DemoTiedError extends Error {}

/**
 * `seed:demo --force`: in one transaction, removes the previous demo organisation and seeds a fresh
 * one, so it can be run again and again. Refuses, changing nothing, when other accounts' data is
 * tied to the demo organisation (their tasks in demo projects, conversations with demo accounts…),
 * because removing it would take that data with it.
 */
export async function replaceDemo(db: Db, options: Parameters<typeof seedDemo>[1] = {}) {
  return db.transaction(async (tx) => {
    const tied = await demoTies(tx);
    if (tied.length > 0) {
      throw new DemoTiedError(
        `Other accounts' data is tied to the demo organisation (${tied.join('; ')}). ` +
          'Replacing it would delete or cut loose that data, so nothing was changed.',
      );
    }
    const removedAccounts = await removeDemo(tx);
    return { removedAccounts, ...(await seedDemo(tx, options)) };
  });
}
