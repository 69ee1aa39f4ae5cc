import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { users } from './db/schema';
import { openDatabase } from './db/client';

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
  it('starts on a fresh data directory, exits 0 on SIGTERM, and the directory reopens', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'wb-main-')), 'data');
    const port = 3400 + Math.floor(Math.random() * 400);
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: '',
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
    const health = await waitFor(`http://127.0.0.1:${port}/api/health`, 45_000).catch((err) => {
      child.kill('SIGKILL');
      throw new Error(`${err.message}\n${output}`);
    });
    expect(await health.json()).toEqual({ status: 'ok' });
    child.kill('SIGTERM');
    expect(await exited, output).toBe(0);

    const database = await openDatabase({ dataDir });
    const rows = await database.db.select({ email: users.email, role: users.role }).from(users);
    expect(rows).toEqual([{ email: 'boss@example.com', role: 'admin' }]);
    await database.close();
  }, 90_000);
});
