import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { clearStaleServer } from '../db/embedded';
import { EMBEDDED_DIR } from '../db/pglite-move';

/**
 * Backup and restore of the embedded default (docs/decisions/021-operations.md#the-embedded-default):
 * a cold copy of its cluster, `DATA_DIR/postgres`, as a gzipped tar whose entries start with
 * `postgres/`. The server must be stopped: a stopped PostgreSQL's files are a consistent backup, and
 * the embedded binaries bring no pg_dump (the machine's own may be older than the server, which
 * pg_dump refuses). Errors are plain `Error`s; the caller words them for the operator.
 */

/** The cluster directory, after making sure no Workbench is using it (an orphaned server is stopped). */
async function stoppedCluster(dataDir: string, log: (line: string) => void): Promise<string> {
  const cluster = join(resolve(dataDir), EMBEDDED_DIR);
  try {
    await clearStaleServer(cluster, log);
  } catch (err) {
    throw new Error(
      `${(err as Error).message} The embedded database is backed up and restored while Workbench is stopped.`,
    );
  }
  return cluster;
}

function tar(args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn('tar', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', fail);
    child.on('close', (code) =>
      code === 0 ? done() : fail(new Error(`tar failed (${code}): ${stderr.trim()}`)),
    );
  });
}

export async function backupEmbedded(dataDir: string, file: string, log: (line: string) => void) {
  const cluster = await stoppedCluster(dataDir, log);
  if (!existsSync(join(cluster, 'PG_VERSION'))) throw new Error(`There is no database in ${cluster}.`);
  // Owners and modes are kept: PostgreSQL refuses a cluster it does not own or that others can read.
  await tar(['-czf', resolve(file), '-C', resolve(dataDir), EMBEDDED_DIR]);
}

/** Unpacks a backup into `DATA_DIR/postgres`; an existing cluster is moved aside only with `force`. */
export async function restoreEmbedded(
  dataDir: string,
  file: string,
  options: { force?: boolean },
  log: (line: string) => void,
): Promise<string | null> {
  const cluster = await stoppedCluster(dataDir, log);
  let movedTo: string | null = null;
  if (existsSync(cluster)) {
    if (!options.force)
      throw new Error(
        `${cluster} already holds a database. Restore into an empty DATA_DIR, or add --force to move the current one aside.`,
      );
    movedTo = `${cluster}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(cluster, movedTo);
  }
  mkdirSync(resolve(dataDir), { recursive: true });
  // As root the files get back their owner (the `postgres` user the server runs as); otherwise the
  // caller owns them, as it owns the server it starts.
  const owner = process.getuid?.() === 0 ? ['--same-owner'] : [];
  await tar(['-xzf', resolve(file), '-C', resolve(dataDir), ...owner, '--same-permissions']);
  return movedTo;
}
