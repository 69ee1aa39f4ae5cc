import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../scripts/node-flags.mjs';
import { freePort } from '../test/free-port';
import { findNginx } from './nginx.mjs';

/** The nginx configuration operators copy (README, "Running several instances"); the test runs it. */
export const NGINX_CONF = fileURLToPath(new URL('../../deploy/nginx.conf', import.meta.url));

/** A child process whose output is kept, to be shown when something goes wrong. */
export type Child = { name: string; process: ChildProcess; output: () => string };

function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { name, process: child, output: () => output };
}

/** `server/main.ts` as `npm start` runs it, on PostgreSQL behind a proxy. */
export function startInstance(options: {
  name: string;
  port: number;
  databaseUrl: string;
  dir: string;
  admin: { email: string; password: string };
}): Child {
  return start(options.name, process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server/main.ts'], {
    ...process.env,
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: join(options.dir, 'unused-data'),
    PORT: String(options.port),
    HOST: '127.0.0.1',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    WORKBENCH_SECRET: '',
    WORKBENCH_ADMIN_EMAIL: options.admin.email,
    WORKBENCH_ADMIN_PASSWORD: options.admin.password,
  });
}

/**
 * deploy/nginx.conf with the test's instances as the upstream and a free local port to listen on,
 * included from a main file that keeps everything nginx writes in `dir`. The main file also names,
 * in an `X-Upstream` response header, the instance that answered: the test's own addition, so the
 * file operators copy stays as it is.
 */
export function writeNginxConfig(dir: string, listenPort: number, instancePorts: number[]): string {
  const template = readFileSync(NGINX_CONF, 'utf8');
  const servers = /^( *)server 127\.0\.0\.1:\d+ (.*);\n/gm;
  const [first] = [...template.matchAll(servers)];
  if (!first || !/^ *listen 80;$/m.test(template)) throw new Error('deploy/nginx.conf changed its shape');
  const [, indent, options] = first;
  const upstream = instancePorts.map((port) => `${indent}server 127.0.0.1:${port} ${options};\n`).join('');
  const site = template
    .replace(servers, (_line, _indent, _options, offset: number) => (offset === first.index ? upstream : ''))
    .replace(/^( *)listen 80;$/m, `$1listen 127.0.0.1:${listenPort};`);
  writeFileSync(join(dir, 'workbench.conf'), site);
  const temp = join(dir, 'temp');
  mkdirSync(temp, { recursive: true });
  const main = `
daemon off;
master_process off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 256; }
http {
    access_log ${join(dir, 'access.log')};
    client_body_temp_path ${join(temp, 'body')};
    proxy_temp_path ${join(temp, 'proxy')};
    fastcgi_temp_path ${join(temp, 'fastcgi')};
    uwsgi_temp_path ${join(temp, 'uwsgi')};
    scgi_temp_path ${join(temp, 'scgi')};
    add_header X-Upstream $upstream_addr always;
    include ${join(dir, 'workbench.conf')};
}
`;
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, main);
  return file;
}

export function startNginx(nginx: string, dir: string, config: string): Child {
  return start('nginx', nginx, ['-p', dir, '-e', join(dir, 'error.log'), '-c', config], process.env);
}

/** Polls `url` until it answers 200; fails early when the process behind it has exited. */
export async function waitFor(url: string, child: Child, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {}
    if (child.process.exitCode !== null || child.process.signalCode !== null)
      throw new Error(`${child.name} exited before ${url} answered:\n${child.output()}`);
    if (Date.now() > deadline)
      throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${child.output()}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** SIGTERM, then SIGKILL after a grace period; resolves when the process is gone. */
export async function stop(child: Child, graceMs = 5_000) {
  const p = child.process;
  if (p.exitCode !== null || p.signalCode !== null) return;
  const exited = new Promise((r) => p.once('exit', r));
  p.kill('SIGTERM');
  const timer = setTimeout(() => p.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export { findNginx, freePort };
