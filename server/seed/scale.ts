import { sql } from 'drizzle-orm';
import type { Db } from '../db/types';
import { hashPassword } from '../lib/password';
import { ensureTimeOffDefaults } from '../features/time-off/defaults';

/** Row counts of the full scale data set (issue 8); `factor` scales them for 1/10/100× comparisons. */
export const SCALE_FULL = {
  users: 1_000,
  projects: 200,
  tasks: 100_000,
  timeEntries: 1_000_000,
  attendance: 250_000,
  messages: 500_000,
  groups: 200,
  directs: 1_000,
  /** per user, whatever the factor: the bell and the panel read one person's (docs/decisions/013) */
  notificationsPerUser: 50,
};

export const SCALE_PASSWORD = 'ScalePass1';
export const scaleEmail = (n: number) => `user${n}@scale.test`;

export type ScaleCounts = typeof SCALE_FULL;

export function scaleCounts(factor: number): ScaleCounts {
  const c = (n: number, min: number) => Math.max(min, Math.round(n * factor));
  return {
    users: c(SCALE_FULL.users, 10),
    projects: c(SCALE_FULL.projects, 2),
    tasks: c(SCALE_FULL.tasks, 20),
    timeEntries: c(SCALE_FULL.timeEntries, 50),
    attendance: c(SCALE_FULL.attendance, 20),
    messages: c(SCALE_FULL.messages, 50),
    groups: c(SCALE_FULL.groups, 2),
    directs: c(SCALE_FULL.directs, 3),
    notificationsPerUser: SCALE_FULL.notificationsPerUser,
  };
}

/** Runs one or more `;`-separated statements (PGlite prepares each call, so one statement a call). */
async function run(db: Db, text: string) {
  let result: unknown;
  for (const statement of text
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    result = await db.execute(sql.raw(statement));
  }
  return result;
}

/**
 * Bulk-fills an empty database with set-based INSERT … SELECT generate_series (no row-by-row
 * round trips), the same SQL on PGlite and PostgreSQL. User n has e-mail user<n>@scale.test;
 * user 1 is an admin, every 20th a manager. Returns the counts it wrote.
 */
export async function seedScale(
  db: Db,
  factor = 1,
  log: (line: string) => void = () => {},
): Promise<ScaleCounts> {
  const n = scaleCounts(factor);
  const hash = (await hashPassword(SCALE_PASSWORD)).replace(/'/g, "''");
  const step = async (label: string, text: string) => {
    const started = Date.now();
    await run(db, text);
    log(`${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  };

  await step(
    `${n.users} users`,
    `insert into users (email, password_hash, first_name, last_name, role, approval_status, email_verified, approved_at, created_at, last_login_at)
     select 'user' || g || '@scale.test', '${hash}',
       (array['Ada','Ben','Cleo','Dan','Eva','Finn','Gia','Hugo','Ivy','Jon'])[1 + g % 10],
       (array['Lovelace','Brown','Stone','Kim','Novak','Reyes','Ito','Meyer','Okafor','Silva'])[1 + (g / 10) % 10] || ' ' || g,
       case when g = 1 then 'admin' when g % 20 = 0 then 'manager' else 'employee' end,
       'approved', true, now() - interval '200 days', now() - interval '200 days', now() - (g % 48) * interval '1 hour'
     from generate_series(1, ${n.users}) g`,
  );
  // Number the users once so later inserts can pick "random user k" by a cheap join.
  await run(db, 'drop table if exists seed_users');
  await run(
    db,
    `create temp table seed_users as select id, row_number() over (order by email) as n from users where email like '%@scale.test'`,
  );
  await run(db, 'create index on seed_users (n)');
  const randomUser = `1 + floor(random() * ${n.users})::int`;

  await step(
    `${n.projects} projects`,
    `insert into projects (name, description, status, priority, created_at)
     select 'Project ' || g, 'Scale project number ' || g,
       (array['active','active','active','on_hold','completed','cancelled'])[1 + g % 6],
       (array['low','medium','high'])[1 + g % 3], now() - (g % 300) * interval '1 day'
     from generate_series(1, ${n.projects}) g`,
  );
  await run(db, 'drop table if exists seed_projects');
  await run(
    db,
    'create temp table seed_projects as select id, row_number() over (order by created_at, id) as n from projects',
  );
  await run(db, 'create index on seed_projects (n)');
  const randomProject = `1 + floor(random() * ${n.projects})::int`;

  await step(
    `${n.tasks} tasks`,
    `insert into tasks (title, description, priority, status, project_id, assignee_id, assigned_by_id, estimated_hours,
       due_date, review_status, created_at, updated_at, completed_at)
     select 'Task ' || g.i, 'Generated task ' || g.i, (array['low','medium','high'])[1 + g.i % 3], s.status,
       p.id, u.id, u.id, (g.i % 16) * 0.5, now() + (g.i % 30 - 10) * interval '1 day',
       case s.status when 'pending_review' then 'pending' when 'completed' then 'approved' end,
       now() - (g.i % 180) * interval '1 day' - (g.i % 1440) * interval '1 minute', now(),
       case s.status when 'completed' then now() - (g.i % 90) * interval '1 day' end
     from (select i, ${randomUser} as un, ${randomProject} as pn from generate_series(1, ${n.tasks}) i) g
     join seed_users u on u.n = g.un
     join seed_projects p on p.n = g.pn
     cross join lateral (select (array['todo','in_progress','pending_review','completed','completed'])[1 + g.i % 5] as status) s`,
  );

  await step(
    'project members',
    `insert into project_members (project_id, user_id)
     select distinct project_id, assignee_id from tasks where project_id is not null on conflict do nothing`,
  );

  await step(
    `${n.timeEntries} time entries`,
    `insert into time_entries (user_id, project_id, description, start_time, end_time, created_at)
     select u.id, p.id, 'Work block ' || g.i, g.start, g.start + g.secs * interval '1 second', g.start
     from (select i, ${randomUser} as un, ${randomProject} as pn,
             date_trunc('minute', now() - random() * interval '365 days') as start, 900 + (i % 48) * 300 as secs
           from generate_series(1, ${n.timeEntries}) i) g
     join seed_users u on u.n = g.un
     join seed_projects p on p.n = g.pn`,
  );

  // Closed records on distinct past days per user (no open record: at most one may exist per user).
  await step(
    `${n.attendance} attendance records`,
    `insert into attendance_records (user_id, date, clock_in, clock_out, total_hours, break_minutes, status)
     select u.id, to_char(g.day, 'YYYY-MM-DD'), g.day + g.late, g.day + g.late + interval '8 hours',
       8 - 0.25, 15, case when g.late > interval '9 hours 15 minutes' then 'late' else 'present' end
     from (select i, 1 + (i - 1) % ${n.users} as un,
             date_trunc('day', now()) - (1 + (i - 1) / ${n.users}) * interval '1 day' as day,
             interval '8 hours 30 minutes' + (i % 60) * interval '1 minute' as late
           from generate_series(1, ${n.attendance}) i) g
     join seed_users u on u.n = g.un`,
  );

  await step(
    'conversations',
    `insert into conversations (type, name, is_general, created_at) values ('group', 'General', true, now() - interval '200 days')
       on conflict do nothing;
     insert into conversation_participants (conversation_id, user_id, last_read_at)
       select c.id, u.id, now() - interval '1 day' from conversations c cross join seed_users u where c.is_general
       on conflict do nothing;
     insert into conversations (type, name, created_at)
       select 'group', 'Team ' || g, now() - interval '100 days' from generate_series(1, ${n.groups}) g;
     insert into conversation_participants (conversation_id, user_id, last_read_at)
       select c.id, u.id, now() - interval '2 days'
       from (select id, row_number() over (order by id) as gn from conversations where name like 'Team %') c
       cross join generate_series(0, 9) k
       join seed_users u on u.n = 1 + (c.gn * 7 + k * 13) % ${n.users}
       on conflict do nothing;
     insert into conversations (type, direct_key, created_at)
       select 'direct', least(a.id::text, b.id::text) || ':' || greatest(a.id::text, b.id::text), now() - interval '50 days'
       from generate_series(1, ${n.directs}) g
       join seed_users a on a.n = 1 + (g - 1) % ${n.users}
       join seed_users b on b.n = 1 + (g * 31) % ${n.users}
       where a.id <> b.id
       on conflict do nothing;
     insert into conversation_participants (conversation_id, user_id, last_read_at)
       select c.id, split_part(c.direct_key, ':', k)::uuid, now() - interval '3 days'
       from conversations c cross join generate_series(1, 2) k where c.type = 'direct'
       on conflict do nothing;`,
  );
  await run(db, 'drop table if exists seed_convs');
  await run(
    db,
    'create temp table seed_convs as select id, row_number() over (order by id) as n from conversations',
  );
  await run(db, 'create index on seed_convs (n)');
  const conversationCount = Number(
    ((await run(db, 'select count(*)::int as c from seed_convs')) as unknown as { rows: { c: number }[] })
      .rows[0].c,
  );

  // Each message is sent by a participant of its conversation: pick the k-th participant.
  await step(
    `${n.messages} messages`,
    `insert into messages (conversation_id, sender_id, content, created_at)
     select c.id, p.user_id, 'Message ' || g.i || ' about the work at hand', g.at
     from (select i, case when i % 2 = 0 then 1 else 1 + floor(random() * ${conversationCount})::int end as cn,
             now() - random() * interval '180 days' as at from generate_series(1, ${n.messages}) i) g
     join seed_convs c on c.n = g.cn
     cross join lateral (select user_id from conversation_participants cp where cp.conversation_id = c.id
                         order by cp.user_id offset (g.i % 2) limit 1) p;
     update conversations c set last_message_at = m.at
       from (select conversation_id, max(created_at) as at from messages group by conversation_id) m
       where m.conversation_id = c.id;`,
  );
  await seedScaleNotifications(db, log);
  await run(
    db,
    'drop table if exists seed_users;\ndrop table if exists seed_projects;\ndrop table if exists seed_convs',
  );
  await seedScaleTeams(db, log);
  await seedScaleTimeOff(db, log);
  await seedScaleBilling(db, log);
  await run(db, 'analyze');
  return n;
}

/**
 * Time off on the scale users (issue 28's bench): Berlin's public holidays and a company half day,
 * and per person four requests in disjoint weeks: a week of vacation taken (2–40 weeks back), a sick
 * day the week before it, two days of vacation approved ahead and three days pending after them. The
 * 100-person team's month calendar and everyone's balances read them. Idempotent per database: it
 * does nothing when requests exist.
 */
export async function seedScaleTimeOff(db: Db, log: (line: string) => void = () => {}) {
  const started = Date.now();
  await ensureTimeOffDefaults(db);
  const numbered = `(select id, split_part(split_part(email, '@', 1), 'user', 2)::int as n
      from users where email like 'user%@scale.test')`;
  const type = (name: string) => `(select id from leave_types where name = '${name}')`;
  const monday = `date_trunc('week', now())::date`;
  await run(
    db,
    `update time_off_settings set holiday_country = coalesce(holiday_country, 'DE'),
       holiday_region = case when holiday_country is null then 'BE' else holiday_region end where id = 1;
     insert into holiday_overrides (date, kind, name, half_day)
       select make_date(extract(year from now())::int, 12, 24), 'added', 'Christmas Eve (afternoon off)', true
       where not exists (select 1 from leave_requests)
       on conflict do nothing;
     insert into leave_requests (user_id, type_id, start_date, end_date, status, decided_at, created_at)
       select u.id, ${type('Vacation')}, w.start, w.start + 4, 'approved', now() - interval '60 days', now() - interval '70 days'
       from ${numbered} u cross join lateral (select ${monday} - 7 * (2 + u.n % 39) as start) w
       where not exists (select 1 from leave_requests)
       union all
       select u.id, ${type('Sick leave')}, w.start + 3, w.start + 3, 'approved', now() - interval '60 days', now() - interval '60 days'
       from ${numbered} u cross join lateral (select ${monday} - 7 * (3 + u.n % 39) as start) w
       where not exists (select 1 from leave_requests)
       union all
       select u.id, ${type('Vacation')}, w.start, w.start + 1, 'approved', now() - interval '5 days', now() - interval '6 days'
       from ${numbered} u cross join lateral (select ${monday} + 7 * (1 + u.n % 8) as start) w
       where not exists (select 1 from leave_requests)
       union all
       select u.id, ${type('Vacation')}, w.start + 2, w.start + 4, 'pending', null, now() - interval '1 day'
       from ${numbered} u cross join lateral (select ${monday} + 7 * (2 + u.n % 8) as start) w
       where not exists (select 1 from leave_requests)`,
  );
  log(`time off (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

export const SCALE_TEAM_PREFIX = 'Scale team ';

/**
 * Teams and timesheets on the scale users (issue 15's bench): every manager (user 20k) leads team
 * k of the 19 users after them, except team 1, which has 100 members (users 21–120) who all
 * submitted last week, so its manager's review queue holds 100 weeks. Everyone has eight approved
 * weeks before that, with frozen totals around the expected 40 hours. Idempotent per database: it
 * does nothing when the teams exist.
 */
export async function seedScaleTeams(db: Db, log: (line: string) => void = () => {}) {
  const started = Date.now();
  const numbered = `(select id, split_part(split_part(email, '@', 1), 'user', 2)::int as n
      from users where email like 'user%@scale.test')`;
  const teams = `(select id, split_part(name, ' ', 3)::int as g from teams where name like '${SCALE_TEAM_PREFIX}%')`;
  await run(
    db,
    `insert into teams (name, created_at)
       select '${SCALE_TEAM_PREFIX}' || u.n / 20, now() - interval '150 days' from ${numbered} u
       where u.n % 20 = 0 and not exists (select 1 from teams where name like '${SCALE_TEAM_PREFIX}%');
     insert into team_members (team_id, user_id, role)
       select t.id, u.id, 'manager' from ${teams} t join ${numbered} u on u.n = 20 * t.g
       on conflict do nothing;
     insert into team_members (team_id, user_id, role)
       select t.id, u.id, 'member' from ${teams} t
       join ${numbered} u on u.n between 20 * t.g + 1 and case when t.g = 1 then 120 else 20 * t.g + 19 end
       on conflict do nothing;
     insert into timesheets (user_id, week_start, status, submitted_at, decided_at, tracked_seconds, expected_seconds)
       select u.id, to_char(date_trunc('week', now()) - k * interval '7 days', 'YYYY-MM-DD'), 'approved',
         now() - k * interval '7 days', now() - k * interval '7 days' + interval '1 day',
         144000 + ((u.n * k) % 21 - 10) * 1800, 144000
       from ${numbered} u cross join generate_series(2, 9) k
       on conflict do nothing;
     insert into timesheets (user_id, week_start, status, submitted_at)
       select u.id, to_char(date_trunc('week', now()) - interval '7 days', 'YYYY-MM-DD'), 'submitted',
         now() - interval '1 day' + u.n * interval '1 second'
       from ${numbered} u where u.n between 21 and 120
       on conflict do nothing`,
  );
  log(`teams and timesheets (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/** Notifications kept in the app per user: the newest 3 unread, the rest read (a bell that is used). */
const UNREAD_PER_USER = 3;

/**
 * SCALE_FULL.notificationsPerUser notifications for every user, a few hours apart over the last
 * weeks, of the task and timesheet kinds; the newest UNREAD_PER_USER unread. Also run on its own by
 * the bench on a data set seeded before notifications existed.
 */
export async function seedScaleNotifications(db: Db, log: (line: string) => void = () => {}) {
  const started = Date.now();
  const per = SCALE_FULL.notificationsPerUser;
  await run(
    db,
    `insert into notifications (user_id, kind, title, body, link, data, read_at, created_at)
     select u.id, (array['task_assigned','task_comment','task_approved','timesheet_approved'])[1 + k % 4],
       'Ben Tester assigned you “Task ' || k || '”', 'Something needs you: item ' || k, '/my-tasks', null,
       case when k <= ${UNREAD_PER_USER} then null else now() - k * interval '5 hours' end,
       now() - k * interval '7 hours' - random() * interval '1 hour'
     from users u cross join generate_series(1, ${per}) k
     where u.email like '%@scale.test'`,
  );
  log(`${per} notifications per user (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/**
 * Billing at scale (docs/product/billing.md): 20 clients in EUR, USD and GBP, every project of one
 * (two in three billable, rounded up to 15 minutes per entry in one of four), an organisation rate,
 * a rate per client, one per tenth project and a person rate on some. Idempotent: nothing when the
 * scale clients exist.
 */
export async function seedScaleBilling(db: Db, log: (line: string) => void = () => {}) {
  const started = Date.now();
  await run(
    db,
    `insert into clients (name, currency, contact)
       select 'Scale client ' || g, (array['EUR','USD','GBP'])[1 + g % 3], 'billing' || g || '@client.test'
       from generate_series(1, 20) g
       where not exists (select 1 from clients where name like 'Scale client %');
     with numbered as (select id, row_number() over (order by created_at, id) as n from projects
                       where client_id is null and name like 'Project %'),
       c as (select id, row_number() over (order by name, id) as n from clients where name like 'Scale client %')
     update projects p set client_id = c.id, billable = numbered.n % 3 <> 0,
       rounding_minutes = case when numbered.n % 4 = 0 then 15 else 0 end
       from numbered join c on c.n = 1 + numbered.n % 20 where p.id = numbered.id;
     insert into rates (kind, amount_minor, currency, effective_from)
       select 'billable', 6000, 'EUR', '2000-01-01' where not exists (select 1 from rates);
     insert into rates (kind, client_id, amount_minor, currency, effective_from)
       select 'billable', c.id, 8000 + (row_number() over (order by c.name))::int * 100, c.currency, '2000-01-01'
       from clients c where c.name like 'Scale client %'
         and not exists (select 1 from rates r where r.client_id = c.id);
     insert into rates (kind, project_id, amount_minor, currency, effective_from)
       select 'billable', p.id, 12000, c.currency, (now() - interval '20 days')::date
       from projects p join clients c on c.id = p.client_id
       where p.name like 'Project %0' and not exists (select 1 from rates r where r.project_id = p.id);`,
  );
  log(`billing: clients, project billing and rates (${Date.now() - started} ms)`);
}
