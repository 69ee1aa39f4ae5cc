// `npm test`: typecheck, lint, import boundaries, unit + API tests on PGlite (and PostgreSQL when TEST_DATABASE_URL is set),
// several instances behind nginx (with TEST_DATABASE_URL and nginx installed), client build, browser tests in Chromium
// when one is installed. Ends with "N passed, M failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { findChromium } from '../e2e/chromium.mjs';
import { findNginx } from '../server/multi-instance/nginx.mjs';

const totals = { passed: 0, failed: 0 };
const summary = [];
mkdirSync('.tmp', { recursive: true });

function run(name, cmd, args, env = {}) {
  console.log(`\n━━ ${name} ━━`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

/** A step that is one check (typecheck, lint, build). */
function check(name, cmd, args) {
  const ok = run(name, cmd, args);
  totals[ok ? 'passed' : 'failed'] += 1;
  summary.push(`${ok ? 'ok  ' : 'FAIL'} ${name}`);
  return ok;
}

/** A vitest run, counted test by test from its JSON report. */
function suite(name, config, env = {}) {
  const report = `.tmp/${name.replace(/\W+/g, '-')}.json`;
  rmSync(report, { force: true });
  const ok = run(
    name,
    'npx',
    [
      'vitest',
      'run',
      '--config',
      config,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    env,
  );
  let passed = 0;
  let failed = ok ? 0 : 1;
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed = json.numPassedTests;
    failed = json.numFailedTests + (ok || json.numFailedTests > 0 ? 0 : 1);
  }
  totals.passed += passed;
  totals.failed += failed;
  summary.push(`${failed ? 'FAIL' : 'ok  '} ${name}: ${passed} passed, ${failed} failed`);
}

check('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
check('lint', 'npx', ['biome', 'check', '.']);
check('import boundaries', 'node', ['scripts/check-boundaries.mjs']);
suite('unit and API tests on PGlite', 'vitest.config.ts', { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) {
  suite('API tests on PostgreSQL', 'vitest.config.ts');
} else {
  summary.push('skip API tests on PostgreSQL: set TEST_DATABASE_URL=postgres://… to run them');
}
if (!process.env.TEST_DATABASE_URL) {
  summary.push('SKIPPED several instances behind nginx: set TEST_DATABASE_URL=postgres://… to run them');
} else if (!findNginx()) {
  summary.push(
    'SKIPPED several instances behind nginx: nginx is not installed (apt-get install nginx, or set NGINX_PATH)',
  );
} else {
  suite('several instances behind nginx', 'server/multi-instance/vitest.config.ts');
}
const built = check('client build', 'npx', [
  'vite',
  'build',
  '--config',
  'web/vite.config.ts',
  '--logLevel',
  'warn',
]);
const chromium = findChromium();
if (!built) {
  summary.push('skip browser tests: the client did not build');
} else if (!chromium) {
  summary.push('SKIPPED browser tests: no Chromium found (apt-get install chromium, or set CHROMIUM_PATH)');
} else {
  suite('browser tests in Chromium', 'e2e/vitest.config.ts', { TEST_DATABASE_URL: '' });
}

console.log('\n━━ summary ━━');
for (const line of summary) console.log(line);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
