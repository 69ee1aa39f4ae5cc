import type { PgDatabase } from 'drizzle-orm/pg-core';
import type { QueryTimeListener } from './query-timing';
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
  /**
   * Runs `work` while no other instance on this database runs its own start-up work: on PostgreSQL
   * under a session-level advisory lock (the one migrations take), on PGlite (one process) at once.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** Rejects unless the database answers a trivial query (readiness). */
  ping(): Promise<void>;
  /**
   * The embedded server only: why it cannot be used now (it exited and is being restarted), or null
   * while it runs. Readiness answers with it at once instead of waiting for a ping to fail.
   */
  serverDown?(): string | null;
  /** The connections (PGlite: its one), for the metrics. */
  poolStats(): { total: number; idle: number; waiting: number };
  /** Calls `listener` with each query's duration; returns how to stop (the metrics' hook). */
  onQueryTime(listener: QueryTimeListener): () => void;
  /** PGlite only: a tar of its data directory, taken between two queries: gzipped for backups, plain for the tests' template. */
  snapshot?(compression?: 'gzip' | 'none'): Promise<Blob>;
  close(): Promise<void>;
}
