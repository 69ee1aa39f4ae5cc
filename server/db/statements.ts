import type { Db } from './client';

/** Runs SQL text with bound parameters on a database's own driver; `name` prepares it once per connection. */
export type StatementRunner = (name: string, text: string, params: unknown[]) => Promise<unknown[]>;

const runners = new WeakMap<Db, StatementRunner>();

/** Called by openDatabase: how statements reach this database's driver. */
export function registerStatementRunner(db: Db, runner: StatementRunner) {
  runners.set(db, runner);
}

/**
 * A fixed SELECT for a hot read path (docs/decisions/008). PostgreSQL parses and plans it once per
 * pooled connection (a named prepared statement), and its rows come back as the driver parses them,
 * without the query builder or the ORM's per-field mapping; the caller shapes them into the
 * contract's objects. The text is a constant and parameters are always bound, never spliced in.
 */
export function statement<Row, Params extends unknown[] = unknown[]>(name: string, text: string) {
  return async (db: Db, ...params: Params): Promise<Row[]> => {
    const run = runners.get(db);
    if (!run) throw new Error(`statement ${name} needs a database opened by openDatabase`);
    return (await run(name, text, params)) as Row[];
  };
}
