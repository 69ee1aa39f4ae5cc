import { loadConfig } from '../server/config';
import type { Storage } from '../server/lib/backup';

/** The database `npm start` would use, from the same configuration. */
export function storageFromConfig(): { storage: Storage; where: string } {
  const config = loadConfig();
  if (config.DATABASE_URL)
    return { storage: { kind: 'postgres', url: config.DATABASE_URL }, where: 'PostgreSQL (DATABASE_URL)' };
  return config.WORKBENCH_STORAGE === 'pglite'
    ? { storage: { kind: 'pglite', dataDir: config.DATA_DIR }, where: `PGlite in ${config.DATA_DIR}` }
    : {
        storage: { kind: 'embedded', dataDir: config.DATA_DIR },
        where: `the embedded PostgreSQL in ${config.DATA_DIR}`,
      };
}
