import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness';
import { pgArray, rowsOf } from './rows';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('pgArray', () => {
  it('passes any values through one parameter unchanged, quotes and backslashes included', async () => {
    const values = ['plain', 'a "quoted" word', 'back\\slash', '\\"both\\"', '', 'comma, {brace}', 'NULL'];
    const [row] = await rowsOf<{ values: string[] }>(t.db, sql`select ${pgArray(values)}::text[] as values`);
    expect(row.values).toEqual(values);
  });
});
