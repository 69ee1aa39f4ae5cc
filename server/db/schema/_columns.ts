import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Shared column shapes: UUID ids and UTC timestamps (docs/product/api-conventions.md#ids). */
export const id = () => uuid('id').primaryKey().defaultRandom();
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => ts('created_at').notNull().defaultNow();

// Index columns stay ascending: PostgreSQL scans a btree backwards for `ORDER BY … DESC`, which is
// DESC NULLS FIRST. An index declared `.desc()` (DESC NULLS LAST) matches no plain ORDER BY DESC
// and left every newest-first list reading and sorting all of a user's rows (docs/performance.md).
