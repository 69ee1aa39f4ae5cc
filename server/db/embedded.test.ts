import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../seed/demo';
import { openDatabase } from './client';
import { embeddedConnection, startEmbeddedPostgres } from './embedded';

// The embedded server does not depend on the test database: run once, in the PGlite suite.
const dirs: string[] = [];
/** A fresh directory the server's user can reach (as root the server runs as `postgres`). */
function freshDir() {
  const dir = mkdtempSync(join(tmpdir(), 'wb-embedded-'));
  chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};
const pidOf = (dir: string) => Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('embedded PostgreSQL', () => {
  it('creates a cluster on first start, listens on 127.0.0.1 only with a password, stops cleanly and keeps its data', async () => {
    const dir = join(freshDir(), 'postgres');
    const lines: string[] = [];
    const server = await startEmbeddedPostgres(dir, (l) => lines.push(l));
    expect(lines.join('\n')).toMatch(/Creating the PostgreSQL cluster/);
    const [settings] = await query<Record<string, string>>(
      server.url,
      `select current_setting('listen_addresses') as listen, current_setting('unix_socket_directories') as sockets,
              current_setting('port') as port, current_database() as db, current_setting('server_version_num') as version`,
    );
    expect(settings).toMatchObject({
      listen: '127.0.0.1',
      sockets: '',
      port: String(server.port),
      db: 'workbench',
    });
    expect(Number(settings.version)).toBeGreaterThanOrEqual(180000);
    // the password is needed: a URL without it is refused
    await expect(query(server.url.replace(/:[^:@/]+@/, '@'), 'select 1')).rejects.toThrow();
    await query(server.url, 'create table kept (n int); insert into kept values (42)');
    const pid = pidOf(dir);
    await server.stop();
    expect(isAlive(pid)).toBe(false);
    expect(existsSync(join(dir, 'postmaster.pid'))).toBe(false);
    expect(embeddedConnection(dir)?.port).toBe(server.port);

    const again = await startEmbeddedPostgres(dir, () => {});
    try {
      expect(await query(again.url, 'select n from kept')).toEqual([{ n: 42 }]);
    } finally {
      await again.stop();
    }
  }, 60_000);

  it('starts after a crash: a stale postmaster.pid, a PID reused by another program, a server left running', async () => {
    const dir = join(freshDir(), 'postgres');
    await (await startEmbeddedPostgres(dir, () => {})).stop();
    const pidFile = join(dir, 'postmaster.pid');

    // 1. the process of the pid file is gone
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((r) => gone.once('exit', r));
    writeFileSync(pidFile, `${gone.pid}\n${dir}\n`);
    let lines: string[] = [];
    await (await startEmbeddedPostgres(dir, (l) => lines.push(l))).stop();
    expect(lines.join('\n')).toMatch(/stale postmaster\.pid \(PID \d+ is not running\)/);

    // 2. its number now belongs to another program (here: this test's own process)
    writeFileSync(pidFile, `${process.pid}\n${dir}\n`);
    lines = [];
    await (await startEmbeddedPostgres(dir, (l) => lines.push(l))).stop();
    expect(lines.join('\n')).toMatch(/now belongs to another program/);

    // 3. the app was killed (SIGKILL): its server runs on alone, and the next start stops it first
    const app = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const { startEmbeddedPostgres } = await import(${JSON.stringify(join(process.cwd(), 'server/db/embedded.ts'))});
         await startEmbeddedPostgres(${JSON.stringify(dir)}, () => {}); console.log('ready'); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      app.stdout.on('data', (d) => String(d).includes('ready') && resolve());
      app.once('exit', (code) => reject(new Error(`the app exited with ${code}`)));
    });
    const orphan = pidOf(dir);
    app.kill('SIGKILL');
    await new Promise((r) => app.once('exit', r));
    expect(isAlive(orphan)).toBe(true);
    lines = [];
    const server = await startEmbeddedPostgres(dir, (l) => lines.push(l));
    try {
      expect(lines.join('\n')).toMatch(/left running by a Workbench that did not stop cleanly/);
      expect(isAlive(orphan)).toBe(false);
      expect(await query(server.url, 'select 1 as ok')).toEqual([{ ok: 1 }]);
      // while it runs, a second start on the same directory is refused
      await expect(startEmbeddedPostgres(dir, () => {})).rejects.toThrow(/in use by another Workbench/);
    } finally {
      await server.stop();
    }
  }, 90_000);

  it("moves a populated PGlite data directory into the embedded server once, every table's rows intact, and keeps the old files", async () => {
    const dataDir = join(freshDir(), 'data');
    const old = await openDatabase({ dataDir });
    await seedDemo(old.db, { timeZone: 'Europe/Berlin' });
    await old.close();
    // every table, every stored row, as PostgreSQL prints it (the same text on both sides for equal values)
    const dump = async (run: (sql: string) => Promise<Record<string, unknown>[]>) => {
      await run(`set timezone = 'UTC'`);
      const tables = (
        await run(
          `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' order by 1`,
        )
      ).map((t) => String(t.name));
      const out: Record<string, string[]> = {};
      for (const t of tables)
        out[t] = (
          await run(
            // Generated columns (the search documents) are not copied but computed again by the new
            // server, whose text-search parser splits punctuation differently from PGlite's build.
            `select (to_jsonb(t) - array(select attname::text from pg_attribute
               where attrelid = '"${t}"'::regclass and attgenerated <> ''))::text as r from "${t}" t order by 1`,
          )
        ).map((r) => String(r.r));
      return out;
    };
    const pglite = await PGlite.create(dataDir);
    const before = await dump(async (sql) => (await pglite.query<Record<string, unknown>>(sql)).rows);
    await pglite.close();
    const populated = Object.values(before).filter((rows) => rows.length > 0).length;
    expect(populated).toBeGreaterThanOrEqual(15);

    const lines: string[] = [];
    const moved = await openDatabase({ dataDir, storage: 'embedded', log: (l) => lines.push(l) });
    await moved.close();
    expect(lines.join('\n')).toMatch(/Found a PGlite database/);
    expect(lines.join('\n')).toMatch(/Copied \d+ rows in \d+ tables/);
    const kept = readdirSync(dataDir).filter((e) => e.startsWith('pglite-'));
    expect(kept).toHaveLength(1);
    expect(existsSync(join(dataDir, kept[0], 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(false);
    expect(existsSync(join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);

    const server = await startEmbeddedPostgres(join(dataDir, 'postgres'), () => {});
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      const after = await dump(async (sql) => (await client.query(sql)).rows);
      expect(Object.keys(after)).toEqual(Object.keys(before));
      for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
    } finally {
      await client.end();
      await server.stop();
    }

    // the next start opens the server's data: nothing is copied again
    lines.length = 0;
    const reopened = await openDatabase({ dataDir, storage: 'embedded', log: (l) => lines.push(l) });
    await reopened.close();
    expect(lines.join('\n')).not.toMatch(/PGlite/);
  }, 240_000);
});
