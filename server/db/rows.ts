import type { SQL } from 'drizzle-orm';
import type { Db } from './types';

/** Runs hand-written SQL and returns its rows; both drivers answer `{rows}`. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
