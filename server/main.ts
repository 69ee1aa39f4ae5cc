import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { ensureFirstAdmin } from './features/auth/bootstrap-admin';
import { serveBackups } from './lib/backup';
import { systemClock } from './lib/clock';
import { scheduleLedgerRefresh, scheduleSweeps, scheduleHousekeeping } from './jobs';

/** pino's levels, for the lines written before the app's logger exists. */
const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };

/** Read config, open and migrate the database, listen; SIGTERM finishes requests and closes cleanly. */
async function main() {
  const started = Date.now();
  const config = loadConfig();
  // The app's logger exists only once the database is open: the embedded server's lines (start-up,
  // and its supervision later) are written in its format and by its levels.
  const threshold = LEVELS[config.LOG_LEVEL];
  const log = (msg: string, level: keyof typeof LEVELS = 'info') => {
    if (LEVELS[level] >= threshold)
      console.log(JSON.stringify({ level: LEVELS[level], time: Date.now(), msg }));
  };
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    storage: config.WORKBENCH_STORAGE,
    log,
    // Restarting the app's own PostgreSQL failed again and again: a restart of the whole app (by
    // systemd or Docker) is what is left (docs/decisions/028-supervised-embedded-server.md).
    onUnrecoverable(err) {
      log(`${err.message} Exiting (code 1) so that the service manager restarts Workbench.`, 'fatal');
      process.exit(1);
    },
    // One JSON line per statement, for debugging and for the benchmark's bare-SQL floor.
    onQuery: config.LOG_SQL
      ? (query, params, name) => console.log(JSON.stringify({ msg: 'sql', query, params, name }))
      : undefined,
  });
  const app = await buildApp({ database, config });
  // Under the start-up lock: instances started together must not each decide that no admin exists.
  await database.exclusively(() =>
    ensureFirstAdmin(
      database.db,
      { email: config.WORKBENCH_ADMIN_EMAIL, password: config.WORKBENCH_ADMIN_PASSWORD },
      app.log,
    ),
  );

  const stopHousekeeping = scheduleHousekeeping(database.db, systemClock, (err) =>
    app.log.error({ err }, 'housekeeping failed'),
  );
  const stopTimerSweep = scheduleSweeps(app.deps, app.log);
  const stopLedgerRefresh = scheduleLedgerRefresh(app.deps, app.log);
  // `npm run backup` asks a running PGlite server for its snapshot (docs/decisions/021-operations.md).
  const backups =
    database.snapshot && !config.DATABASE_URL
      ? await serveBackups(config.DATA_DIR, database.snapshot, app.log).catch((err) => {
          app.log.warn({ err }, 'no backup socket: `npm run backup` needs the server stopped');
          return undefined;
        })
      : undefined;
  if (!config.isProduction) {
    app.log.warn(
      `NODE_ENV=${config.NODE_ENV}: the verification codes page is open without signing in. Never run a real deployment in this mode.`,
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      const sweepsDone = Promise.all([stopHousekeeping(), stopTimerSweep(), stopLedgerRefresh()]); // one under way finishes
      await app.close(); // stops accepting, waits for requests in flight
      await sweepsDone;
      await backups?.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    {
      database: config.DATABASE_URL ? 'postgres' : config.WORKBENCH_STORAGE,
      startupMs: Date.now() - started,
    },
    `Workbench is ready on http://localhost:${config.PORT}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
