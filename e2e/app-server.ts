import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from '../server/test/free-port';

/**
 * Starts the real built app (`server/main.ts`) on a free port of 127.0.0.1 with the given
 * environment, and resolves once it answers its health check. The journeys' shared server
 * (e2e/global-setup.ts) and a journey that needs an organisation of its own both start it so.
 */
export async function startAppServer(env: Record<string, string>, port?: number) {
  port ??= await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      APP_URL: baseURL,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error('the app server did not start');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseURL, stop };
}
