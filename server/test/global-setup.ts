import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';

const WORKERS = 4;

/**
 * On PostgreSQL (TEST_DATABASE_URL), each test worker gets its own database, created and migrated
 * here once, so parallel files never meet. On PGlite every test file opens its own in-memory database
 * from a template migrated here once (docs/decisions/031-test-loop.md): loading the dump is several
 * times cheaper than replaying every migration in each file.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dir = mkdtempSync(join(tmpdir(), 'wb-pglite-template-'));
    const file = join(dir, 'migrated.tar');
    const database = await openDatabase({});
    // Uncompressed: each file's open then skips unzipping it (0.8 → 0.55 s of CPU an open).
    const dump = await database.snapshot?.('none');
    await database.close();
    if (!dump) throw new Error('PGlite gave no snapshot');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
    return () => rmSync(dir, { recursive: true, force: true });
  }
  const prefix = `wb_test_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const names = Array.from({ length: WORKERS }, (_, i) => `${prefix}_${i + 1}`);
  for (const name of names) {
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const database = await openDatabase({ url: withDatabase(url, name), poolSize: 1 });
    await database.close();
  }
  project.provide('testDbPrefix', prefix);
  return async () => {
    for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDbPrefix: string;
    /** PGlite only: a dump of a freshly migrated database, for `openTestDatabase` to start from */
    pgliteTemplate: string;
  }
}
