import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { SERVER_NODE_FLAGS } from '../../scripts/node-flags.mjs';
import { freePort } from '../../server/test/free-port';

export type Proc = { url: string; child: ChildProcess; lines: string[]; stop(): Promise<void> };

/**
 * Runs a TypeScript entry point in its own process with the server's Node flags (the app and the
 * floors alike), and waits until `readyPath` answers.
 */
export async function startProcess(
  entry: string,
  env: Record<string, string>,
  readyPath = '/api/health',
  nodeArgs: string[] = [],
): Promise<Proc> {
  const port = await freePort();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, '--import', 'tsx', entry], {
    env: {
      ...process.env,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => lines.push(line));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${entry} exited with ${child.exitCode}: ${lines.slice(-5).join('\n')}`);
    try {
      if ((await fetch(url + readyPath)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${entry} did not become ready`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    lines,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
