import type { PgDatabase } from 'drizzle-orm/pg-core';
import type { ListenOptions, Subscription } from './listener';
import type * as schema from './schema';

/** The database as the app uses it, whichever driver is behind it (opened by client.ts). */
// biome-ignore lint/suspicious/noExplicitAny: the two drivers differ only in their query-result type
export type Db = PgDatabase<any, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Subscribe to a NOTIFY channel. On PostgreSQL the subscription survives lost connections
   * (see listener.ts); PGlite runs in this process and has no connection to lose.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    options?: ListenOptions,
  ): Promise<Subscription>;
  notify(channel: string, payload: string): Promise<void>;
  /** Rejects unless the database answers a trivial query (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
