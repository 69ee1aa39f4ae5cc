import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import type { Database } from '../server/db/types';

/** Flags of the seed commands: `--force` (seed a database that has data), `--scale 0.1`. */
export function parseArgs(argv = process.argv.slice(2)) {
  const force = argv.includes('--force');
  const at = argv.indexOf('--scale');
  const scale = at >= 0 ? Number(argv[at + 1]) : 1;
  if (!Number.isFinite(scale) || scale <= 0)
    throw new Error('--scale takes a positive number, e.g. --scale 0.1');
  return { force, scale };
}

/**
 * Opens the database `npm start` would use. PGlite allows one process per data directory, so a
 * running server on it must be stopped first.
 */
export async function openForSeeding(): Promise<{ database: Database; where: string }> {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    const running = await fetch(`http://127.0.0.1:${config.PORT}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (running) {
      throw new Error(
        `Workbench is running on port ${config.PORT} with ${config.DATA_DIR}: stop it first (its database belongs to one process at a time).`,
      );
    }
  }
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    storage: config.WORKBENCH_STORAGE,
    log: (msg) => console.log(msg),
  });
  const where = config.DATABASE_URL
    ? 'PostgreSQL'
    : config.WORKBENCH_STORAGE === 'embedded'
      ? `the embedded PostgreSQL in ${config.DATA_DIR}`
      : `PGlite in ${config.DATA_DIR}`;
  return { database, where };
}

/** Data beyond the first admin that start-up creates. */
export async function hasData(database: Database): Promise<boolean> {
  const result = (await database.db.execute(
    sql`select (select count(*) from users where role <> 'admin') + (select count(*) from projects) + (select count(*) from tasks) as n`,
  )) as unknown as { rows: { n: string | number }[] };
  return Number(result.rows[0].n) > 0;
}
