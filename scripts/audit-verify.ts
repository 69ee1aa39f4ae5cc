// `npm run audit:verify`: checks the audit log's hash chain in the database `npm start` uses and
// says where it breaks (docs/decisions/030-account-security.md). Exit code 0: intact; 1: broken.
// Works while Workbench runs: on the embedded default it connects to the running server.
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { loadConfig } from '../server/config';
import { verifyAuditChain } from '../server/core/audit';
import { openDatabase } from '../server/db/client';
import { embeddedConnection } from '../server/db/embedded';
import type { Database } from '../server/db/types';
import { openForSeeding } from './seed-support';

const answers = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => done(socket.end() !== undefined));
    socket.once('error', () => done(false));
  });

/** The running embedded server's address, when Workbench is running on the embedded default. */
async function runningEmbeddedUrl(): Promise<string | undefined> {
  const config = loadConfig();
  if (config.DATABASE_URL || config.WORKBENCH_STORAGE !== 'embedded') return undefined;
  const c = embeddedConnection(join(config.DATA_DIR, 'postgres'));
  if (!c || !(await answers(c.port))) return undefined;
  return `postgres://${c.user}:${encodeURIComponent(c.password)}@127.0.0.1:${c.port}/${c.database}`;
}

const url = loadConfig().DATABASE_URL ?? (await runningEmbeddedUrl());
const database: Database = url ? await openDatabase({ url, poolSize: 1 }) : (await openForSeeding()).database;
try {
  const { rows, breaks } = await verifyAuditChain(database.db);
  if (breaks.length === 0) {
    console.log(
      `The audit log is intact: ${rows} entries, every hash matches its row and the row before it.`,
    );
  } else {
    console.error(`The audit log's chain is broken at ${breaks.length} place(s) (of ${rows} entries):`);
    for (const b of breaks) console.error(`  entry #${b.seq} (id ${b.id}, ${b.at}): ${b.reason}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
