// `npm test`: typecheck, lint, import boundaries, docs links, message files, unit + API tests on PGlite (and PostgreSQL when TEST_DATABASE_URL is set),
// several instances behind nginx (with TEST_DATABASE_URL and nginx installed), the benchmark's smoke run, client build,
// browser tests in Chromium when one is installed. Ends with "N passed, M failed".
//
// On two cores the steps run in lanes at once (docs/decisions/031-test-loop.md): the client build and then the
// browser tests (two shards) in one; the API suites in the other, PGlite's and then PostgreSQL's with the benchmark's
// smoke run beside it; the short checks beside both. Each step's output is held and printed whole when it ends, so the
// log reads step by step; the summary is in a fixed order.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { findChromium } from '../e2e/chromium.mjs';
import { findNginx } from '../server/multi-instance/nginx.mjs';

const totals = { passed: 0, failed: 0 };
/** The summary in the order of the steps, whichever lane ends first. */
const ORDER = [
  'typecheck',
  'lint',
  'import boundaries',
  'docs links',
  'messages',
  'unit and API tests on PGlite',
  'API tests on PostgreSQL',
  'several instances behind nginx',
  'benchmark smoke run',
  'client build',
  'browser tests in Chromium',
];
const summary = new Map(ORDER.map((name) => [name, `…    ${name}: did not run`]));
const line = (name, text) => summary.set(name, text);
const started = Date.now();
mkdirSync('.tmp', { recursive: true });

const seconds = (ms) => {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
};
const clock = () => seconds(Date.now() - started);

/** Runs one command with its output held; prints it under the step's heading when it ends. */
function run(name, cmd, args, env = {}) {
  console.log(`[${clock()}] started: ${name}`);
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('close', (code) => {
      const took = seconds(Date.now() - t0);
      console.log(`\n━━ ${name} (${took}, ended at ${clock()}) ━━`);
      process.stdout.write(Buffer.concat(chunks));
      resolve({ ok: code === 0, took });
    });
  });
}

/** A step that is one check (typecheck, lint, build). */
async function check(name, cmd, args) {
  const { ok, took } = await run(name, cmd, args);
  totals[ok ? 'passed' : 'failed'] += 1;
  line(name, `${ok ? 'ok  ' : 'FAIL'} ${name} (${took})`);
  return ok;
}

/** A vitest run, counted test by test from its JSON report (not yet added to the totals). */
async function vitest(name, config, env = {}, args = [], wrap = (cmd, rest) => [cmd, rest]) {
  const report = `.tmp/${name.replace(/\W+/g, '-')}.json`;
  rmSync(report, { force: true });
  const { ok, took } = await run(
    name,
    ...wrap('npx', [
      'vitest',
      'run',
      '--config',
      config,
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ]),
    env,
  );
  let passed = 0;
  let failed = ok ? 0 : 1;
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed = json.numPassedTests;
    failed = json.numFailedTests + (ok || json.numFailedTests > 0 ? 0 : 1);
  }
  return { passed, failed, took };
}

/** Adds a step's counts to the totals and its line to the summary. */
function count(name, { passed, failed, took }) {
  totals.passed += passed;
  totals.failed += failed;
  line(name, `${failed ? 'FAIL' : 'ok  '} ${name}: ${passed} passed, ${failed} failed (${took})`);
}

async function suite(name, config, env = {}) {
  count(name, await vitest(name, config, env));
}

const pg = Boolean(process.env.TEST_DATABASE_URL);
const chromium = findChromium();

/** The checks: short, mostly one core each, side by side with the rest. */
function checks() {
  return Promise.all([
    check('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']),
    check('lint', 'npx', ['biome', 'check', '.']),
    check('import boundaries', 'node', ['scripts/check-boundaries.mjs']),
    check('docs links', 'node', ['scripts/check-docs-links.mjs']),
    check('messages', 'node', ['scripts/check-messages.mjs']),
  ]);
}

/**
 * One lane: the API suites, PGlite's then PostgreSQL's (each vitest run uses both cores while it
 * runs). The steps that mostly wait run beside the PostgreSQL suite rather than after it: the
 * instances behind nginx (a few seconds) and the benchmark's smoke run (a minute and more of paced
 * requests at a few a second, ~20 s of CPU), so they no longer lengthen the lane.
 */
async function apiSuites() {
  await suite('unit and API tests on PGlite', 'vitest.config.ts', { TEST_DATABASE_URL: '' });
  await Promise.all([postgresSuites(), smokeRun()]);
}

/** The API tests on PostgreSQL, and then the instances behind nginx (both need TEST_DATABASE_URL). */
async function postgresSuites() {
  if (!pg) {
    line(
      'API tests on PostgreSQL',
      'skip API tests on PostgreSQL: set TEST_DATABASE_URL=postgres://… to run them',
    );
    line(
      'several instances behind nginx',
      'SKIPPED several instances behind nginx: set TEST_DATABASE_URL=postgres://… to run them',
    );
    return;
  }
  await suite('API tests on PostgreSQL', 'vitest.config.ts');
  if (!findNginx()) {
    line(
      'several instances behind nginx',
      'SKIPPED several instances behind nginx: nginx is not installed (apt-get install nginx, or set NGINX_PATH)',
    );
  } else {
    await suite('several instances behind nginx', 'server/multi-instance/vitest.config.ts');
  }
}

/** The benchmark's smoke run loads the built client for its browser figures: it waits for the build. */
async function smokeRun() {
  if (await building) await suite('benchmark smoke run', 'bench/vitest.config.ts');
  else line('benchmark smoke run', 'skip benchmark smoke run: the client did not build');
}

/** The client build, started at once; the browser tests and the benchmark's smoke run wait for it. */
const building = check('client build', 'npx', [
  'vite',
  'build',
  '--config',
  'web/vite.config.ts',
  '--logLevel',
  'warn',
]);

/** The other lane: the client build, then the browser tests on it (one browser at a time). */
async function buildAndBrowser() {
  const built = await building;
  if (!built) {
    line('browser tests in Chromium', 'skip browser tests: the client did not build');
  } else if (!chromium) {
    line(
      'browser tests in Chromium',
      'SKIPPED browser tests: no Chromium found (apt-get install chromium-headless-shell, or set CHROMIUM_PATH)',
    );
  } else {
    await browserShards();
  }
}

/**
 * Chromium raises its own threads to nice -8 when it may (as root it may), and the kernel then gives
 * them six times the API tests' share of the cores: those starved into time-outs. The browser lane
 * runs without the capability to raise priority (util-linux's setpriv), so every lane gets its fair
 * share. (Lowering the browser lane below the API lane as well made the whole run longer: the
 * journeys then waited through the API lane and ran alone afterwards.)
 */
function withoutPriorityBoost(cmd, args) {
  const setpriv = ['/usr/bin/setpriv', '/bin/setpriv'].find((path) => existsSync(path));
  return process.getuid?.() === 0 && setpriv
    ? [setpriv, ['--bounding-set=-sys_nice', '--', cmd, ...args]]
    : [cmd, args];
}

/**
 * `E2E_SHARDS=n` runs the journeys in n shards side by side, each with its own server on the one
 * built client; e2e/sequencer.ts splits the files by their measured length. Two by default: a journey
 * waits on its server and its browser in turn, and a second shard fills those waits. Measured on a
 * clean clone here (2026-12-07, docs/decisions/031-test-loop.md, last addendum): one shard 16 min 19 s,
 * two 11 min 22 s, with the whole machine busy (3% idle) either way.
 */
async function browserShards() {
  const name = 'browser tests in Chromium';
  const shardCount = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
  const t0 = Date.now();
  // Every shard appends to the accessibility results; they start from an empty file here.
  rmSync('.tmp/axe-results.jsonl', { force: true });
  const shards = await Promise.all(
    Array.from({ length: shardCount }, (_, i) =>
      vitest(
        shardCount === 1 ? name : `${name} (shard ${i + 1} of ${shardCount})`,
        'e2e/vitest.config.ts',
        { TEST_DATABASE_URL: '', E2E_SHARD: `${i + 1}/${shardCount}` },
        shardCount === 1 ? [] : [`--shard=${i + 1}/${shardCount}`],
        withoutPriorityBoost,
      ),
    ),
  );
  count(name, {
    passed: shards.reduce((sum, s) => sum + s.passed, 0),
    failed: shards.reduce((sum, s) => sum + s.failed, 0),
    took: `${seconds(Date.now() - t0)}${shardCount === 1 ? '' : `, ${shardCount} shards: ${shards.map((s) => s.took).join(' and ')}`}`,
  });
}

await Promise.all([checks(), apiSuites(), buildAndBrowser()]);

console.log(`\n━━ summary (${clock()}) ━━`);
for (const text of summary.values()) console.log(text);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
