import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { users } from './db/schema';
import { openDatabase } from './db/client';
import { freePort } from './test/free-port';

const waitFor = async (url: string, ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const res = await fetch(url);
      if (res.ok) return res;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
};

describe('server process', () => {
  it('starts on a fresh data directory in production mode by default, exits 0 on SIGTERM, and the directory reopens', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'wb-main-'));
    chmodSync(parent, 0o755); // as root, the embedded server runs as `postgres` and must reach it
    const dataDir = join(parent, 'data');
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        // unset, as `npm start` leaves it (an empty variable counts as unset)
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
    child.stderr.on('data', (d) => (output += d));
    child.stdout.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const health = await waitFor(`http://127.0.0.1:${port}/api/health`, 75_000).catch((err) => {
      child.kill('SIGKILL');
      throw new Error(`${err.message}\n${output}`);
    });
    expect(await health.json()).toEqual({ status: 'ok' });
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
    // Production: the codes are an admin's, and plain HTTP still signs in (no Secure cookie, no HSTS).
    const codes = await fetch(`${base}/api/verification-codes`);
    expect(codes.status).toBe(401);
    expect(codes.headers.get('strict-transport-security')).toBeNull();
    const signIn = await fetch(`${base}/api/simple-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'boss@example.com', password: 'Secret123' }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^wb_session=/);
    expect(cookie).not.toMatch(/;\s*Secure/i);
    const asAdmin = await fetch(`${base}/api/verification-codes`, {
      headers: { cookie: cookie.split(';')[0] },
    });
    expect(asAdmin.status).toBe(200);
    expect(output).not.toMatch(/verification codes page is open/);
    // the zero-setup default: the app's own PostgreSQL server, with its data in DATA_DIR/postgres
    const postmaster = join(dataDir, 'postgres', 'postmaster.pid');
    expect(existsSync(postmaster)).toBe(true);
    // As systemd stops a service (KillMode=control-group): SIGTERM to the app and its PostgreSQL at
    // once. The server's exit is part of the stop, not a crash to restart from.
    child.kill('SIGTERM');
    process.kill(Number(readFileSync(postmaster, 'utf8').split('\n')[0]), 'SIGTERM');
    expect(await exited, output).toBe(0);
    expect(existsSync(postmaster)).toBe(false); // it stopped with the app
    expect(output).not.toMatch(/exited unexpectedly|Restarting/);

    const database = await openDatabase({ dataDir, storage: 'embedded' });
    const rows = await database.db.select({ email: users.email, role: users.role }).from(users);
    expect(rows).toEqual([{ email: 'boss@example.com', role: 'admin' }]);
    await database.close();
  }, 150_000);
});
