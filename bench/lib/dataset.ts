import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../server/db/client';
import { rowsOf } from '../../server/db/rows';
import type { Database } from '../../server/db/types';
import { conversations, users } from '../../server/db/schema';
import { createSession, SESSION_COOKIE } from '../../server/lib/auth';
import { systemClock } from '../../server/lib/clock';
import { scaleCounts, scaleEmail, seedScale, seedScaleNotifications } from '../../server/seed/scale';
import { withDatabase } from '../../server/test/global-setup';

export type Kind = 'pglite' | 'postgres';
export type Dataset = {
  kind: Kind;
  scale: number;
  /** environment for server/main.ts to open this data set */
  env: Record<string, string>;
  /** signed-in employees: `wb_session=…` cookies and their ids */
  sessions: { cookie: string; userId: string }[];
  /** signed-in managers and the admin, who see everyone's reports */
  managerSessions: { cookie: string; userId: string }[];
  generalId: string;
  projectId: string;
};

const label = (scale: number) => String(scale).replace('.', '_');

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
  } else {
    const dir = resolve(`.tmp/bench-pglite-${label(scale)}`);
    mkdirSync(dir, { recursive: true });
    env = { DATA_DIR: dir, DATABASE_URL: '' };
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
    // Reports over everyone are what managers open: a few of them (the admin is user 1).
    const managers = await database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.email} like '%@scale.test' and ${users.role} in ('manager', 'admin')`)
      .orderBy(users.email)
      .limit(10);
    const managerSessions = [];
    for (const u of managers) {
      const token = await createSession(database.db, u.id, systemClock);
      managerSessions.push({ cookie: `${SESSION_COOKIE}=${token}`, userId: u.id });
    }
    const [general] = await database.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.isGeneral, true));
    const { rows } = (await database.db.execute(
      sql`select id from projects where status = 'active' limit 1`,
    )) as unknown as {
      rows: { id: string }[];
    };
    return {
      kind,
      scale,
      env,
      sessions: signedIn,
      managerSessions,
      generalId: general.id,
      projectId: rows[0]?.id ?? '',
    };
  } finally {
    await database.close();
  }
}
