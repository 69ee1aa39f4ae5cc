import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import type { Database } from './types';
import { sql } from 'drizzle-orm';
import { rowsOf } from './rows';
import { isoInstant, isoTimestamp, statement } from './statements';

describe('isoTimestamp', () => {
  it('writes UTC timestamps as Date#toISOString does, at any fraction length', () => {
    expect(isoTimestamp('2026-11-21 09:05:03+00')).toBe('2026-11-21T09:05:03.000Z');
    expect(isoTimestamp('2026-11-21 09:05:03.25+00')).toBe('2026-11-21T09:05:03.250Z');
    expect(isoTimestamp('2026-11-21 09:05:03.123456+00')).toBe('2026-11-21T09:05:03.123Z');
  });

  it('reads offsets other than UTC', () => {
    expect(isoTimestamp('2026-11-21 14:35:03.5+05:30')).toBe('2026-11-21T09:05:03.500Z');
    expect(isoTimestamp('2026-11-21 04:05:03-05')).toBe('2026-11-21T09:05:03.000Z');
  });

  it('refuses text that is no timestamp', () => {
    expect(() => isoTimestamp('infinity')).toThrow(/unreadable/);
  });
});

describe('isoInstant', () => {
  it('gives the one ISO form for a Date, for ISO text and for PostgreSQL text', () => {
    expect(isoInstant(new Date('2026-11-21T09:05:03.25Z'))).toBe('2026-11-21T09:05:03.250Z');
    expect(isoInstant('2026-11-21T09:05:03.250Z')).toBe('2026-11-21T09:05:03.250Z');
    expect(isoInstant('2026-11-21 09:05:03.25+00')).toBe('2026-11-21T09:05:03.250Z');
    expect(isoInstant(null)).toBeNull();
  });
});

describe('statement', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const probe = statement<{ at: string; n: number; label: string }, [at: string, label: string]>(
    'statements_test_probe',
    `select $1::timestamptz as at, 41 + 1 as n, $2::text as label`,
  );

  it('binds parameters and returns timestamps as ISO strings, again when already prepared', async () => {
    for (const label of ["first'); drop table users; --", 'second']) {
      const [row] = await probe(database.db, '2026-03-29T01:30:00.5Z', label);
      expect(row).toEqual({ at: '2026-03-29T01:30:00.500Z', n: 42, label });
    }
  });

  it('reads an instant from hand-written SQL (rowsOf) as the same ISO text a statement gives', async () => {
    const [row] = await rowsOf<{ at: Date | string }>(
      database.db,
      sql`select ${'2026-03-29T01:30:00.5Z'}::timestamptz as at`,
    );
    expect(isoInstant(row.at)).toBe('2026-03-29T01:30:00.500Z');
  });
});

describe('connections', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it.runIf(process.env.TEST_DATABASE_URL)(
    "run without PostgreSQL's JIT, set once per connection (PostgreSQL only: PGlite has none)",
    async () => {
      const [row] = await rowsOf<{ jit: string }>(database.db, sql`select current_setting('jit') as jit`);
      expect(row.jit).toBe('off');
    },
  );
});
