// Fails when code or docs point to a docs file or a heading (#anchor) that does not exist.
// Comments say "docs/product/tasks.md#editing"; a renamed heading must not leave them pointing nowhere.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const scanned = [
  'server',
  'web/src',
  'contract',
  'e2e',
  'scripts',
  'bench',
  'docs',
  'README.md',
  'CONTRIBUTING.md',
];
const skip = new Set(['node_modules', 'dist', 'migrations', '.tmp']);

function* files(path) {
  if (!existsSync(path)) return;
  if (statSync(path).isFile()) {
    if (/\.(ts|tsx|mjs|md)$/.test(path)) yield path;
    return;
  }
  for (const name of readdirSync(path)) if (!skip.has(name)) yield* files(join(path, name));
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorsOf = new Map();
function anchors(file) {
  if (!anchorsOf.has(file)) {
    const seen = new Map();
    const list = new Set();
    let fenced = false;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line.startsWith('```')) fenced = !fenced;
      for (const [, id] of line.matchAll(/<a id="([\w-]+)"><\/a>/g)) list.add(id);
      const m = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
      if (!m) continue;
      const base = slug(m[1]);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      list.add(n ? `${base}-${n}` : base);
    }
    anchorsOf.set(file, list);
  }
  return anchorsOf.get(file);
}

// docs/…/x.md#a anywhere; inside the docs also a link's relative target, [text](../product/x.md#a).
const fromRoot = /(?<![\w./-])(docs\/[\w./-]*?[\w-]+\.md)(#[\w-]+)?/g;
const linked = /\]\(((?!https?:)[\w./-]*?[\w-]+\.md)(#[\w-]+)?\)/g;
const broken = [];
let checked = 0;
for (const file of scanned.flatMap((p) => [...files(join(root, p))])) {
  const inDocs = file.endsWith('.md');
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      const found = [
        ...[...line.matchAll(fromRoot)].map(([, target, hash]) => [target, hash, join(root, target)]),
        ...(inDocs ? [...line.matchAll(linked)] : [])
          .filter(([, target]) => !target.startsWith('docs/'))
          .map(([, target, hash]) => [target, hash, join(dirname(file), target)]),
      ];
      for (const [target, hash, path] of found) {
        const where = `${relative(root, file)}:${i + 1}`;
        checked += 1;
        if (!existsSync(path)) broken.push(`${where}: ${target} does not exist`);
        else if (hash && !anchors(path).has(hash.slice(1)))
          broken.push(`${where}: ${target}${hash} has no such heading`);
      }
    });
}
if (broken.length) {
  console.error(`Broken links into the docs (${broken.length}):\n${broken.join('\n')}`);
  process.exit(1);
}
console.log(`Docs links hold: ${checked} references checked.`);
