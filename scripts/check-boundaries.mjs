// Enforces the import boundaries of docs/architecture.md ("Boundaries"); run by `npm test`.
// - a web feature imports only itself, components/, lib/ and the contract (never another feature
//   or the app that composes them);
// - web components/ and lib/ import no feature and not the app;
// - the contract imports only itself (and zod): it is shared by the server and the browser;
// - the browser never imports server code, and the server never imports browser code.
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

function violation(file, to) {
  const feature = featureOf(file);
  if (feature) {
    const other = featureOf(to);
    if (other && other !== feature) return `web features never import each other (${feature} → ${other})`;
    if (to.startsWith('web/src/app/')) return 'web features never import the app that composes them';
  }
  if (/^web\/src\/(components|lib)\//.test(file) && /^web\/src\/(features|app)\//.test(to)) {
    return 'components/ and lib/ import no feature and not the app';
  }
  if (file.startsWith('contract/') && !to.startsWith('contract/')) return 'the contract imports only itself';
  if (file.startsWith('web/') && to.startsWith('server/')) return 'the browser never imports server code';
  if (file.startsWith('server/') && to.startsWith('web/')) return 'the server never imports browser code';
  return null;
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
      const why = to && violation(file, to);
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
