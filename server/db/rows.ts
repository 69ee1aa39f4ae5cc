import { type SQL, sql } from 'drizzle-orm';
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
  `{${values.map((v) => `"${escapeElement(String(v))}"`).join(',')}}`;

/** A quote or backslash escaped; ids, days and zones (nearly every value) have neither and skip the regex. */
const escapeElement = (v: string) => (v.includes('"') || v.includes('\\') ? v.replace(/["\\]/g, '\\$&') : v);

/** Some rows' ids: the ids themselves, or a subquery that selects them (`select u.id from users u where …`). */
export type Ids = readonly string[] | SQL;

/**
 * `in (<the ids>)` for a uuid column: `where r.user_id ${inIds(ids)}`. Given a subquery, the ids stay
 * in the database: 1,000 of them are 37 KB to send and parse again for every query that needs them.
 * Given a list, a join with the unnested array rather than `= any(<array>)`, whose every element
 * the planner weighs when it is a constant: 1.5 ms of planning for 1,000 people against 0.2 ms
 * (docs/performance.md, "Planning 1,000 ids").
 */
export const inIds = (ids: Ids) =>
  Array.isArray(ids) ? sql`in (select unnest(${pgArray(ids)}::uuid[]))` : sql`in (${ids})`;
