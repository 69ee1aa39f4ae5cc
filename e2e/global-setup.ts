import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../server/test/free-port';
import { AXE_RESULTS_FILE } from './axe';

export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'AdminPass1' };

/** Starts the real built app (`server/main.ts` on a fresh PGlite directory) for the browser journeys. */
export default async function setup(project: TestProject) {
  rmSync(AXE_RESULTS_FILE, { force: true });
  const dir = mkdtempSync(join(tmpdir(), 'wb-e2e-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: join(dir, 'data'),
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      // API-made test users each come from their own address (X-Forwarded-For), so registration
      // throttling per address applies to the browser's own sign-ups, as for real users.
      TRUST_PROXY: 'true',
      WORKBENCH_ADMIN_EMAIL: E2E_ADMIN.email,
      WORKBENCH_ADMIN_PASSWORD: E2E_ADMIN.password,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('the e2e server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  project.provide('baseURL', baseURL);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}
