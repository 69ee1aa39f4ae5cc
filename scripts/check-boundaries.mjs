// Enforces the import boundaries of docs/architecture.md ("Boundaries"); run by `npm test`.
// - a web feature imports only itself, components/, lib/ and the contract (never another feature
//   or the app that composes them);
// - web components/ and lib/ import no feature and not the app;
// - the app's pages use a web feature only through its face, features/<name>/index.ts (a lazy
//   import() of one of its parts is allowed: that part becomes a chunk of its own);
// - the contract imports only itself (and zod; and the message files, locales/): it is shared by the
//   server and the browser;
// - the browser never imports server code, and the server never imports browser code;
// - on the server, the rooms are layered db → lib → core → features → the composition roots (app.ts,
//   jobs.ts, main.ts, features/index.ts): a server feature imports only itself, core/, lib/, db/ and the
//   contract (never another feature); core/ and lib/ import no feature; lib/ imports no core;
//   db/ imports neither (docs/architecture.md). Tests may also use server/test/.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(ts|tsx|mjs)$/;
// Static imports, re-exports and dynamic import() of a literal path.
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (SOURCE.test(name)) yield path;
  }
}

/** Where an import points, as a path from the repository root (packages stay as they are). */
function target(fromFile, specifier) {
  if (specifier.startsWith('@contract/')) return `contract/${specifier.slice('@contract/'.length)}`;
  if (specifier.startsWith('@/')) return `web/src/${specifier.slice(2)}`;
  if (specifier.startsWith('.')) return relative(root, resolve(dirname(fromFile), specifier));
  return null;
}

/** The web feature a path belongs to, if any. */
const featureOf = (path) => /^web\/src\/features\/([^/]+)\//.exec(`${path}/`)?.[1];
/** The server feature a path belongs to, if any (not features/index.ts, the composition root). */
const serverFeatureOf = (path) => /^server\/features\/([^/]+)\//.exec(`${path}`)?.[1];
/** The server's room of a path: db, lib, core, features, test, or a file at the top (a composition root). */
const roomOf = (path) => {
  if (path === 'server/features/index.ts') return 'root';
  if (path.startsWith('server/multi-instance/')) return 'test';
  return (
    /^server\/(db|lib|core|features|test)\//.exec(path)?.[1] ?? (path.startsWith('server/') ? 'root' : null)
  );
};
// The shared types of the app's parts (deps.ts) and its configuration are read by every room.
const SHARED_TYPES = new Set(['server/deps', 'server/deps.ts', 'server/config', 'server/config.ts']);

function serverViolation(file, to) {
  if (!file.startsWith('server/') || !to.startsWith('server/') || SHARED_TYPES.has(to)) return null;
  const from = roomOf(file);
  const into = roomOf(to);
  const isTest = /\.(test|spec)\.ts$/.test(file) || from === 'test';
  if (into === 'test') return isTest ? null : 'only tests use server/test/';
  if (from === 'features') {
    const feature = serverFeatureOf(file);
    const other = serverFeatureOf(to);
    if (other && other !== feature)
      return `server features never import each other (${feature} → ${other}): share through core/ or a published event`;
    if (into === 'root' && !isTest) return 'a feature never imports the app that composes it';
  }
  if ((from === 'core' || from === 'lib' || from === 'db') && into === 'features' && !isTest) {
    return `${from}/ imports no feature`;
  }
  if (isTest) return null;
  if ((from === 'lib' || from === 'db') && into === 'core') return `${from}/ imports nothing of core/`;
  if (from === 'db' && into === 'lib') return 'db/ imports nothing of lib/';
  return null;
}

function violation(file, to, lazy) {
  const feature = featureOf(file);
  if (feature) {
    const other = featureOf(to);
    if (other && other !== feature) return `web features never import each other (${feature} → ${other})`;
    if (to.startsWith('web/src/app/')) return 'web features never import the app that composes them';
  }
  const inner = /^web\/src\/features\/([^/]+)\/./.exec(to);
  if (file.startsWith('web/src/') && inner && featureOf(file) !== inner[1] && !lazy) {
    return `pages use a feature through its face: import '@/features/${inner[1]}' (its index.ts)`;
  }
  if (/^web\/src\/(components|lib)\//.test(file) && /^web\/src\/(features|app)\//.test(to)) {
    return 'components/ and lib/ import no feature and not the app';
  }
  // The message files (locales/) are data every side shares; the contract's tests read them.
  if (file.startsWith('contract/') && !to.startsWith('contract/') && !to.startsWith('locales/'))
    return 'the contract imports only itself';
  if (file.startsWith('web/') && to.startsWith('server/')) return 'the browser never imports server code';
  if (file.startsWith('server/') && to.startsWith('web/')) return 'the server never imports browser code';
  return serverViolation(file, to);
}

const problems = [];
let checked = 0;
for (const dir of ['web/src', 'contract', 'server']) {
  for (const path of files(join(root, dir))) {
    const file = relative(root, path);
    const text = readFileSync(path, 'utf8');
    checked += 1;
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2];
      const to = target(path, specifier);
      const why = to && violation(file, to, match[2] !== undefined);
      if (why) problems.push(`${file}: imports '${specifier}': ${why}`);
    }
  }
}

if (problems.length) {
  console.error(
    `${problems.length} import(s) cross a boundary:\n${problems.map((p) => `  ${p}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(`Import boundaries hold across ${checked} files.`);
