import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../server/db/client';
import { rowsOf } from '../../server/db/rows';
import type { Database, Db } from '../../server/db/types';
import { conversations, users } from '../../server/db/schema';
import { createSession, SESSION_COOKIE } from '../../server/lib/auth';
import { systemClock } from '../../server/lib/clock';
import { loadSettings } from '../../server/lib/org-settings';
import { arrivalStatus } from '../../server/features/attendance/attendance.records';
import { zonedDate } from '@contract/zoned-time';
import { markZoneChanges, refreshAllStale } from '../../server/core/time/ledger-rollup';
import { refreshAllBilling } from '../../server/features/billing/billing-kept';
import {
  SCALE_TEAM_PREFIX,
  scaleCounts,
  scaleEmail,
  seedScale,
  seedScaleNotifications,
  seedScaleTeams,
  seedScaleTimeOff,
} from '../../server/seed/scale';
import { withDatabase } from '../../server/test/global-setup';

/** What the write benchmark posts and tracks: texts no seeded row holds, removed before each run. */
export const BENCH_MESSAGE = 'bench message';
export const BENCH_ENTRY = 'bench';

export type Kind = 'pglite' | 'postgres' | 'embedded';
export type Dataset = {
  kind: Kind;
  scale: number;
  /** environment for server/main.ts to open this data set */
  env: Record<string, string>;
  /** the embedded server's cluster (kind `embedded`), for the floors */
  embeddedDir?: string;
  /** signed-in employees: `wb_session=…` cookies and their ids */
  sessions: { cookie: string; userId: string }[];
  /** the admin, signed in several times: who sees everyone's reports */
  adminSessions: { cookie: string; userId: string }[];
  /** the manager of the 100-person team (the admin when the data set is too small for teams) */
  teamManagerSessions: { cookie: string; userId: string }[];
  /** that team, when there is one */
  teamId: string | undefined;
  generalId: string;
  projectId: string;
  /** the newest task: the task page's read (the admin may see every task) */
  taskId: string;
  /**
   * Whether a clock-in now is a late arrival, which notifies the person's managers and the admins in
   * its transaction: the clock-in figure depends on the hour the benchmark runs, so it says which.
   */
  clockInsLate: boolean;
};

const label = (scale: number) => String(scale).replace('.', '_');

/**
 * The write benchmark's chat posts and timer entries (lib/workload.ts) are
 * removed before each run, so every run reads the data set the scale describes and not one grown by
 * the runs before it: 15,000 'bench message' posts in General had made the search walk through them
 * (docs/performance.md, "Search"). No seeded row has these texts.
 */
async function removeEarlierBenchWrites(db: Db) {
  await db.execute(sql`delete from messages where content = ${BENCH_MESSAGE}`);
  await db.execute(
    sql`update conversations c set last_message_at = (select max(m.created_at) from messages m where m.conversation_id = c.id)
        where c.is_general`,
  );
  await db.execute(sql`delete from time_entries where description = ${BENCH_ENTRY}`);
}

/** Opens (seeding once, then reusing) the scale data set for a kind and factor, and signs users in. */
export async function prepareDataset(
  kind: Kind,
  scale: number,
  pgUrl: string,
  sessions: number,
): Promise<Dataset> {
  let database: Database;
  let env: Record<string, string>;
  if (kind === 'postgres') {
    const name = `wb_bench_${label(scale)}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
    if (!exists) await admin.query(`create database ${name}`);
    await admin.end();
    env = { DATABASE_URL: withDatabase(pgUrl, name) };
    database = await openDatabase({ url: env.DATABASE_URL, poolSize: 2 });
  } else if (kind === 'embedded') {
    // The zero-setup default, as `npm start` runs it: the app starts its own PostgreSQL in DATA_DIR.
    const dir = resolve(`.tmp/bench-embedded-${label(scale)}`);
    env = { DATA_DIR: dir, DATABASE_URL: '', WORKBENCH_STORAGE: 'embedded' };
    database = await openDatabase({ dataDir: dir, storage: 'embedded', poolSize: 2 });
  } else {
    const dir = resolve(`.tmp/bench-pglite-${label(scale)}`);
    mkdirSync(dir, { recursive: true });
    env = { DATA_DIR: dir, DATABASE_URL: '', WORKBENCH_STORAGE: 'pglite' };
    database = await openDatabase({ dataDir: dir });
  }
  try {
    const expected = scaleCounts(scale).users;
    const [{ n }] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`${users.email} like '%@scale.test'`);
    if (Number(n) !== expected) {
      if (Number(n) > 0)
        throw new Error(`the ${kind} bench database for ×${scale} is half-seeded: drop it and rerun`);
      const started = Date.now();
      process.stdout.write(`  seeding ${kind} ×${scale}… `);
      await seedScale(database.db, scale);
      console.log(`${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
    // Data sets seeded before notifications existed get them now (docs/decisions/013).
    const [{ notified }] = await rowsOf<{ notified: boolean }>(
      database.db,
      sql`select exists (select 1 from notifications) as notified`,
    );
    if (!notified) await seedScaleNotifications(database.db);
    // A previous run may have ended mid-sequence: no timer running, no one clocked in.
    await database.db.execute(sql`delete from active_timers`);
    await database.db.execute(
      sql`update attendance_records set clock_out = clock_in + interval '1 hour', total_hours = 1 where clock_out is null`,
    );
    await removeEarlierBenchWrites(database.db);
    const chosen = await database.db
      .select({ id: users.id })
      .from(users)
      .where(
        sql`${users.email} in (${sql.join(
          Array.from({ length: Math.min(sessions, expected - 1) }, (_, i) => sql`${scaleEmail(i + 2)}`),
          sql`, `,
        )}) and ${users.role} = 'employee'`,
      );
    const signedIn = [];
    for (const u of chosen) {
      const token = await createSession(database.db, u.id, systemClock);
      signedIn.push({ cookie: `${SESSION_COOKIE}=${token}`, userId: u.id });
    }
    // Data sets seeded before teams existed get them now (issue 15).
    const teamCount = await database.db.execute(sql`select count(*)::int as n from teams`);
    if (Number((teamCount as unknown as { rows: { n: number }[] }).rows[0].n) === 0)
      await seedScaleTeams(database.db);
    // …and time off (issue 28).
    await seedScaleTimeOff(database.db);
    // The ledger's kept sums counted for everyone before anything is measured, as the app's job
    // keeps them (docs/decisions/042-ledger-rollup.md): a run should not measure the catching up.
    const settings = await loadSettings(database.db, process.env.TZ || 'UTC');
    const { timeZone } = settings;
    await markZoneChanges(database.db, timeZone);
    const caughtUp = Date.now();
    const people = await refreshAllStale(database.db, timeZone);
    const pricing = Date.now();
    const priced = await refreshAllBilling(database.db);
    if (priced > 0)
      console.log(
        `  billing's kept rows priced for ${priced} people in ${((Date.now() - pricing) / 1000).toFixed(0)} s`,
      );
    // What autovacuum does on a settled server (it is off on some, as on this machine's PostgreSQL):
    // the kept rows' visibility, so their reads stay in the index, and the statistics and visibility
    // of what seeding and the last run's writes left. Otherwise the embedded server's autovacuum
    // works through a fresh data set during the run: 1,000 users' clock-ins measured p99 831 ms right
    // after seeding and 85 ms once it had settled (docs/performance.md).
    await database.db.execute(sql`vacuum (analyze)`);
    if (people > 0)
      console.log(
        `  the ledger's kept sums counted for ${people} people in ${((Date.now() - caughtUp) / 1000).toFixed(0)} s`,
      );
    const signInAs = async (email: string, times: number) => {
      const [u] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (!u) return [];
      const list = [];
      for (let i = 0; i < times; i++) {
        const token = await createSession(database.db, u.id, systemClock);
        list.push({ cookie: `${SESSION_COOKIE}=${token}`, userId: u.id });
      }
      return list;
    };
    // Reports over everyone are an admin's; a team's are its manager's (user 20 leads team 1).
    const adminSessions = await signInAs(scaleEmail(1), 10);
    const teamManager = await signInAs(scaleEmail(20), 10);
    const teamRows = (await database.db.execute(
      sql`select id from teams where name = ${`${SCALE_TEAM_PREFIX}1`}`,
    )) as unknown as { rows: { id: string }[] };
    const [general] = await database.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.isGeneral, true));
    const { rows } = (await database.db.execute(
      sql`select id from projects where status = 'active' limit 1`,
    )) as unknown as {
      rows: { id: string }[];
    };
    const newestTask = (await database.db.execute(
      sql`select id from tasks order by created_at desc, id desc limit 1`,
    )) as unknown as { rows: { id: string }[] };
    return {
      kind,
      scale,
      env,
      embeddedDir: kind === 'embedded' ? resolve(env.DATA_DIR, 'postgres') : undefined,
      sessions: signedIn,
      adminSessions,
      teamManagerSessions: teamManager.length > 0 ? teamManager : adminSessions,
      teamId: teamRows.rows[0]?.id,
      generalId: general.id,
      projectId: rows[0]?.id ?? '',
      taskId: newestTask.rows[0]?.id ?? '',
      clockInsLate: arrivalStatus(new Date(), zonedDate(new Date(), timeZone), settings) === 'late',
    };
  } finally {
    await database.close();
  }
}
