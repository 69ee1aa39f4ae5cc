// `npm run bench`: throughput and latency of the hot reads and writes on the scale data set, against
// two floors (bare node:http from memory; bare node:http + the same SQL), at several data sizes, on
// PostgreSQL and PGlite; chat delivery latency; the browser's initial JavaScript and first render.
//   npm run bench -- --kinds postgres,pglite --scales 0.01,0.1,1 --seconds 5 --connections 100
//   npm run bench -- --smoke        (a tiny data set, a second per figure: checks that it all runs)
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { captureReads } from './lib/capture';
import { type Dataset, type Kind, prepareDataset } from './lib/dataset';
import { type LoadResult, load, type Step } from './lib/load';
import { startProcess } from './lib/processes';
import { type Row, table } from './lib/report';
import { measureWeb } from './web';

const { values: args } = parseArgs({
  options: {
    kinds: { type: 'string', default: 'postgres,pglite' },
    scales: { type: 'string', default: '0.01,0.1,1' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '100' },
    pg: {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    smoke: { type: 'boolean', default: false },
    'no-web': { type: 'boolean', default: false },
    'no-chat': { type: 'boolean', default: false },
  },
});
const smoke = args.smoke;
const kinds = (smoke ? 'pglite' : args.kinds).split(',') as Kind[];
const scales = (smoke ? '0.001' : args.scales).split(',').map(Number);
const seconds = smoke ? 1 : Number(args.seconds);
const connections = smoke ? 4 : Number(args.connections);

const reads = (d: Dataset) => [
  { name: 'GET /api/auth/user', path: '/api/auth/user' },
  { name: 'GET /api/my-tasks', path: '/api/my-tasks?limit=50' },
  { name: 'GET /api/tasks (filtered)', path: '/api/tasks?status=in_progress&limit=50' },
  { name: 'GET /api/time-entries', path: '/api/time-entries?limit=50' },
  { name: 'GET /api/time-entries/summary', path: '/api/time-entries/summary' },
  { name: 'GET /api/dashboard/stats', path: '/api/dashboard/stats' },
  { name: 'GET /api/chat/conversations', path: '/api/chat/conversations' },
  { name: 'GET /api/chat/{id}/messages', path: `/api/chat/${d.generalId}/messages?limit=50` },
];

const writes = (d: Dataset): { name: string; steps: Step[] }[] => [
  {
    name: 'POST timer start + stop',
    steps: [
      { method: 'POST', path: '/api/timer/start', body: { projectId: d.projectId, description: 'bench' } },
      { method: 'POST', path: '/api/timer/stop', body: {} },
    ],
  },
  {
    name: 'POST clock in + out',
    steps: [
      { method: 'POST', path: '/api/attendance/clock-in', body: {} },
      { method: 'POST', path: '/api/attendance/clock-out', body: {} },
    ],
  },
  {
    name: 'POST chat message',
    steps: [
      { method: 'POST', path: `/api/chat/${d.generalId}/messages`, body: { content: 'bench message' } },
    ],
  },
];

const row = (r: LoadResult) => ({ 'req/s': r.rps, 'p50 ms': r.p50, 'p99 ms': r.p99, failed: r.failures });
const results: Row[] = [];
const writeRows: Row[] = [];
let webRows: Row[] = [];

for (const kind of kinds) {
  for (const scale of scales) {
    console.log(`\n${kind} ×${scale}`);
    const dataset = await prepareDataset(kind, scale, args.pg, Math.max(connections, 10));
    const cookies = dataset.sessions.map((s) => s.cookie);
    const paths = reads(dataset);

    const tracing = await startProcess('server/main.ts', { ...dataset.env, LOG_SQL: 'true' });
    const captured = await captureReads(
      tracing,
      paths.map((p) => p.path),
      cookies,
    );
    await tracing.stop();

    const app = await startProcess('server/main.ts', dataset.env);
    const appResults = new Map<string, LoadResult>();
    for (const p of paths) {
      appResults.set(
        p.path,
        await load({ url: app.url + p.path, steps: [{ path: p.path }], cookies, connections, seconds }),
      );
      console.log(`  ${p.name}: ${appResults.get(p.path)!.rps.toFixed(0)} req/s`);
    }
    if (scale === Math.max(...scales)) {
      for (const w of writes(dataset)) {
        const r = await load({
          url: app.url,
          steps: w.steps,
          cookies,
          connections: Math.min(connections, cookies.length),
          seconds,
        });
        writeRows.push({ endpoint: w.name, db: kind, scale: `×${scale}`, ...row(r) });
        console.log(`  ${w.name}: ${r.rps.toFixed(0)} req/s`);
      }
      if (!args['no-web'] && kind === kinds[0])
        webRows = await measureWeb(app.url, dataset.sessions[0].cookie);
    }
    await app.stop();

    mkdirSync('.tmp', { recursive: true });
    writeFileSync('.tmp/bench-capture.json', JSON.stringify(captured));
    const floors: Record<string, Map<string, LoadResult>> = {};
    for (const mode of ['memory', 'sql'] as const) {
      const floor = await startProcess('bench/floor.ts', {
        ...dataset.env,
        FLOOR: mode,
        FLOOR_FILE: '.tmp/bench-capture.json',
      });
      floors[mode] = new Map();
      for (const p of paths)
        floors[mode].set(
          p.path,
          await load({ url: floor.url + p.path, steps: [{ path: p.path }], cookies, connections, seconds }),
        );
      await floor.stop();
    }
    for (const p of paths) {
      const a = appResults.get(p.path)!;
      const sqlFloor = floors.sql.get(p.path)!;
      results.push({
        endpoint: p.name,
        db: kind,
        scale: `×${scale}`,
        ...row(a),
        'floor http req/s': floors.memory.get(p.path)!.rps,
        'floor http+SQL req/s': sqlFloor.rps,
        'floor p99 ms': sqlFloor.p99,
        'vs SQL floor': `${Math.round((100 * a.rps) / Math.max(sqlFloor.rps, 1))}%`,
      });
    }
  }
}

let chat = '';
if (!args['no-chat']) {
  const chatArgs = smoke ? ['--sockets', '10', '--messages', '5', '--burst', '10'] : [];
  for (const kind of kinds) {
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
  '\n## Writes\n',
  table(writeRows),
  '\n## Browser\n',
  table(webRows),
  chat ? `\n## Chat delivery\n${chat}` : '',
].join('\n');
console.log(`\n${report}`);
writeFileSync('.tmp/bench-report.md', report);
const failed = [...results, ...writeRows].filter((r) => Number(r.failed) > 0);
if (failed.length) {
  console.error(
    `\n${failed.length} figures had failed requests: ${failed.map((r) => r.endpoint).join(', ')}`,
  );
  process.exitCode = 1;
}
