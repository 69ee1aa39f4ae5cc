import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import {
  defaultReconnectPolicy,
  listenWithReconnect,
  type ReconnectPolicy,
  type Subscription,
} from './listener';
import * as schema from './schema';
import { isoTimestamp, registerStatementRunner, TIMESTAMPTZ } from './statements';
import type { Database } from './types';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Serialises migrations when several instances start against one PostgreSQL at once.
const MIGRATION_LOCK = 7_214_001;

export type DatabaseOptions = {
  url?: string;
  dataDir?: string;
  poolSize?: number;
  /**
   * Called with every statement the app runs (LOG_SQL=true; the benchmark replays them), and the
   * name it is prepared under when it is one of the hot paths' statements.
   */
  onQuery?: (query: string, params: unknown[], name?: string) => void;
  /** How the LISTEN connection retries after a loss (PostgreSQL only); tests shorten it. */
  reconnect?: Partial<ReconnectPolicy>;
};

/** Opens PostgreSQL when a URL is given, else PGlite in `dataDir` (or in memory), and migrates it. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const logger = options.onQuery ? { logQuery: options.onQuery } : undefined;
  return options.url
    ? openPostgres(options.url, options.poolSize ?? 10, logger, {
        ...defaultReconnectPolicy,
        ...options.reconnect,
      })
    : openPglite(options.dataDir, logger);
}

type QueryLogger = { logQuery: NonNullable<DatabaseOptions['onQuery']> } | undefined;

async function openPglite(dataDir: string | undefined, logger: QueryLogger): Promise<Database> {
  let client: PGlite;
  if (dataDir) {
    const dir = resolve(dataDir);
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite(client, { schema, logger });
  await migratePglite(db, { migrationsFolder });
  // PGlite has a single connection and no statement cache to name: the text is run as it is.
  registerStatementRunner(db, async (name, text, params) => {
    logger?.logQuery(text, params, name);
    return (await client.query(text, params, { parsers: { [TIMESTAMPTZ]: isoTimestamp } })).rows;
  });
  return {
    db,
    kind: 'pglite',
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      const state = { listening: true, since: new Date(), attempts: 0, lastError: null };
      return {
        state,
        async close() {
          state.listening = false;
          await unsubscribe();
        },
      };
    },
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async ping() {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

async function openPostgres(
  url: string,
  max: number,
  logger: QueryLogger,
  reconnect: ReconnectPolicy,
): Promise<Database> {
  const migrator = new pg.Client({ connectionString: url });
  await migrator.connect();
  try {
    await migrator.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(migrator, { schema }), { migrationsFolder });
  } finally {
    await migrator.end();
  }
  const pool = new pg.Pool({ connectionString: url, max });
  // A client the server drops must not crash the process: idle ones are reported here (and the pool
  // replaces them); checked-out ones fail their query, and this listener catches the error event
  // that would otherwise arrive between two queries with nobody listening.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { schema, logger });
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === TIMESTAMPTZ
        ? isoTimestamp
        : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  registerStatementRunner(db, async (name, text, values) => {
    logger?.logQuery(text, values, name);
    return (await pool.query({ name, text, values, types })).rows;
  });
  const subscriptions = new Set<Subscription>();
  return {
    db,
    kind: 'postgres',
    async listen(channel, onPayload, options) {
      const subscription = await listenWithReconnect(url, channel, onPayload, options, reconnect);
      subscriptions.add(subscription);
      return {
        state: subscription.state,
        async close() {
          subscriptions.delete(subscription);
          await subscription.close();
        },
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await Promise.all([...subscriptions].map((s) => s.close()));
      await pool.end();
    },
  };
}
