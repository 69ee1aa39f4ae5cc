import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { ensureFirstAdmin } from './features/auth/bootstrap-admin';
import { systemClock } from './lib/clock';
import { scheduleSweeps, scheduleHousekeeping } from './lib/housekeeping';

/** Read config, open and migrate the database, listen; SIGTERM finishes requests and closes cleanly. */
async function main() {
  const started = Date.now();
  const config = loadConfig();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    // One JSON line per statement, for debugging and for the benchmark's bare-SQL floor.
    onQuery: config.LOG_SQL
      ? (query, params, name) => console.log(JSON.stringify({ msg: 'sql', query, params, name }))
      : undefined,
  });
  const app = await buildApp({ database, config });
  await ensureFirstAdmin(
    database.db,
    { email: config.WORKBENCH_ADMIN_EMAIL, password: config.WORKBENCH_ADMIN_PASSWORD },
    app.log,
  );

  const stopHousekeeping = scheduleHousekeeping(database.db, systemClock, (err) =>
    app.log.error({ err }, 'housekeeping failed'),
  );
  const stopTimerSweep = scheduleSweeps(app.deps, app.log);
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
      stopHousekeeping();
      stopTimerSweep();
      await app.close(); // stops accepting, waits for requests in flight
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
    { database: database.kind, startupMs: Date.now() - started },
    `Workbench is ready on http://localhost:${config.PORT}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
