import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import { seedDemo } from './demo';

type Db = Awaited<ReturnType<typeof openTestDatabase>>;
let database: Db;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const rows = async <T>(query: string) =>
  ((await database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

describe('seed:demo', () => {
  it('makes a believable organisation: every role, every task state, weeks of time and attendance, chat', async () => {
    const now = new Date('2026-11-18T15:00:00Z'); // a Wednesday
    const counts = await seedDemo(database.db, { now, timeZone: 'Europe/Berlin' });
    const roles = await rows<{ role: string; approval_status: string; n: number }>(
      'select role, approval_status, count(*)::int as n from users group by 1, 2 order by 1, 2',
    );
    expect(roles).toEqual([
      { role: 'admin', approval_status: 'approved', n: 1 },
      { role: 'employee', approval_status: 'approved', n: 6 },
      { role: 'employee', approval_status: 'pending', n: 1 },
      { role: 'manager', approval_status: 'approved', n: 2 },
      { role: 'manager', approval_status: 'pending', n: 1 },
    ]);
    const states = await rows<{ status: string }>('select distinct status from tasks order by 1');
    expect(states.map((s) => s.status)).toEqual(['completed', 'in_progress', 'pending_review', 'todo']);
    const reviews = await rows<{ review_status: string }>(
      'select distinct review_status from tasks where review_status is not null order by 1',
    );
    expect(reviews.map((r) => r.review_status)).toEqual(['approved', 'pending', 'rework']);
    expect((await rows<{ n: number }>('select count(*)::int as n from task_comments'))[0].n).toBeGreaterThan(
      10,
    );
    expect(counts.timeEntries).toBeGreaterThan(200);
    const days = await rows<{ n: number }>('select count(distinct date)::int as n from attendance_records');
    expect(days[0].n).toBe(20); // four weeks of workdays
    expect(
      (
        await rows<{ n: number }>('select count(*)::int as n from time_entries where end_time <= start_time')
      )[0].n,
    ).toBe(0);
    const general = await rows<{ n: number }>(
      'select count(*)::int as n from conversation_participants p join conversations c on c.id = p.conversation_id where c.is_general',
    );
    expect(general[0].n).toBe(9);
    expect(counts.messages).toBe(11);
    // The fuller chat: reactions from several people, a corrected message, a file (docs/product/chat.md).
    const chatExtras = await rows<{ reactions: number; reacting: number; edited: number; files: number }>(
      `select (select count(*)::int from message_reactions) as reactions,
              (select count(distinct user_id)::int from message_reactions) as reacting,
              (select count(*)::int from messages where edited_at is not null) as edited,
              (select count(*)::int from message_attachments) as files`,
    );
    expect(chatExtras[0]).toEqual({ reactions: 8, reacting: 6, edited: 1, files: 1 });
    // Teams and timesheets in every decided and undecided state (docs/product/timesheets.md).
    const sheetStates = await rows<{ status: string }>(
      'select distinct status from timesheets order by status',
    );
    expect(sheetStates.map((r) => r.status)).toEqual(['approved', 'rejected', 'submitted']);
    expect((await rows<{ n: number }>('select count(*)::int as n from teams'))[0].n).toBe(2);
    // Every demo person with tasks has a bell with something unread, and never from themselves.
    const bells = await rows<{ unread: number; own: number }>(
      'select count(*) filter (where read_at is null)::int as unread, count(*) filter (where actor_id = user_id)::int as own from notifications',
    );
    expect(counts.notifications).toBeGreaterThan(20);
    expect(bells[0].unread).toBeGreaterThan(0);
    expect(bells[0].own).toBe(0);
    // Tasks show the time spent on them, from their entries.
    expect(
      (await rows<{ n: number }>('select count(*)::int as n from tasks where time_spent_seconds > 0'))[0].n,
    ).toBeGreaterThan(3);
    // The task page: labels, sub-tasks with a checklist, each task's history (docs/product/tasks.md).
    const page = await rows<{
      labelled: number;
      parents: number;
      items: number;
      created: number;
      tasks: number;
    }>(
      `select (select count(distinct task_id)::int from task_labels) as labelled,
              (select count(distinct parent_id)::int from tasks where parent_id is not null) as parents,
              (select count(*)::int from task_checklist_items) as items,
              (select count(*)::int from task_activity where kind = 'created') as created,
              (select count(*)::int from tasks) as tasks`,
    );
    expect(page[0]).toMatchObject({ parents: 2, items: 5 });
    expect(page[0].labelled).toBeGreaterThan(5);
    expect(page[0].created).toBe(page[0].tasks);
    expect(counts.subtasks).toBe(5);
    // Billing: two clients in two currencies, rates at every level, a budget past 80%, an invoice
    // whose entries are locked (docs/product/billing.md).
    const billing = await rows<{ currencies: number; levels: number; costs: number; invoiced: number }>(
      `select (select count(distinct currency)::int from clients) as currencies,
              (select count(distinct (client_id is null, project_id is null, user_id is null))::int from rates where kind = 'billable') as levels,
              (select count(*)::int from rates where kind = 'cost') as costs,
              (select count(*)::int from time_entries where invoice_id is not null) as invoiced`,
    );
    expect(billing[0]).toMatchObject({ currencies: 2, levels: 4, costs: 6 });
    expect(billing[0].invoiced).toBe(counts.invoicedEntries);
    const [budget] = await rows<{ share: number }>(
      `select (select sum(extract(epoch from e.end_time - e.start_time)) from time_entries e
                where e.project_id = p.id and e.start_time >= '2026-11-01T00:00:00+01:00')
              / p.budget_amount as share
         from projects p where p.budget_kind = 'hours'`,
    );
    expect(Number(budget.share)).toBeGreaterThan(0.8);
  });

  it('shows off time off: holidays of two regions, leave in every state, someone out today, nothing tracked on days off', async () => {
    const db = await openTestDatabase();
    try {
      const now = new Date('2026-11-18T15:00:00Z'); // a Wednesday
      await seedDemo(db.db, { now, timeZone: 'Europe/Berlin' });
      const q = async <T>(query: string) =>
        ((await db.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
      expect(await q('select holiday_country, holiday_region from time_off_settings')).toEqual([
        { holiday_country: 'DE', holiday_region: 'BE' },
      ]);
      expect(await q('select holiday_country from teams where holiday_country is not null')).toEqual([
        { holiday_country: 'AT' },
      ]);
      const states = await q<{ status: string }>('select distinct status from leave_requests order by 1');
      expect(states.map((r) => r.status)).toEqual(['approved', 'cancelled', 'pending', 'rejected']);
      const outToday = await q<{ first_name: string }>(
        `select u.first_name from leave_requests r join users u on u.id = r.user_id
         where r.status = 'approved' and '2026-11-18' between r.start_date and r.end_date`,
      );
      expect(outToday.map((r) => r.first_name)).toEqual(['Tom']);
      // Pending requests wait in both managers' queues, each told by the bell.
      const told = await q<{ first_name: string }>(
        `select distinct u.first_name from notifications n join users u on u.id = n.user_id
         where n.kind = 'leave_requested' order by 1`,
      );
      expect(told.map((r) => r.first_name)).toEqual(['James', 'Maria']);
      // Nobody tracked time on a whole day off.
      const onLeave = await q<{ n: number }>(
        `select count(*)::int as n from time_entries e join leave_requests r on r.user_id = e.user_id
         where r.status = 'approved' and r.hours is null and not r.start_half and not r.end_half
           and (e.start_time at time zone 'Europe/Berlin')::date between r.start_date and r.end_date`,
      );
      expect(onLeave[0].n).toBe(0);
    } finally {
      await db.close();
    }
  });
});
