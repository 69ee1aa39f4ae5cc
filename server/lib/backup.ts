import { spawn } from 'node:child_process';
import { existsSync, readdirSync, renameSync, statSync } from 'node:fs';
import { chmod, open, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { constants, gunzipSync } from 'node:zlib';
import pg from 'pg';
import { EMBEDDED_DIR } from '../db/pglite-move';
import { backupEmbedded, restoreEmbedded } from './backup-embedded';

/**
 * Backup and restore of the database `npm start` uses (docs/decisions/021-operations.md). What is
 * stored where is one branch on the storage kind: PostgreSQL is dumped with pg_dump in its custom
 * format; PGlite's data directory is dumped whole (a gzipped tar) by PGlite itself, asked through
 * the running server's backup socket when one is running, else opened directly.
 */
export type Storage =
  | { kind: 'postgres'; url: string }
  | { kind: 'embedded'; dataDir: string }
  | { kind: 'pglite'; dataDir: string };

const KIND_NAMES: Record<Storage['kind'], string> = {
  postgres: 'PostgreSQL (pg_dump)',
  embedded: 'embedded PostgreSQL',
  pglite: 'PGlite',
};

/** What a storage is, in words, for messages. */
const storageWords = (storage: Storage) =>
  storage.kind === 'postgres'
    ? 'PostgreSQL (DATABASE_URL)'
    : `${KIND_NAMES[storage.kind]} in ${storage.dataDir}`;

/** The operator reads what an embedded backup said (a stopped orphan server, a stale pid). */
const say = (line: string) => console.log(line);

export class BackupError extends Error {}

/**
 * The socket a running server answers backup requests on (0600), next to its data directory: not
 * inside, where PGlite's dump would try to read it as a file.
 */
export const backupSocketPath = (dataDir: string) => `${resolve(dataDir)}.backup.sock`;

const PG_CUSTOM_MAGIC = Buffer.from('PGDMP');
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

/** Writes a backup of the storage to `file`; answers how it was taken, for the operator. */
export async function backup(storage: Storage, file: string, options: { force?: boolean } = {}) {
  if (storage.kind === 'postgres') {
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`], storage.url);
    return 'pg_dump (custom format)';
  }
  if (storage.kind === 'embedded') {
    await backupEmbedded(storage.dataDir, file, say).catch(asBackupError);
    return "a copy of the stopped embedded server's files";
  }
  const viaServer = await askRunningServer(storage.dataDir);
  if (viaServer) {
    await writeFile(file, viaServer);
    return 'the running server (PGlite data directory snapshot)';
  }
  const dir = resolve(storage.dataDir);
  if (!existsSync(join(dir, 'PG_VERSION'))) throw new BackupError(`There is no database in ${dir}.`);
  if (existsSync(join(dir, 'postmaster.pid')) && !options.force) {
    throw new BackupError(
      `${dir} looks in use (postmaster.pid), but no Workbench answers on its backup socket. If a server is running on it, upgrade and restart it; if it crashed and is stopped, run again with --force.`,
    );
  }
  const client = await PGlite.create(dir);
  try {
    await writeFile(file, Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()));
  } finally {
    await client.close();
  }
  return 'the data directory (the server is stopped)';
}

/**
 * Restores `file` into the storage, which must be empty (no tables; for PGlite: no data directory
 * or an empty one) unless `force`: PostgreSQL's objects named in the backup are then dropped and
 * recreated; PGlite's data directory is moved aside to `<dir>.before-restore-<time>` and kept.
 */
export async function restore(storage: Storage, file: string, options: { force?: boolean } = {}) {
  const kind = await backupKind(file);
  if (kind !== storage.kind) {
    throw new BackupError(
      `${file} is a ${KIND_NAMES[kind]} backup, but the configured database is ${storageWords(storage)}.`,
    );
  }
  if (storage.kind === 'embedded') {
    const movedTo = await restoreEmbedded(storage.dataDir, file, options, say).catch(asBackupError);
    return { replaced: movedTo };
  }
  if (storage.kind === 'postgres') {
    const tables = await countTables(storage.url);
    if (tables > 0 && !options.force) {
      throw new BackupError(
        `The database already has ${tables} tables. Restore into an empty database, or add --force to replace what the backup contains.`,
      );
    }
    await run(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        ...(tables > 0 ? ['--clean', '--if-exists'] : []),
        file,
      ],
      storage.url,
    );
    return { replaced: tables > 0 ? 'the objects the backup contains' : null };
  }
  const dir = resolve(storage.dataDir);
  if (await askRunningServer(storage.dataDir, 'ping')) {
    throw new BackupError(`Workbench is running on ${dir}: stop it before restoring.`);
  }
  const inUse = existsSync(dir) && readdirSync(dir).length > 0;
  let movedTo: string | null = null;
  if (inUse) {
    if (!options.force) {
      throw new BackupError(
        `${dir} is not empty. Restore into an empty directory (set DATA_DIR), or add --force to move the current one aside.`,
      );
    }
    movedTo = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dir, movedTo);
  }
  const client = await PGlite.create({ dataDir: dir, loadDataDir: new Blob([await readFile(file)]) });
  await client.query('select 1');
  await client.close();
  return { replaced: movedTo };
}

/** Which database a backup file is for, from its first bytes. */
export async function backupKind(file: string): Promise<Storage['kind']> {
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupError(`${file} does not exist.`);
  const handle = await open(file, 'r');
  const head = Buffer.alloc(5);
  try {
    await handle.read(head, 0, 5, 0);
  } finally {
    await handle.close();
  }
  if (head.equals(PG_CUSTOM_MAGIC)) return 'postgres';
  if (head.subarray(0, 2).equals(GZIP_MAGIC))
    return (await firstTarEntry(file)).startsWith(`${EMBEDDED_DIR}/`) ? 'embedded' : 'pglite';
  throw new BackupError(`${file} is not a Workbench backup (neither pg_dump's custom format nor PGlite's).`);
}

/** The name of the first entry of a gzipped tar (its first header block, 100 bytes of name). */
async function firstTarEntry(file: string): Promise<string> {
  const handle = await open(file, 'r');
  const head = Buffer.alloc(64 * 1024);
  let read = 0;
  try {
    ({ bytesRead: read } = await handle.read(head, 0, head.length, 0));
  } finally {
    await handle.close();
  }
  try {
    const block = gunzipSync(head.subarray(0, read), { finishFlush: constants.Z_SYNC_FLUSH });
    return block.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
  } catch {
    return '';
  }
}

function asBackupError(err: unknown): never {
  throw err instanceof BackupError ? err : new BackupError((err as Error).message);
}

async function countTables(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`,
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/** Runs pg_dump or pg_restore against the URL; the password goes in the environment, not the command line. */
function run(command: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  return new Promise((done, fail) => {
    const child = spawn(command, [...args, `--dbname=${parsed.toString()}`], {
      env,
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', (err: NodeJS.ErrnoException) =>
      fail(
        err.code === 'ENOENT'
          ? new BackupError(
              `${command} was not found: install the PostgreSQL client tools (e.g. postgresql-client).`,
            )
          : err,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? done() : fail(new BackupError(`${command} failed (exit ${code}):\n${stderr.trim()}`)),
    );
  });
}

/**
 * Asks the server running on the data directory for a snapshot (or only whether it runs); null
 * when no server answers (no socket, or a stale one from a server that stopped).
 */
function askRunningServer(dataDir: string, what: 'snapshot' | 'ping' = 'snapshot'): Promise<Buffer | null> {
  const socketPath = backupSocketPath(dataDir);
  if (!existsSync(socketPath)) return Promise.resolve(null);
  return new Promise((done, fail) => {
    const req = httpRequest({ socketPath, path: `/${what}`, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        res.statusCode === 200
          ? done(Buffer.concat(chunks))
          : fail(
              new BackupError(`The running server refused the backup: ${Buffer.concat(chunks).toString()}`),
            ),
      );
      res.on('error', fail);
    });
    req.on('error', (err: NodeJS.ErrnoException) =>
      err.code === 'ECONNREFUSED' || err.code === 'ENOENT' ? done(null) : fail(err),
    );
    req.end();
  });
}

/**
 * The running server's side (PGlite only): answers `GET /snapshot` on a Unix socket in the data
 * directory, readable by the directory's owner alone, with PGlite's dump of its data directory,
 * taken between two queries. Whoever can reach the socket could read the directory anyway.
 */
export async function serveBackups(
  dataDir: string,
  snapshot: () => Promise<Blob>,
  log: { error(obj: object, msg: string): void },
): Promise<{ close(): Promise<void> }> {
  const socketPath = backupSocketPath(dataDir);
  await rm(socketPath, { force: true }); // left by a server that did not stop cleanly
  const server: Server = createServer((req, res) => {
    if (req.url === '/ping') return void res.end('ok');
    if (req.url !== '/snapshot') {
      res.statusCode = 404;
      return void res.end('unknown request');
    }
    snapshot()
      .then(async (blob) => {
        res.setHeader('content-type', 'application/gzip');
        res.end(Buffer.from(await blob.arrayBuffer()));
      })
      .catch((err) => {
        log.error({ err }, 'backup snapshot failed');
        res.statusCode = 500;
        res.end(err instanceof Error ? err.message : 'see the server log');
      });
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen({ path: socketPath, readableAll: false, writableAll: false }, () => done());
  });
  await chmod(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
      }),
  };
}
