import type { SQL } from 'drizzle-orm';
import type { Db } from './types';

/** Runs hand-written SQL and returns its rows; both drivers answer `{rows}`. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * A PostgreSQL array literal of the values, each quoted and escaped, to pass as one parameter and
 * cast (`${pgArray(ids)}::uuid[]`): one parameter for any number of values.
 */
export const pgArray = (values: readonly (string | number)[]) =>
  `{${values.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
