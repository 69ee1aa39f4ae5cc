// The embedded server is supervised (docs/decisions/028-supervised-embedded-server.md): killed with
// SIGKILL under a write load it comes back by itself and nothing acknowledged is lost; when it cannot
// come back, the app exits non-zero; a restart that must take another port takes the pool along.
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE, isConnectionLoss } from '../lib/errors';
import { freePort } from '../test/free-port';
import { until } from '../test/until';
import { openDatabase } from './client';
import { embeddedConnection } from './embedded';
import { english } from '../test/messages';

const dirs: string[] = [];
/** A fresh DATA_DIR the server's user can reach (as root it runs as `postgres`). */
function freshDataDir() {
  const parent = mkdtempSync(join(tmpdir(), 'wb-supervise-'));
  chmodSync(parent, 0o755);
  dirs.push(parent);
  return join(parent, 'data');
}
const postmasterPid = (cluster: string) =>
  Number(readFileSync(join(cluster, 'postmaster.pid'), 'utf8').split('\n')[0]);
afterAll(() => {
  for (const dir of dirs) {
    // a failed test must not leave a server behind
    const cluster = join(dir, 'data', 'postgres');
    if (existsSync(join(cluster, 'postmaster.pid'))) {
      try {
        process.kill(postmasterPid(cluster), 'SIGQUIT');
      } catch {}
    }
    rmSync(dir, { recursive: true, force: true });
  }
});

const RESTARTING = "The database server (the app's own PostgreSQL) exited and is being restarted";

type Answer = { status: number; message?: string; id?: string; at: number } | { hung: string; at: number };

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the supervised embedded server', () => {
  it('comes back after kill -9 under a write load: logged at once, ready within 10 s, no acknowledged write lost; when it cannot, the app exits 1', async () => {
    const dataDir = freshDataDir();
    const cluster = join(dataDir, 'postgres');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const app: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        NODE_ENV: '',
        DATA_DIR: dataDir,
        PORT: String(port),
        LOG_LEVEL: 'warn',
        WORKBENCH_ADMIN_EMAIL: 'boss@example.com',
        WORKBENCH_ADMIN_PASSWORD: 'Secret123',
      },
      stdio: 'pipe',
    });
    let output = '';
    app.stdout?.on('data', (d) => (output += d));
    app.stderr?.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((done) => app.once('exit', (code) => done(code)));
    try {
      await until(
        async () => (await fetch(`${base}/api/health/ready`).catch(() => undefined))?.status === 200,
        'the app to be ready',
        75_000,
      ).catch((err) => {
        throw new Error(`${err.message}\n${output}`);
      });
      const signIn = await fetch(`${base}/api/simple-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'boss@example.com', password: 'Secret123' }),
      });
      expect(signIn.status).toBe(200);
      const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0];

      // The load: four writers creating tasks one after the other; every answer is kept.
      const answers: Answer[] = [];
      let loading = true;
      let n = 0;
      const writer = async () => {
        while (loading) {
          const at = Date.now();
          try {
            const res = await fetch(`${base}/api/tasks`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', cookie },
              body: JSON.stringify({ title: `Load ${++n}` }),
              signal: AbortSignal.timeout(10_000),
            });
            const body = (await res.json()) as { id?: string; message?: string };
            answers.push({ status: res.status, id: body.id, message: body.message, at });
            if (res.status !== 201) await new Promise((r) => setTimeout(r, 50));
          } catch (err) {
            answers.push({ hung: (err as Error).message, at });
          }
        }
      };
      const writers = [writer(), writer(), writer(), writer()];
      const acknowledged = () => answers.filter((a) => 'status' in a && a.status === 201);
      await until(() => acknowledged().length >= 40, 'writes before the kill', 15_000);

      const pid = postmasterPid(cluster);
      const killedAt = Date.now();
      process.kill(pid, 'SIGKILL');
      const readiness: { status: number; message?: string }[] = [];
      await until(
        async () => {
          const res = await fetch(`${base}/api/health/ready`);
          readiness.push({
            status: res.status,
            message: ((await res.json()) as { message?: string }).message,
          });
          // a first answer may come before the app has noticed the exit: down first, then back
          return res.status === 200 && readiness.some((r) => r.status === 503);
        },
        'readiness to recover',
        10_000,
      );
      const readyAfterMs = Date.now() - killedAt;
      const ackedBeforeReady = acknowledged().length;
      await until(() => acknowledged().length >= ackedBeforeReady + 40, 'writes after the restart', 15_000);
      loading = false;
      await Promise.all(writers);

      // The log said so at once, with what ended it and where the server's own log is.
      expect(output).toMatch(
        new RegExp(
          `"level":50,[^\\n]*PostgreSQL \\(embedded, PID ${pid}\\) exited unexpectedly \\(signal SIGKILL\\); its log: ${cluster}/log/postgresql-\\w+\\.log\\. Restarting it in 0\\.5 s \\(attempt 1 of 5\\)`,
        ),
      );
      expect(output).toMatch(
        /PostgreSQL \(embedded\) is running again on 127\.0\.0\.1:\d+, after \d+ ms down/,
      );
      expect(readyAfterMs).toBeLessThan(10_000);
      expect(readiness.some((r) => r.status === 503 && r.message === RESTARTING)).toBe(true);
      // Requests during the outage were told so, quickly: no hang, no 500.
      expect(answers.filter((a) => 'hung' in a)).toEqual([]);
      const refused = answers.filter((a) => 'status' in a && a.status !== 201);
      expect(refused.length).toBeGreaterThan(0);
      for (const a of refused)
        expect(a).toMatchObject({ status: 503, message: english(DATABASE_UNAVAILABLE) });
      // Every acknowledged task is there.
      const ids = acknowledged().map((a) => ('id' in a ? a.id : undefined));
      const client = new pg.Client({ connectionString: urlOf(cluster) });
      await client.connect();
      try {
        const { rows } = await client.query(
          'select count(*)::int as n from tasks where id = any($1::uuid[])',
          [ids],
        );
        expect(rows[0].n).toBe(ids.length);
      } finally {
        await client.end();
      }

      // Now it cannot start again (a broken postgresql.conf): the app gives up and exits 1.
      appendFileSync(join(cluster, 'postgresql.conf'), '\nthis line is not a setting\n');
      process.kill(postmasterPid(cluster), 'SIGKILL');
      expect(await exited).toBe(1);
      expect(output).toMatch(
        /"level":50,[^\n]*Restarting PostgreSQL \(embedded\) failed \(attempt \d of 5\): [^\n]*contains errors/,
      );
      expect(output).toMatch(
        /"level":60,[^\n]*PostgreSQL \(embedded\) could not be restarted: 5 attempts in a row [^\n]*its log: [^\n]*Exiting \(code 1\) so that the service manager restarts Workbench/,
      );
      expect(existsSync(join(cluster, 'postmaster.pid'))).toBe(false);
    } finally {
      if (app.exitCode === null) app.kill('SIGTERM');
      await exited;
    }
  }, 120_000);

  it('follows the server to another port when its last one was taken meanwhile: the pool and LISTEN reconnect', async () => {
    const dataDir = freshDataDir();
    const cluster = join(dataDir, 'postgres');
    const lines: string[] = [];
    const database = await openDatabase({
      dataDir,
      storage: 'embedded',
      log: (line, level = 'info') => lines.push(`${level}: ${line}`),
      reconnect: { minDelayMs: 50, maxDelayMs: 200 },
    });
    let blocker: Server | undefined;
    try {
      const received: string[] = [];
      const subscription = await database.listen('moved', (payload) => received.push(payload));
      const oldPort = embeddedConnection(cluster)!.port;
      expect(database.serverDown?.()).toBeNull();

      process.kill(postmasterPid(cluster), 'SIGKILL');
      await until(() => database.serverDown?.() === RESTARTING, 'the exit to be noticed');
      // Someone takes the port while the server is down (the restart waits 0.5 s first).
      blocker = await listenOn(oldPort);
      // A query now goes to the squatter, which never answers: it fails as a lost connection (a 503
      // for a request), it does not hang.
      const sentAt = Date.now();
      const during = database.ping().then(
        () => 'answered',
        (err: Error) => ({ lost: isConnectionLoss(err), afterMs: Date.now() - sentAt }),
      );
      // LISTEN may first reach the squatter, which never answers: that attempt times out after 5 s.
      await until(
        () => database.serverDown?.() === null && subscription.state.listening,
        'the restart',
        15_000,
      ).catch((err) => {
        throw new Error(`${err.message}\n${lines.join('\n')}\n${JSON.stringify(subscription.state)}`);
      });
      const newPort = embeddedConnection(cluster)!.port;
      expect(newPort).not.toBe(oldPort);
      const failed = await during;
      expect(failed).toMatchObject({ lost: true });
      expect((failed as { afterMs: number }).afterMs).toBeLessThan(7_000);
      expect(lines.join('\n')).toMatch(
        /error: PostgreSQL \(embedded, PID \d+\) exited unexpectedly \(signal SIGKILL\)/,
      );
      expect(lines.join('\n')).toContain(`running again on 127.0.0.1:${newPort} (port ${oldPort} was taken)`);

      // the pool's new connections go to the new port, and so do live events
      const { rows } = (await database.db.execute(sql`select current_setting('port') as port`)) as {
        rows: { port: string }[];
      };
      expect(rows[0].port).toBe(String(newPort));
      await database.notify('moved', 'hello');
      await until(() => received.includes('hello'), 'the notification');
    } finally {
      blocker?.close();
      await database.close();
    }
    // closing is not a crash
    expect(lines.filter((l) => l.startsWith('error:'))).toHaveLength(1);
  }, 60_000);
});

function urlOf(cluster: string) {
  const c = embeddedConnection(cluster)!;
  return `postgres://${c.user}:${encodeURIComponent(c.password)}@127.0.0.1:${c.port}/${c.database}`;
}

/** Listens on `port`, trying for a while: the killed server's socket may take a moment to go. */
async function listenOn(port: number): Promise<Server> {
  const end = Date.now() + 2_000;
  for (;;) {
    const server = createServer();
    const ok = await new Promise<boolean>((done) => {
      server.once('error', () => done(false));
      server.listen(port, '127.0.0.1', () => done(true));
    });
    if (ok) return server;
    if (Date.now() > end) throw new Error(`port ${port} stayed taken`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
