import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Log, startEmbeddedPostgres } from './embedded';
import {
  defaultReconnectPolicy,
  listenWithReconnect,
  type ReconnectPolicy,
  type Subscription,
} from './listener';
import { queryTimers } from './query-timing';
import { copyTables, EMBEDDED_DIR, hasPgliteData, setAsidePglite } from './pglite-move';
import * as schema from './schema';
import { isoTimestamp, registerStatementRunner, TIMESTAMPTZ } from './statements';
import type { Database } from './types';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Serialises start-up work (migrations, the first admin) when several instances start against one
// PostgreSQL at once; advisory locks are per database, so other databases on the server are not held up.
const STARTUP_LOCK = 7_214_001;
/**
 * How long connecting to the embedded server may take (it is on this machine: milliseconds). After a
 * restart moved it, a program that took its old port may accept and never answer: without a limit
 * requests would hang there instead of getting their 503.
 */
const EMBEDDED_CONNECT_TIMEOUT_MS = 5_000;

export type DatabaseOptions = {
  url?: string;
  dataDir?: string;
  /**
   * Without a URL: `embedded` starts the app's own PostgreSQL server in `dataDir/postgres` (and moves
   * an older PGlite `dataDir` into it once); `pglite` (the default here, as the tests use it) opens
   * PGlite in `dataDir`, or in memory without one.
   */
  storage?: 'embedded' | 'pglite';
  /** Start-up messages of the embedded server and of a PGlite move (main.ts sends them to its log). */
  log?: Log;
  poolSize?: number;
  /**
   * Called with every statement the app runs (LOG_SQL=true; the benchmark replays them), and the
   * name it is prepared under when it is one of the hot paths' statements.
   */
  onQuery?: (query: string, params: unknown[], name?: string) => void;
  /** How the LISTEN connection retries after a loss (PostgreSQL only); tests shorten it. */
  reconnect?: Partial<ReconnectPolicy>;
  /**
   * The embedded server exited and could not be restarted (embedded.ts, supervisor.ts): main.ts logs
   * the error and exits non-zero, so that systemd or Docker restarts the whole app.
   */
  onUnrecoverable?: (error: Error) => void;
  /**
   * In-memory PGlite only: start from this dump of an already migrated database (`snapshot()`), so
   * that the migrations are checked, not replayed. The tests open one per file from a template made
   * once per run (server/test/global-setup.ts, docs/decisions/031-test-loop.md).
   */
  pgliteTemplate?: Blob;
};

/**
 * Opens PostgreSQL when a URL is given, else the embedded PostgreSQL server or PGlite in `dataDir`
 * (PGlite in memory without one), and migrates it.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const logger = options.onQuery ? { logQuery: options.onQuery } : undefined;
  const reconnect = { ...defaultReconnectPolicy, ...options.reconnect };
  const poolSize = options.poolSize ?? 10;
  if (options.url) return openPostgres(options.url, poolSize, logger, reconnect);
  if (options.storage === 'embedded' && options.dataDir) {
    const log = options.log ?? (() => {});
    const dataDir = resolve(options.dataDir);
    await moveFromPglite(dataDir, log);
    const server = await startEmbeddedPostgres(join(dataDir, EMBEDDED_DIR), log, {
      onGiveUp: options.onUnrecoverable,
    });
    try {
      // The server is on this machine: the LISTEN connection retries at least every second, so live
      // events resume within a second of a restart (a remote server gets the gentler default).
      const local = {
        ...defaultReconnectPolicy,
        maxDelayMs: 1_000,
        connectTimeoutMs: EMBEDDED_CONNECT_TIMEOUT_MS,
        ...options.reconnect,
      };
      // Connections are opened with the server's URL of the moment: a restart may have moved its port.
      const database = await openPostgres(
        () => server.url,
        poolSize,
        logger,
        local,
        EMBEDDED_CONNECT_TIMEOUT_MS,
      );
      return {
        ...database,
        serverDown: () => server.downReason(),
        async close() {
          server.expectExit(); // the server ends as its last sessions do: not a crash
          await database.close();
          await server.stop();
        },
      };
    } catch (err) {
      await server.stop();
      throw err;
    }
  }
  if (options.storage === 'pglite' && options.dataDir && existsSync(join(options.dataDir, EMBEDDED_DIR)))
    throw new Error(
      `${options.dataDir} holds the embedded PostgreSQL server's data (${EMBEDDED_DIR}/): PGlite would start an empty database beside it. Unset WORKBENCH_STORAGE, or give PGlite another DATA_DIR.`,
    );
  return openPglite(options.dataDir, logger, options.pgliteTemplate);
}

/**
 * Once, when `dataDir` still holds a PGlite database (the default before decision 023): migrates it
 * to the current schema, copies it into a new embedded cluster built beside it, and only when every
 * table has arrived puts that cluster in place and sets PGlite's files aside. Interrupted, it starts
 * over at the next start; the PGlite files are untouched until the copy is complete.
 */
async function moveFromPglite(dataDir: string, log: Log) {
  if (!hasPgliteData(dataDir)) return;
  const target = join(dataDir, EMBEDDED_DIR);
  if (!existsSync(join(target, 'PG_VERSION'))) {
    log(`Found a PGlite database in ${dataDir}: moving it into the embedded PostgreSQL server (once).`);
    const partial = `${target}.moving`;
    rmSync(partial, { recursive: true, force: true });
    const source = await PGlite.create(dataDir);
    try {
      await migratePglite(drizzlePglite(source, { schema }), { migrationsFolder });
      const server = await startEmbeddedPostgres(partial, log);
      try {
        await (await openPostgres(server.url, 1, undefined, defaultReconnectPolicy)).close();
        const target = new pg.Client({ connectionString: server.url });
        await target.connect();
        try {
          await copyTables(source, target, log);
        } finally {
          await target.end();
        }
      } finally {
        await server.stop();
      }
    } finally {
      await source.close();
    }
    renameSync(partial, target);
  }
  setAsidePglite(dataDir, log);
}

type QueryLogger = { logQuery: NonNullable<DatabaseOptions['onQuery']> } | undefined;

async function openPglite(
  dataDir: string | undefined,
  logger: QueryLogger,
  template?: Blob,
): Promise<Database> {
  let client: PGlite;
  if (template && !dataDir) {
    client = await PGlite.create({ loadDataDir: template });
  } else if (dataDir) {
    const dir = resolve(dataDir);
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  } else {
    client = await PGlite.create();
  }
  // Every query is timed for the metrics: the client's own, and those inside transactions.
  const timers = queryTimers();
  timers.time(client);
  const transaction = client.transaction.bind(client);
  client.transaction = (run) => transaction((tx) => run(timers.time(tx)));
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
    exclusively: (work) => work(),
    async ping() {
      await client.query('select 1');
    },
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    onQueryTime: timers.listen,
    snapshot: (compression = 'gzip') => client.dumpDataDir(compression),
    close: () => client.close(),
  };
}

async function openPostgres(
  target: string | (() => string),
  max: number,
  logger: QueryLogger,
  reconnect: ReconnectPolicy,
  connectTimeoutMs = 0,
): Promise<Database> {
  /**
   * On a dedicated connection, so the lock is held across statements and released even if the
   * process dies (the session ends); the next instance then finds the work done and skips it.
   */
  const url = typeof target === 'string' ? () => target : target;
  const exclusively = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: url() });
    await client.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
      return await work(client);
    } finally {
      await client.end();
    }
  };
  // drizzle's migrator skips migrations already recorded, so the instances after the first apply none.
  await exclusively((client) => migratePg(drizzlePg(client, { schema }), { migrationsFolder }));
  /** The pool's connections: each opened with the URL of the moment, within the time limit (if any). */
  class Connection extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({
        ...config,
        connectionString: url(),
        connectionTimeoutMillis: connectTimeoutMs,
        // No JIT: a month over everyone is estimated costly enough to be compiled, and compiling
        // takes far longer (seconds) than running it (milliseconds); no query of ours gains from
        // it. Set once per connection, not per query (a round trip each). Options in the URL win.
        options: '-c jit=off',
      });
    }
  }
  // The limit is on connecting only: the pool's own option would also fail requests that queue for
  // a free connection under load.
  const pool = new pg.Pool({ max, Client: Connection });
  // A client the server drops must not crash the process: idle ones are reported here (and the pool
  // replaces them); checked-out ones fail their query, and this listener catches the error event
  // that would otherwise arrive between two queries with nobody listening.
  pool.on('error', () => {});
  // Every query runs on one of the pool's clients: timing their `query` times them all (metrics).
  const timers = queryTimers();
  pool.on('connect', (client) => {
    client.on('error', () => {});
    timers.time(client);
  });
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
    exclusively: (work) => exclusively(() => work()),
    async ping() {
      await pool.query('select 1');
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    onQueryTime: timers.listen,
    async close() {
      await Promise.all([...subscriptions].map((s) => s.close()));
      await pool.end();
    },
  };
}
