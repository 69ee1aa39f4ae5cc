// Started by root, the embedded server runs as `postgres`, who must reach DATA_DIR: the app opens
// DATA_DIR itself, hands a root-owned cluster over, and names any other directory in the way with the
// command to run (docs/decisions/028-supervised-embedded-server.md).
import { execSync, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';

const dirs: string[] = [];
/** What `mktemp -d` makes: a directory of root's, mode 0700. */
function privateDir() {
  const dir = mkdtempSync(join(tmpdir(), 'wb-private-'));
  expect(statSync(dir).mode & 0o777).toBe(0o700);
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const postgresUid = () => Number(execSync('id -u postgres', { encoding: 'utf8' }).trim());

function chownTree(path: string, uid: number, gid: number) {
  chownSync(path, uid, gid);
  if (statSync(path).isDirectory()) for (const e of readdirSync(path)) chownTree(join(path, e), uid, gid);
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL) || process.getuid?.() !== 0)(
  'the embedded server started by root (runs only as root)',
  () => {
    it('opens a mktemp -d DATA_DIR for the postgres user, and takes over a cluster that root copied', async () => {
      const dataDir = privateDir();
      const lines: string[] = [];
      const database = await openDatabase({ dataDir, storage: 'embedded', log: (l) => lines.push(l) });
      try {
        await database.db.execute(sql`create table kept (n int); insert into kept values (7)`);
      } finally {
        await database.close();
      }
      expect(lines.join('\n')).toContain(
        `${dataDir} was closed to the user "postgres" (uid ${postgresUid()}), who runs PostgreSQL (it refuses root): made it passable for other users (chmod o+x; they still cannot list it).`,
      );
      expect(statSync(dataDir).mode & 0o777).toBe(0o701);

      // root copies or restores the cluster: its files are root's now
      const cluster = join(dataDir, 'postgres');
      chownTree(cluster, 0, 0);
      lines.length = 0;
      const again = await openDatabase({ dataDir, storage: 'embedded', log: (l) => lines.push(l) });
      try {
        const { rows } = (await again.db.execute(sql`select n from kept`)) as { rows: { n: number }[] };
        expect(rows).toEqual([{ n: 7 }]);
      } finally {
        await again.close();
      }
      expect(lines.join('\n')).toContain(
        `${cluster} belongs to root (copied or restored as root): handing it to the user "postgres"`,
      );
      expect(statSync(cluster).uid).toBe(postgresUid());
      expect(statSync(join(cluster, 'PG_VERSION')).uid).toBe(postgresUid());
    }, 60_000);

    it('names a directory above DATA_DIR that the postgres user cannot pass and the command to run; the app exits 1 with it', async () => {
      const parent = privateDir();
      const dataDir = join(parent, 'data');
      const message = `PostgreSQL refuses to run as root, so it runs as the user "postgres" (uid ${postgresUid()}), who cannot pass through ${parent} to reach ${dataDir}/postgres. Run:\n  chmod o+x ${parent}\n`;
      await expect(openDatabase({ dataDir, storage: 'embedded' })).rejects.toThrow(message);
      expect(statSync(parent).mode & 0o777).toBe(0o700); // not the app's to change

      // the app itself: exit code 1, and the message on its output
      const app = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn' },
        stdio: 'pipe',
      });
      let output = '';
      app.stdout.on('data', (d) => (output += d));
      app.stderr.on('data', (d) => (output += d));
      const code = await new Promise<number | null>((done) => app.once('exit', done));
      expect(code).toBe(1);
      expect(output).toContain(message);

      // the command it gives is the cure
      execSync(`chmod o+x ${parent}`);
      const database = await openDatabase({ dataDir, storage: 'embedded' });
      await database.ping();
      await database.close();
    }, 60_000);
  },
);
