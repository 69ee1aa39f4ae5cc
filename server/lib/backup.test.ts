import { chmodSync, existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import type { Database } from '../db/types';
import { seedDemo } from '../seed/demo';
import { withDatabase } from '../test/global-setup';
import { openTestDatabase, testDatabaseName } from '../test/harness';
import { BackupError, backup, backupKind, restore, serveBackups } from './backup';

const pgUrl = process.env.TEST_DATABASE_URL;
const work = mkdtempSync(join(tmpdir(), 'wb-backup-'));
const now = new Date('2026-11-18T15:00:00Z');
// Dumping and restoring whole databases (and starting PGlite) takes seconds, more on a busy machine.
const SLOW = 180_000;

type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** Every table of the app and of the migrator, each as its rows in JSON, sorted: what must survive. */
async function contents(query: Query): Promise<Record<string, string[]>> {
  const tables = await query(
    `select schemaname || '.' || tablename as name from pg_tables where schemaname in ('public', 'drizzle') order by 1`,
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables as { name: string }[]) {
    const [schema, table] = name.split('.');
    const rows = await query(`select to_jsonb(t)::text as row from "${schema}"."${table}" t`);
    out[name] = rows.map((r) => String(r.row)).sort();
  }
  return out;
}

const queryOf =
  (database: Database): Query =>
  async (text) =>
    ((await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;

/** The seeded organisation has what matters: users, tasks, time, attendance, chat, audit. */
function expectPopulated(tables: Record<string, string[]>) {
  for (const name of [
    'public.users',
    'public.tasks',
    'public.time_entries',
    'public.attendance_records',
    'public.messages',
    'public.conversations',
    'drizzle.__drizzle_migrations',
  ]) {
    expect(tables[name]?.length ?? 0, name).toBeGreaterThan(0);
  }
}

describe.runIf(!pgUrl)('backup and restore on PGlite', { timeout: SLOW }, () => {
  const source = join(work, 'source');
  let database: Database;
  let served: { close(): Promise<void> } | undefined;
  afterAll(async () => {
    await served?.close();
    await database?.close().catch(() => {});
  });

  it('snapshots a running server through its socket, and restores into an empty directory', async () => {
    database = await openDatabase({ dataDir: source });
    await seedDemo(database.db, { now, timeZone: 'Europe/Berlin' });
    served = await serveBackups(source, () => (database.snapshot as () => Promise<Blob>)(), console);
    const before = await contents(queryOf(database));
    expectPopulated(before);

    const file = join(work, 'running.tar.gz');
    expect(await backup({ kind: 'pglite', dataDir: source }, file)).toMatch(/running server/);
    expect(await backupKind(file)).toBe('pglite');
    // The server keeps working while and after it is backed up.
    await database.db.execute(sql`select 1`);

    const target = join(work, 'restored');
    expect(await restore({ kind: 'pglite', dataDir: target }, file)).toEqual({ replaced: null });
    const restored = await openDatabase({ dataDir: target });
    try {
      expect(await contents(queryOf(restored))).toEqual(before);
    } finally {
      await restored.close();
    }

    // The running server's own directory is never restored over.
    await expect(restore({ kind: 'pglite', dataDir: source }, file, { force: true })).rejects.toThrow(
      /is running .*stop it before restoring/,
    );
  });

  it('backs up a stopped server directly; refuses a non-empty directory unless --force, which keeps the old one', async () => {
    const before = await contents(queryOf(database));
    await served?.close();
    served = undefined;
    await database.close();

    const file = join(work, 'stopped.tar.gz');
    expect(await backup({ kind: 'pglite', dataDir: source }, file)).toMatch(/stopped/);

    const target = join(work, 'restored');
    await expect(restore({ kind: 'pglite', dataDir: target }, file)).rejects.toThrow(/is not empty.*--force/);
    const { replaced } = await restore({ kind: 'pglite', dataDir: target }, file, { force: true });
    expect(replaced).toMatch(/restored\.before-restore-/);
    expect(existsSync(join(replaced as string, 'PG_VERSION'))).toBe(true);
    const restored = await openDatabase({ dataDir: target });
    try {
      expect(await contents(queryOf(restored))).toEqual(before);
    } finally {
      await restored.close();
    }
    database = await openDatabase({ dataDir: source });
  });

  it('refuses files that are not backups, or a PostgreSQL backup for PGlite, with a clear message', async () => {
    const text = join(work, 'notes.txt');
    writeFileSync(text, 'hello');
    const empty = join(work, 'never');
    await expect(restore({ kind: 'pglite', dataDir: empty }, text)).rejects.toThrow(BackupError);
    await expect(restore({ kind: 'pglite', dataDir: empty }, text)).rejects.toThrow(/not a Workbench backup/);
    const dump = join(work, 'fake.dump');
    writeFileSync(dump, 'PGDMP\u0001\u000e');
    await expect(restore({ kind: 'pglite', dataDir: empty }, dump)).rejects.toThrow(
      /is a PostgreSQL \(pg_dump\) backup, but the configured database is PGlite/,
    );
    await expect(restore({ kind: 'pglite', dataDir: empty }, join(work, 'missing'))).rejects.toThrow(
      /does not exist/,
    );
    expect(existsSync(empty) && readdirSync(empty).length > 0).toBe(false);
  });
});

describe.runIf(pgUrl)('backup and restore on PostgreSQL', { timeout: SLOW }, () => {
  const targetName = `${testDatabaseName()}_restore`;
  const admin = new pg.Client({ connectionString: pgUrl });
  let database: Database;
  afterAll(async () => {
    await database?.close();
    await admin.query(`drop database if exists ${targetName} with (force)`);
    await admin.end();
  });

  const targetQuery: Query = async (text) => {
    const client = new pg.Client({ connectionString: withDatabase(pgUrl as string, targetName) });
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  };

  it('dumps a populated database with pg_dump and restores it into an empty one, every table equal', async () => {
    await admin.connect();
    await admin.query(`drop database if exists ${targetName} with (force)`);
    await admin.query(`create database ${targetName}`);
    database = await openTestDatabase();
    await seedDemo(database.db, { now, timeZone: 'Europe/Berlin' });
    const before = await contents(queryOf(database));
    expectPopulated(before);

    const file = join(work, 'workbench.dump');
    const sourceUrl = withDatabase(pgUrl as string, testDatabaseName());
    expect(await backup({ kind: 'postgres', url: sourceUrl }, file)).toMatch(/pg_dump/);
    expect(await backupKind(file)).toBe('postgres');

    const target = { kind: 'postgres' as const, url: withDatabase(pgUrl as string, targetName) };
    expect(await restore(target, file)).toEqual({ replaced: null });
    expect(await contents(targetQuery)).toEqual(before);

    // Now it has data: a second restore is refused, and --force replaces it with the backup's rows.
    await expect(restore(target, file)).rejects.toThrow(/already has \d+ tables.*--force/);
    await targetQuery(`delete from public.messages`);
    await restore(target, file, { force: true });
    expect(await contents(targetQuery)).toEqual(before);
  });
});

describe.runIf(!pgUrl)('backup and restore of the embedded default', { timeout: SLOW }, () => {
  const source = join(work, 'embedded-source');
  const target = join(work, 'embedded-target');
  const file = join(work, 'embedded.tar.gz');

  it('copies the stopped cluster, refuses while Workbench runs, and restores it into an empty DATA_DIR with every row', async () => {
    // the server runs as `postgres` when the tests run as root: it must reach its directories
    chmodSync(work, 0o755);
    const database = await openDatabase({ dataDir: source, storage: 'embedded' });
    let before: Record<string, string[]>;
    try {
      await seedDemo(database.db, { now });
      before = await contents(queryOf(database));
      expectPopulated(before);
      // the server is running: its files are not a consistent copy
      await expect(backup({ kind: 'embedded', dataDir: source }, file)).rejects.toThrow(/stop/i);
    } finally {
      await database.close();
    }
    await backup({ kind: 'embedded', dataDir: source }, file);
    expect(await backupKind(file)).toBe('embedded');
    await expect(restore({ kind: 'pglite', dataDir: join(work, 'wrong') }, file)).rejects.toThrow(
      /embedded PostgreSQL backup/,
    );
    await expect(restore({ kind: 'embedded', dataDir: source }, file)).rejects.toThrow(/--force/);

    await restore({ kind: 'embedded', dataDir: target }, file);
    const restored = await openDatabase({ dataDir: target, storage: 'embedded' });
    try {
      expect(await contents(queryOf(restored))).toEqual(before);
    } finally {
      await restored.close();
    }
  });
});
