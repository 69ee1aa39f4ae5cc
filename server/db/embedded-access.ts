// Started by root, the embedded PostgreSQL runs as another user (it refuses root), who must reach its
// programs and its data. What the app may fix it fixes; for the rest it says exactly what to run
// (docs/decisions/028-supervised-embedded-server.md).
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, parse } from 'node:path';

export type Owner = { uid: number; gid: number };
type Log = (message: string) => void;

/**
 * PostgreSQL refuses to run as root. As root, the server runs as the owner of an existing cluster,
 * else as the system user `postgres`, which is created (a system account without a home or login) when
 * the machine has none. As anyone else it runs as that user (undefined: no change of user).
 */
export function serverUser(dir: string, log: Log): Owner | undefined {
  if (process.getuid?.() !== 0) return undefined;
  if (existsSync(join(dir, 'PG_VERSION'))) {
    const { uid, gid } = statSync(dir);
    if (uid !== 0) return { uid, gid };
  }
  const id = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
  });
  try {
    return id();
  } catch {
    log('Running as root, and PostgreSQL refuses to: creating the system user "postgres" to run it as.');
    execFileSync('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      'postgres',
    ]);
    return id();
  }
}

/**
 * Makes sure the server's user can run `programs` and reach the cluster `dir`: a cluster owned by root
 * (copied or restored by root) is handed to that user, and DATA_DIR (the cluster's parent, the app's
 * own directory) is opened for passing through (`chmod o+x`: others may pass, not list). Any other
 * directory in the way is the operator's: the error names it and the command to run.
 */
export function ensureServerCanReach(dir: string, programs: string[], owner: Owner, log: Log) {
  const user = userName(owner.uid);
  for (const program of programs) {
    const blocked = firstBlocked([...pathTo(program), program], owner);
    if (blocked)
      throw new Error(
        `${cannotReach(user, blocked, program)}, or install Workbench where that user can reach it.`,
      );
  }
  const dataDir = dirname(dir);
  mkdirSync(dataDir, { recursive: true });
  let blocked = firstBlocked([...pathTo(dataDir), dataDir], owner);
  if (blocked === dataDir) {
    chmodSync(dataDir, statSync(dataDir).mode | 0o001);
    log(
      `${dataDir} was closed to the user ${user}, who runs PostgreSQL (it refuses root): made it passable for other users (chmod o+x; they still cannot list it).`,
    );
    blocked = firstBlocked([dataDir], owner);
  }
  if (blocked)
    throw new Error(`${cannotReach(user, blocked, dir)}, or choose a DATA_DIR that user can reach.`);
  if (existsSync(join(dir, 'PG_VERSION')) && statSync(dir).uid === 0) {
    log(`${dir} belongs to root (copied or restored as root): handing it to the user ${user} (chown -R).`);
    chownTree(dir, owner);
  }
}

/** The directories from / down to the one holding `path`, in that order. */
function pathTo(path: string): string[] {
  const chain: string[] = [];
  for (let d = dirname(path); ; d = dirname(d)) {
    chain.unshift(d);
    if (d === parse(d).root) return chain;
  }
}

/**
 * The first of `paths` the user cannot pass through (or run, for a file), asked of the system as that
 * user with the same ids the server gets (Node drops root's other groups), so ACLs count too.
 */
function firstBlocked(paths: string[], owner: Owner): string | undefined {
  const probe = spawnSync(
    'sh',
    ['-c', 'for p in "$@"; do test -x "$p" || { printf %s "$p"; exit 1; }; done', 'sh', ...paths],
    { ...owner, encoding: 'utf8' },
  );
  if (probe.error) throw probe.error;
  return probe.status === 0 ? undefined : probe.stdout;
}

function cannotReach(user: string, blocked: string, target: string) {
  const what =
    blocked === target ? `cannot run ${target}` : `cannot pass through ${blocked} to reach ${target}`;
  const command = blocked === target ? 'chmod o+rx' : 'chmod o+x';
  return `PostgreSQL refuses to run as root, so it runs as the user ${user}, who ${what}. Run:\n  ${command} ${shellQuote(blocked)}\n(others may then pass through it, not list it)`;
}

function userName(uid: number) {
  try {
    return `"${execFileSync('id', ['-nu', String(uid)], { encoding: 'utf8' }).trim()}" (uid ${uid})`;
  } catch {
    return `with uid ${uid}`;
  }
}

const shellQuote = (path: string) => (/^[\w./@+-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`);

function chownTree(path: string, owner: Owner) {
  const stat = lstatSync(path);
  if (stat.isDirectory()) for (const entry of readdirSync(path)) chownTree(join(path, entry), owner);
  if (stat.isSymbolicLink()) return;
  chownSync(path, owner.uid, owner.gid);
}
