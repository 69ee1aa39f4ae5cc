/**
 * Chat fan-out benchmark: N signed-in sockets in 'General', messages posted through the HTTP API,
 * post → delivery latency (p50/p99 over every delivery) and sustained messages/s.
 *
 *   npx tsx bench/chat-latency.ts                       # PGlite, one instance, 200 sockets
 *   npx tsx bench/chat-latency.ts --pg postgres://postgres@127.0.0.1:5432/test   # two instances
 *   options: --sockets 200 --messages 100 --burst 300 --concurrency 10
 *
 * Servers and socket clients share this process (and the machine's cores), so the figures are a
 * floor for what a dedicated server does.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import WebSocket from 'ws';
import { type App, buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import type { Database } from '../server/db/types';
import { users } from '../server/db/schema';
import { joinGeneral } from '../server/core/general-conversation';
import { createSession, SESSION_COOKIE } from '../server/lib/auth';
import { withDatabase } from '../server/test/global-setup';

const { values: args } = parseArgs({
  options: {
    sockets: { type: 'string', default: '200' },
    messages: { type: 'string', default: '100' },
    burst: { type: 'string', default: '300' },
    concurrency: { type: 'string', default: '10' },
    pg: { type: 'string' },
  },
});
const N = Number(args.sockets);
const MESSAGES = Number(args.messages);
const BURST = Number(args.burst);
const CONCURRENCY = Number(args.concurrency);

type Instance = { app: App; database: Database; url: string };

async function startInstance(database: Database): Promise<Instance> {
  const app = await buildApp({
    database,
    config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }),
    logger: false,
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, database, url };
}

async function seed(database: Database) {
  const rows = await database.db
    .insert(users)
    .values(
      Array.from({ length: N }, (_, i) => ({
        email: `bench${i}@bench.test`,
        passwordHash: 'not-used: sessions are created directly',
        firstName: 'Bench',
        lastName: `User ${i}`,
        role: 'employee' as const,
        approvalStatus: 'approved' as const,
        emailVerified: true,
      })),
    )
    .returning({ id: users.id });
  const clock = { now: () => new Date() };
  const cookies: string[] = [];
  for (const { id } of rows) {
    await joinGeneral(database.db, id);
    cookies.push(`${SESSION_COOKIE}=${await createSession(database.db, id, clock)}`);
  }
  return cookies;
}

type Receiver = { onMessage: (content: string) => void };

function openSocket(url: string, cookie: string, receiver: Receiver): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/api/ws`, { headers: { cookie } });
    ws.on('message', (raw) => {
      const event = JSON.parse(raw.toString());
      if (event.type === 'message.created') receiver.onMessage(event.data.content);
    });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function run(label: string, instances: Instance[], cookies: string[]) {
  const sentAt = new Map<string, number>();
  const pending = new Map<string, { left: number; done: () => void }>();
  const latencies: number[] = [];
  const receiver: Receiver = {
    onMessage(content) {
      const t0 = sentAt.get(content);
      if (t0 !== undefined) latencies.push(performance.now() - t0);
      const p = pending.get(content);
      if (p && --p.left === 0) {
        pending.delete(content);
        p.done();
      }
    },
  };
  // Sockets are spread over the instances; the posts all go to the first one.
  const sockets = await Promise.all(
    cookies.map((c, i) => openSocket(instances[i % instances.length].url, c, receiver)),
  );
  const [generalId] = (
    await (
      await fetch(`${instances[0].url}/api/chat/conversations`, { headers: { cookie: cookies[0] } })
    ).json()
  ).map((c: { id: string }) => c.id);

  const post = async (content: string) => {
    const delivered = new Promise<void>((done) => pending.set(content, { left: N, done }));
    sentAt.set(content, performance.now());
    const res = await fetch(`${instances[0].url}/api/chat/${generalId}/messages`, {
      method: 'POST',
      headers: { cookie: cookies[0], 'content-type': 'application/json' },
      body: JSON.stringify({ content }),
    });
    if (res.status !== 201) throw new Error(`post failed: ${res.status}`);
    await delivered;
  };

  // Warm-up, then one message at a time: the latency of a quiet system.
  for (let i = 0; i < 5; i++) await post(`warm ${i}`);
  latencies.length = 0;
  for (let i = 0; i < MESSAGES; i++) await post(`seq ${i}`);
  const sequential = [...latencies].sort((a, b) => a - b);

  // A burst from several posters at once: sustained throughput and latency under load.
  latencies.length = 0;
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < BURST) await post(`burst ${next++}`);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const burst = [...latencies].sort((a, b) => a - b);

  for (const ws of sockets) ws.close();
  const fmt = (n: number) => n.toFixed(1);
  console.log(`\n${label}: ${N} sockets on ${instances.length} instance(s)`);
  console.log(
    `  one at a time (${MESSAGES} msgs, ${sequential.length} deliveries): p50 ${fmt(percentile(sequential, 50))} ms, p99 ${fmt(percentile(sequential, 99))} ms`,
  );
  console.log(
    `  burst (${BURST} msgs, ${CONCURRENCY} posters): ${fmt(BURST / seconds)} msgs/s posted and fanned out, ${Math.round((BURST * N) / seconds)} deliveries/s; p50 ${fmt(percentile(burst, 50))} ms, p99 ${fmt(percentile(burst, 99))} ms`,
  );
}

async function main() {
  if (!args.pg) {
    const database = await openDatabase({});
    const cookies = await seed(database);
    const instance = await startInstance(database);
    await run('PGlite', [instance], cookies);
    await instance.app.close();
    await database.close();
    return;
  }
  const name = `wb_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: args.pg });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = withDatabase(args.pg, name);
    const first = await openDatabase({ url });
    const second = await openDatabase({ url });
    const cookies = await seed(first);
    const instances = [await startInstance(first), await startInstance(second)];
    await run('PostgreSQL', instances, cookies);
    for (const i of instances) {
      await i.app.close();
      await i.database.close();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
