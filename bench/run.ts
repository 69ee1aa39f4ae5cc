// `npm run bench`: throughput and latency of the hot reads and writes on the scale data set, against
// two floors (bare node:http from memory; bare node:http + the same SQL), at several data sizes, on
// PostgreSQL (a server of your own), the embedded default (the app's own PostgreSQL server in DATA_DIR)
// and PGlite; chat delivery latency; the browser's initial JavaScript and first render.
//   npm run bench -- --kinds postgres,embedded,pglite --scales 0.01,0.1,1 --seconds 5 --connections 100
//   npm run bench -- --smoke        (a tiny data set, a second per figure: checks that it all runs)
//   What is read and written, by whom and at what pace: lib/workload.ts.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { captureReads } from './lib/capture';
import { type Dataset, type Kind, prepareDataset } from './lib/dataset';
import { type LoadResult, load } from './lib/load';
import { paced } from './lib/paced';
import { type Proc, startProcess } from './lib/processes';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { type Row, table } from './lib/report';
import { measureWeb } from './web';
import { allReads, type Read, writes } from './lib/workload';

const { values: args } = parseArgs({
  options: {
    kinds: { type: 'string', default: 'postgres,embedded,pglite' },
    scales: { type: 'string', default: '0.01,0.1,1' },
    seconds: { type: 'string', default: '6' },
    rounds: { type: 'string', default: '3' },
    rate: { type: 'string', default: '2' },
    connections: { type: 'string', default: '100' },
    pg: {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    smoke: { type: 'boolean', default: false },
    'no-web': { type: 'boolean', default: false },
    'no-chat': { type: 'boolean', default: false },
    /** only the figures at a user's pace (reads and writes): no flat-out load, no floors */
    'paced-only': { type: 'boolean', default: false },
    /** only the reads whose names contain one of these (comma-separated), e.g. --only reports */
    only: { type: 'string' },
  },
});
const smoke = args.smoke;
const kinds = (smoke ? 'pglite' : args.kinds).split(',') as Kind[];
const scales = (smoke ? '0.001' : args.scales).split(',').map(Number);
const seconds = smoke ? 1 : Number(args.seconds);
const connections = smoke ? 4 : Number(args.connections);
const rounds = smoke ? 1 : Number(args.rounds);
/** The smoke run sends a few requests per figure rather than a second flat out: it only proves they come out. */
const amount = smoke ? 20 : undefined;
const rate = Number(args.rate);
const pacedOnly = args['paced-only'];
/** Answers each read at a user's pace waits for, so its p99 is not just its slowest answer. */
const PACED_ANSWERS = 200;

const only = args.only?.split(',').filter(Boolean);
const reads = (d: Dataset) => allReads(d).filter((r) => !only || only.some((o) => r.name.includes(o)));

type Target = 'app' | 'memory' | 'sql';

/**
 * The app and the floors on one path, in turns: a second of warm-up each (JIT, prepared statements,
 * pooled connections), then `rounds` slices of `seconds / rounds` each, app and floors alternating,
 * so all three meet the same machine (these cores are shared and their speed drifts). req/s is the
 * mean of the slices, p50 and p99 their median.
 */
async function interleaved(
  targets: Partial<Record<Target, Proc>>,
  path: string,
  cookies: string[],
  connections: number,
) {
  const names = Object.keys(targets) as Target[];
  const slices: Partial<Record<Target, LoadResult[]>> = {};
  for (const name of names) slices[name] = [];
  const run = (name: Target, secs: number) =>
    load({ url: targets[name]!.url + path, steps: [{ path }], cookies, connections, seconds: secs, amount });
  // The smoke run only proves every figure comes out: it skips the warm-ups.
  if (!smoke) for (const name of names) await run(name, 1);
  for (let round = 0; round < rounds; round++)
    for (const name of names) slices[name]!.push(await run(name, Math.max(1, Math.round(seconds / rounds))));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return Object.fromEntries(
    names.map((name) => {
      const s = slices[name]!;
      const result: LoadResult = {
        rps: Math.round(s.reduce((sum, x) => sum + x.rps, 0) / s.length),
        p50: median(s.map((x) => x.p50)),
        p99: median(s.map((x) => x.p99)),
        requests: s.reduce((sum, x) => sum + x.requests, 0),
        failures: s.reduce((sum, x) => sum + x.failures, 0),
      };
      return [name, result];
    }),
  ) as Partial<Record<Target, LoadResult>>;
}

const row = (r: LoadResult) => ({ 'req/s': r.rps, 'p50 ms': r.p50, 'p99 ms': r.p99, failed: r.failures });
const results: Row[] = [];
const writeRows: Row[] = [];
const pacedRows: Row[] = [];
let webRows: Row[] = [];

for (const kind of kinds) {
  for (const scale of scales) {
    console.log(`\n${kind} ×${scale}`);
    const dataset = await prepareDataset(kind, scale, args.pg, Math.max(connections, 10));
    const cookies = dataset.sessions.map((s) => s.cookie);
    const paths = reads(dataset);

    const cookiesOf = {
      employee: cookies,
      admin: dataset.adminSessions.map((s) => s.cookie),
      teamManager: dataset.teamManagerSessions.map((s) => s.cookie),
    };
    const cookiesFor = (p: Read) => cookiesOf[p.who ?? 'employee'];
    const captured = {};
    if (!pacedOnly) {
      const tracing = await startProcess('server/main.ts', { ...dataset.env, LOG_SQL: 'true' });
      for (const who of ['employee', 'admin', 'teamManager'] as const) {
        const theirs = paths.filter((p) => (p.who ?? 'employee') === who).map((p) => p.path);
        if (theirs.length > 0) Object.assign(captured, await captureReads(tracing, theirs, cookiesOf[who]));
      }
      await tracing.stop();
    }

    mkdirSync('.tmp', { recursive: true });
    writeFileSync('.tmp/bench-capture.json', JSON.stringify(captured));
    const floorEnv: Record<string, string> = { ...dataset.env, FLOOR_FILE: '.tmp/bench-capture.json' };
    const starters: Record<Target, () => Promise<Proc>> = {
      app: () => startProcess('server/main.ts', dataset.env),
      memory: () => startProcess('bench/floor.ts', { ...floorEnv, FLOOR: 'memory' }),
      sql: () => startProcess('bench/floor.ts', { ...floorEnv, FLOOR: 'sql' }),
    };
    // PostgreSQL serves the app and the floors at once, so they take turns on each path. PGlite's
    // data directory belongs to one process at a time: the app runs first, then the floors.
    // The embedded server belongs to the app that starts it: the floors get it started by the bench.
    const phases: Target[][] = pacedOnly
      ? [['app']]
      : kind === 'postgres'
        ? [['app', 'memory', 'sql']]
        : [['app'], ['memory', 'sql']];
    const measured = new Map<string, Partial<Record<Target, LoadResult>>>();
    for (const phase of phases) {
      const embedded =
        kind === 'embedded' && !phase.includes('app')
          ? await startEmbeddedPostgres(dataset.embeddedDir!, () => {})
          : undefined;
      if (embedded) floorEnv.DATABASE_URL = embedded.url;
      const procs = Object.fromEntries(
        await Promise.all(phase.map(async (t) => [t, await starters[t]()] as const)),
      ) as Partial<Record<Target, Proc>>;
      for (const p of pacedOnly ? [] : paths) {
        // A read with its own pace is also driven flat out by that many users: 100 connections of
        // month reports all finish together seconds later, after the slice has ended.
        const users = Math.min(p.pace?.users ?? connections, connections);
        const r = { ...measured.get(p.path), ...(await interleaved(procs, p.path, cookiesFor(p), users)) };
        measured.set(p.path, r);
        console.log(`  ${p.name}: ${phase.map((t) => `${t} ${r[t]!.rps} req/s`).join(', ')}`);
      }
      // At a user's pace at the largest size, and at ×0.1, the zero-setup default's target (issue 19).
      if (procs.app && (scale === Math.max(...scales) || scale === 0.1)) {
        // Latency at a user's pace rather than flat out: each user sends `rate` requests a second.
        for (const p of paths) {
          const pace = {
            url: procs.app.url + p.path,
            cookies: cookiesFor(p),
            ...(p.pace ?? { users: connections, rate }),
          };
          const { users, rate: each } = p.pace ?? { users: connections, rate };
          // A p99 needs a hundred answers or more: a few managers at half a request a second give 30
          // in 6 s, and the 99th of 30 is the slowest one (docs/performance.md, "Method"). So each
          // read runs until it has ~200 (at least `seconds`), after a few seconds of warm-up.
          const long = smoke ? seconds : Math.max(seconds, Math.ceil(PACED_ANSWERS / (users * each)));
          if (!smoke) await paced({ ...pace, seconds: Math.min(3, long) });
          const r = await paced({ ...pace, seconds: long });
          pacedRows.push({
            endpoint: p.name,
            db: kind,
            scale: `×${scale}`,
            pace: `${users} × ${each}/s`,
            ...row(r),
          });
        }
        // Writes at a user's pace too: each of 100 users sends the next step of a pair (timer start →
        // stop, clock in → out) or a chat post, `rate` a second, after their previous one answered.
        for (const w of writes(dataset)) {
          const pace = { url: procs.app.url, cookies, users: Math.min(connections, cookies.length), rate };
          if (!smoke) await paced({ ...pace, steps: w.steps, seconds: 1 });
          const r = await paced({ ...pace, steps: w.steps, seconds });
          pacedRows.push({
            endpoint: w.name,
            db: kind,
            scale: `×${scale}`,
            pace: `${pace.users} × ${rate}/s`,
            ...row(r),
          });
        }
        for (const w of pacedOnly ? [] : writes(dataset)) {
          const r = await load({
            url: procs.app.url,
            steps: w.steps,
            cookies,
            connections: Math.min(connections, cookies.length),
            seconds,
            amount,
          });
          writeRows.push({ endpoint: w.name, db: kind, scale: `×${scale}`, ...row(r) });
          console.log(`  ${w.name}: ${r.rps.toFixed(0)} req/s`);
        }
        if (!args['no-web'] && kind === kinds[0])
          // The smoke run's board has a tenth of the tasks: it only proves the figure comes out.
          webRows = await measureWeb(procs.app.url, dataset.sessions[0].cookie, smoke ? 100 : undefined);
      }
      await Promise.all(Object.values(procs).map((proc) => proc!.stop()));
      await embedded?.stop();
    }

    for (const p of pacedOnly ? [] : paths) {
      const r = measured.get(p.path) as Record<Target, LoadResult>;
      results.push({
        endpoint: p.name,
        db: kind,
        scale: `×${scale}`,
        ...row(r.app),
        'floor http req/s': r.memory.rps,
        'floor http+SQL req/s': r.sql.rps,
        'floor p99 ms': r.sql.p99,
        'vs SQL floor': `${Math.round((100 * r.app.rps) / Math.max(r.sql.rps, 1))}%`,
      });
    }
  }
}

let chat = '';
if (!args['no-chat']) {
  const chatArgs = smoke ? ['--sockets', '10', '--messages', '5', '--burst', '10'] : [];
  // The embedded server is PostgreSQL with one instance: its fan-out is the postgres run's.
  for (const kind of kinds.filter((k) => k !== 'embedded')) {
    const extra = kind === 'postgres' ? ['--pg', args.pg.replace(/\/[^/]*$/, '/test')] : [];
    const out = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'bench/chat-latency.ts', ...chatArgs, ...extra],
      { encoding: 'utf8' },
    );
    chat += `\n${kind}:\n${out.stdout}${out.status ? out.stderr : ''}`;
  }
}

const report = [
  `# Workbench benchmark (${new Date().toISOString()}, ${connections} connections, ${seconds} s per figure)`,
  '\n## Hot reads, with floors\n',
  table(results),
  `\n## Hot reads at a user's pace (users × requests a second each, at random moments)\n`,
  table(pacedRows),
  '\n## Writes\n',
  table(writeRows),
  '\n## Browser\n',
  table(webRows),
  chat ? `\n## Chat delivery\n${chat}` : '',
].join('\n');
console.log(`\n${report}`);
writeFileSync('.tmp/bench-report.md', report);
const failed = [...results, ...pacedRows, ...writeRows].filter((r) => Number(r.failed) > 0);
if (failed.length) {
  console.error(
    `\n${failed.length} figures had failed requests: ${failed.map((r) => r.endpoint).join(', ')}`,
  );
  process.exitCode = 1;
}
