import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { rules } from '../lib/throttle';
import { withDatabase } from '../test/global-setup';
import {
  type Child,
  findNginx,
  freePort,
  startInstance,
  startNginx,
  stop,
  waitFor,
  writeNginxConfig,
} from './cluster';

/**
 * Three instances of the real server on one fresh PostgreSQL database, behind nginx running
 * deploy/nginx.conf (round robin, WebSocket upgrade). Run by `npm test` when nginx is installed and
 * TEST_DATABASE_URL is set (scripts/test.mjs says so when it skips).
 */
const url = process.env.TEST_DATABASE_URL;
const nginx = findNginx();
const INSTANCES = 3;
const ADMIN = { email: 'admin@cluster.test', password: 'ClusterPass1' };

const journal = JSON.parse(
  readFileSync(fileURLToPath(new URL('../db/migrations/meta/_journal.json', import.meta.url)), 'utf8'),
) as { entries: unknown[] };

let dir: string;
let dbName: string;
let admin: pg.Client;
let db: pg.Client;
const instances: Child[] = [];
let proxy: Child | undefined;
const direct: string[] = []; // http://127.0.0.1:<port> of each instance
const upstreams: string[] = []; // the same as nginx names them in X-Upstream
let base: string; // nginx

// Children must not outlive the test run, whatever happens to it.
const killAll = () => {
  for (const c of [...instances, ...(proxy ? [proxy] : [])]) c.process.kill('SIGKILL');
};

beforeAll(async () => {
  if (!url || !nginx) return;
  process.once('exit', killAll);
  dir = mkdtempSync(join(tmpdir(), 'wb-cluster-'));
  dbName = `wb_cluster_${process.pid}`;
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  const databaseUrl = withDatabase(url, dbName);

  const ports = await Promise.all(Array.from({ length: INSTANCES + 1 }, () => freePort()));
  const nginxPort = ports.pop() as number;
  // All at the same moment, on an empty database: each one tries to migrate and create the first admin.
  for (const [i, port] of ports.entries()) {
    instances.push(startInstance({ name: `instance ${i + 1}`, port, databaseUrl, dir, admin: ADMIN }));
    direct.push(`http://127.0.0.1:${port}`);
    upstreams.push(`127.0.0.1:${port}`);
  }
  await Promise.all(instances.map((c, i) => waitFor(`${direct[i]}/api/health/ready`, c, 240_000)));

  proxy = startNginx(nginx, dir, writeNginxConfig(dir, nginxPort, ports));
  base = `http://127.0.0.1:${nginxPort}`;
  await waitFor(`${base}/api/health`, proxy, 10_000);

  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
}, 300_000);

afterAll(async () => {
  await db?.end().catch(() => {});
  await Promise.all([...(proxy ? [proxy] : []), ...instances].map((c) => stop(c)));
  if (admin) {
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
  process.off('exit', killAll);
});

/** A request through nginx (or straight to `at`); says which instance answered. */
async function call(path: string, init: RequestInit & { at?: string } = {}) {
  const response = await fetch(`${init.at ?? base}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? JSON.parse(text) : null,
    upstream: response.headers.get('x-upstream'),
    cookie: response.headers.getSetCookie().map((c) => c.split(';')[0]),
  };
}

const signIn = (email: string, password: string, at?: string) =>
  call('/api/simple-login', { method: 'POST', body: JSON.stringify({ email, password }), at });

type Event = { type: string; data: Record<string, unknown> };

/** A live-event socket through nginx; says which instance took it. */
async function openSocket(cookie: string) {
  const events: Event[] = [];
  const ws = new WebSocket(`${base.replace('http', 'ws')}/api/ws`, { headers: { cookie, origin: base } });
  ws.on('message', (raw) => events.push(JSON.parse(raw.toString())));
  const upstream = await new Promise<string>((resolve, reject) => {
    ws.once('upgrade', (res) => resolve(String(res.headers['x-upstream'])));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.once('error', reject);
  });
  const waitUntil = async (found: () => boolean, what: string) => {
    const deadline = Date.now() + 5_000;
    while (!found()) {
      if (Date.now() > deadline) throw new Error(`the socket on ${upstream} got no ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  await waitUntil(() => events.some((e) => e.type === 'ready'), 'ready event');
  return { ws, upstream, events, waitUntil };
}

const skip = !url ? 'TEST_DATABASE_URL is not set' : !nginx ? 'nginx is not installed' : null;
if (skip) console.warn(`SKIPPED several instances behind nginx: ${skip}`);

describe.skipIf(skip)(`${INSTANCES} instances on one PostgreSQL behind nginx`, () => {
  it('started at the same moment, they migrate the database once, create one first admin and all come up', async () => {
    for (const at of direct) expect((await call('/api/health/ready', { at })).status).toBe(200);
    const { rows: migrations } = await db.query(
      'select count(*)::int as applied, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations',
    );
    expect(migrations[0]).toEqual({ applied: journal.entries.length, distinct: journal.entries.length });
    const { rows: admins } = await db.query(`select email from users where role = 'admin'`);
    expect(admins).toEqual([{ email: ADMIN.email }]);
    // one generated HMAC key, shared: the first instance's insert won, the others read it
    const { rows: secrets } = await db.query('select count(*)::int as n from server_secrets');
    expect(secrets[0].n).toBe(1);
  });

  it('nginx spreads requests over every instance (round robin)', async () => {
    const seen = new Set<string | null>();
    for (let i = 0; i < INSTANCES * 2; i++) seen.add((await call('/api/health')).upstream);
    expect([...seen].sort()).toEqual([...upstreams].sort());
  });

  it('a session made on one instance works on the others, and signing out on one ends it on all', async () => {
    const signedIn = await signIn(ADMIN.email, ADMIN.password);
    expect(signedIn.status).toBe(200);
    expect(upstreams).toContain(signedIn.upstream);
    const [cookie] = signedIn.cookie;
    expect(cookie).toMatch(/^wb_session=/);
    for (const at of direct) {
      const me = await call('/api/auth/user', { at, headers: { cookie } });
      expect(me.status, at).toBe(200);
      expect(me.body.email).toBe(ADMIN.email);
    }
    const out = await call('/api/logout', { method: 'POST', headers: { cookie } });
    expect(out.status).toBe(204);
    for (const at of direct)
      expect((await call('/api/auth/user', { at, headers: { cookie } })).status, at).toBe(401);
  });

  it('a chat message posted through any instance reaches the sockets on all of them', async () => {
    const [cookie] = (await signIn(ADMIN.email, ADMIN.password)).cookie;
    const conversations = await call('/api/chat/conversations', { headers: { cookie } });
    const general = conversations.body.find((c: { isGeneral: boolean }) => c.isGeneral);
    expect(general).toBeTruthy();
    // Sockets through nginx until every instance holds at least one.
    const sockets: Awaited<ReturnType<typeof openSocket>>[] = [];
    try {
      for (let i = 0; i < INSTANCES * 4 && new Set(sockets.map((s) => s.upstream)).size < INSTANCES; i++)
        sockets.push(await openSocket(cookie));
      expect([...new Set(sockets.map((s) => s.upstream))].sort()).toEqual([...upstreams].sort());

      // One message through nginx, then one straight to each instance.
      const posts = [base, ...direct].map((at, i) => ({ at, content: `hello from post ${i + 1}` }));
      for (const { at, content } of posts) {
        const posted = await call(`/api/chat/${general.id}/messages`, {
          method: 'POST',
          at,
          headers: { cookie },
          body: JSON.stringify({ content }),
        });
        expect(posted.status, at).toBe(201);
      }
      for (const socket of sockets) {
        const received = () =>
          socket.events.filter((e) => e.type === 'message.created').map((e) => e.data.content);
        await socket.waitUntil(() => received().length >= posts.length, 'message.created for every post');
        expect(received(), socket.upstream).toEqual(posts.map((p) => p.content));
      }
    } finally {
      for (const s of sockets) s.ws.close();
    }
  });

  it('sign-in throttling counts attempts across instances: the limit hits at the same count as on one', async () => {
    /** Wrong passwords until refused; the attempt that was refused and the instances that answered. */
    const attemptsUntilRefused = async (email: string, at?: string) => {
      const answeredBy = new Set<string | null>();
      for (let attempt = 1; attempt <= rules.perAccount.limit + 3; attempt++) {
        const res = await signIn(email, 'WrongPassword1', at);
        if (res.status === 429) return { attempt, answeredBy };
        expect(res.status).toBe(401);
        answeredBy.add(at ?? res.upstream);
      }
      throw new Error(`${email} was never refused`);
    };
    const one = await attemptsUntilRefused('alone@cluster.test', direct[0]);
    expect(one.attempt).toBe(rules.perAccount.limit + 1);
    const spread = await attemptsUntilRefused('spread@cluster.test');
    expect(spread.attempt).toBe(one.attempt);
    expect(spread.answeredBy.size).toBe(INSTANCES);
    // and once refused, every instance refuses
    for (const at of direct)
      expect((await signIn('spread@cluster.test', 'WrongPassword1', at)).status).toBe(429);
  });
});
