import { sql } from 'drizzle-orm';
import { bigint, bigserial, date, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './_columns';
import { users } from './users';

// The ledger's kept sums (docs/decisions/042-ledger-rollup.md): each stored entry's counted seconds
// per day of its person's calendar, as the ledger counts them, kept by a job and marked stale by a
// trigger on every write, so a read over many people sums rows instead of recounting every entry.

/**
 * One entry's counted seconds on one of its person's days (the ledger's `pieces`, running timers
 * excluded). Valid only for days no `ledger_stale` row covers, and only in `ledger_people.zone`.
 */
export const ledgerPieces = pgTable(
  'ledger_pieces',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    // no foreign key: a deleted entry's pieces are removed by the next refresh (its delete marks them stale)
    entryId: uuid('entry_id').notNull(),
    projectId: uuid('project_id'),
    taskId: uuid('task_id'),
    secs: bigint('secs', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day, t.entryId] }),
    // a person's run of days read from the index alone, whatever the caller sums
    index('ledger_pieces_cover_idx').on(t.userId, t.day, t.projectId, t.taskId, t.entryId, t.secs),
  ],
);

/**
 * The kept pieces summed per person and day (a trigger on `ledger_pieces` keeps them, migration
 * 0035): what reads that only sum a person's days (the week grid, the time report by person or
 * period, overtime) take instead of every piece (docs/decisions/051-ledger-day-sums.md). Valid where
 * the pieces are.
 */
export const ledgerDays = pgTable(
  'ledger_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** pieces summed (a row at 0 is removed) */
    n: bigint('n', { mode: 'number' }).notNull(),
    secs: bigint('secs', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    // a person's run of days read from the index alone
    index('ledger_days_cover_idx').on(t.userId, t.day, t.secs),
    // the days a change left with no piece, removed by the same trigger
    index('ledger_days_empty_idx').on(t.userId).where(sql`${t.n} = 0`),
  ],
);

/**
 * The day sums summed per person and calendar month of their days (a trigger on `ledger_days` keeps
 * them, migration 0037): what reads that sum a person's whole months take (the time report of a
 * month by person, overtime over months, the tracker's all-time figure) instead of every day
 * (docs/decisions/052-ledger-month-sums.md). A month is read from here only when every day of it
 * is fresh, so valid where the pieces are.
 */
export const ledgerMonths = pgTable(
  'ledger_months',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the month's first day */
    month: date('month', { mode: 'string' }).notNull(),
    /** day sums summed (a row at 0 is removed) */
    n: bigint('n', { mode: 'number' }).notNull(),
    secs: bigint('secs', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.month] }),
    // a person's run of months read from the index alone
    index('ledger_months_cover_idx').on(t.userId, t.month, t.secs),
    // the months a change left with no day, removed by the same trigger
    index('ledger_months_empty_idx').on(t.userId).where(sql`${t.n} = 0`),
  ],
);

/** The zone each person's kept pieces were counted in; a person whose zone differs is counted afresh. */
export const ledgerPeople = pgTable('ledger_people', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  zone: text('zone').notNull(),
});

/**
 * Instants whose kept pieces a write has made stale: written by the trigger on time_entries in the
 * same transaction as the write, removed by the refresh that counts them again. (-infinity, infinity)
 * marks all of a person's days.
 */
export const ledgerStale = pgTable(
  'ledger_stale',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').notNull(),
    lo: ts('lo').notNull(),
    hi: ts('hi').notNull(),
  },
  (t) => [index('ledger_stale_user_idx').on(t.userId, t.lo)],
);
