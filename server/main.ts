import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { ensureFirstAdmin } from './features/auth/bootstrap-admin';
import { serveBackups } from './lib/backup';
import { systemClock } from './lib/clock';
import { scheduleSweeps, scheduleHousekeeping } from './lib/housekeeping';

/** Read config, open and migrate the database, listen; SIGTERM finishes requests and closes cleanly. */
async function main() {
  const started = Date.now();
  const config = loadConfig();
  // The app's logger exists only once the database is open: start-up lines are written in its format.
  const quiet = ['fatal', 'error', 'warn', 'silent'].includes(config.LOG_LEVEL);
  const log = (msg: string) => {
    if (!quiet) console.log(JSON.stringify({ level: 30, time: Date.now(), msg }));
  };
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    storage: config.WORKBENCH_STORAGE,
    log,
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
      const sweepsDone = Promise.all([stopHousekeeping(), stopTimerSweep()]); // one under way finishes
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
