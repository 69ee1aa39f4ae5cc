import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Shared column shapes: UUID ids and UTC timestamps (decisions §6). */
export const id = () => uuid('id').primaryKey().defaultRandom();
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => ts('created_at').notNull().defaultNow();
