import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';

const WORKERS = 4;

/**
 * On PostgreSQL (TEST_DATABASE_URL), each test worker gets its own database, created and migrated
 * here once, so parallel files never meet. On PGlite every test file opens its own in-memory database.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
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
  }
}
