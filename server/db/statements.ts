import type { Db } from './types';

/** Runs SQL text with bound parameters on a database's own driver; `name` prepares it once per connection. */
export type StatementRunner = (name: string, text: string, params: unknown[]) => Promise<unknown[]>;

const runners = new WeakMap<Db, StatementRunner>();

/** Called by openDatabase: how statements reach this database's driver. */
export function registerStatementRunner(db: Db, runner: StatementRunner) {
  runners.set(db, runner);
}

/** Whether statements run on `db`: a transaction (a bulk change's) has no runner of its own. */
export const runsStatements = (db: Db) => runners.has(db);

/** The type id of timestamptz, which statements return as ISO strings. */
export const TIMESTAMPTZ = 1184;
const UTC_TIMESTAMP = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/**
 * A timestamptz as PostgreSQL writes it ('2026-11-21 09:05:03.25+00') as the API writes instants
 * ('2026-11-21T09:05:03.250Z', what Date#toISOString gives), without building a Date in between.
 */
export function isoTimestamp(text: string): string {
  const utc = UTC_TIMESTAMP.exec(text);
  if (utc) return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  // A session in another time zone writes offsets such as +05:30; the slow path reads those.
  const instant = new Date(text.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
  if (Number.isNaN(instant.getTime())) throw new Error(`unreadable timestamp ${text}`);
  return instant.toISOString();
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * An instant as the API writes it, whichever path read it: drizzle's query builder gives a Date, a
 * statement gives the ISO text already, and hand-written SQL through `rowsOf` gives PostgreSQL's own
 * text ('2026-11-21 09:05:03.25+00'), which must not reach the client as it is: clients order
 * instants by their text, and that form sorts before every ISO one.
 */
export function isoInstant(value: Date | string): string;
export function isoInstant(value: Date | string | null): string | null;
export function isoInstant(value: Date | string | null): string | null {
  if (value === null) return null;
  if (typeof value !== 'string') return value.toISOString();
  return ISO_INSTANT.test(value) ? value : isoTimestamp(value);
}

/**
 * A fixed SELECT for a hot read path (docs/decisions/008). PostgreSQL parses and plans it once per
 * pooled connection (a named prepared statement), and its rows come back as the driver parses them,
 * except that timestamps stay ISO strings, without the query builder or the ORM's per-field mapping;
 * the caller shapes them into the contract's objects. The text is a constant and parameters are
 * always bound, never spliced in.
 */
export function statement<Row, Params extends unknown[] = unknown[]>(name: string, text: string) {
  return async (db: Db, ...params: Params): Promise<Row[]> => {
    const run = runners.get(db);
    if (!run) throw new Error(`statement ${name} needs a database opened by openDatabase`);
    return (await run(name, text, params)) as Row[];
  };
}
