import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './_columns';
import { clients } from './clients';
import { projects } from './projects';
import { users } from './users';

/**
 * Billing (docs/product/billing.md, docs/decisions/046-billing.md). Clients own projects; rates are
 * integer minor units of their own currency, each valid from a day on; invoices lock the entries
 * they cover. Project billing columns and the entry's flag and invoice live on those tables
 * (schema/projects.ts, schema/time.ts).
 */

export const rateKinds = ['billable', 'cost'] as const;

/**
 * An hourly rate from `effective_from` on. Billable rates: organisation (no ids), client, project,
 * or project + user; cost rates: a user alone (admins only). Precedence and pricing:
 * server/features/billing/money.ts.
 */
export const rates = pgTable(
  'rates',
  {
    id: id(),
    kind: text('kind', { enum: rateKinds }).notNull().default('billable'),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** per hour, in minor units of the currency (cents) */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('rates_scope_idx').on(t.projectId, t.clientId, t.userId),
    check('rates_amount_range', sql`${t.amountMinor} >= 0 and ${t.amountMinor} <= 100000000000`),
  ],
);

/** One mark "invoiced" over a client's entries of a period; the entries point to it. */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    reference: text('reference').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('invoices_client_idx').on(t.clientId, t.fromDay)],
);

/**
 * A budget threshold told once: one row per project, period ('total' or 'YYYY-MM') and threshold;
 * the insert that wins (`on conflict do nothing`) sends the notification, on any instance.
 */
export const budgetAlerts = pgTable(
  'budget_alerts',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    threshold: integer('threshold').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('budget_alerts_once').on(t.projectId, t.period, t.threshold)],
);

/** One row (id = 1): the organisation's billing choices. */
export const billingSettings = pgTable(
  'billing_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** employees see the amounts of their own entries */
    employeesSeeAmounts: boolean('employees_see_amounts').notNull().default(false),
  },
  (t) => [check('billing_settings_single_row', sql`${t.id} = 1`)],
);

// The billing's kept rows (docs/decisions/049-billing-kept-rows.md): each stored entry priced once,
// from the ledger's kept pieces, by a job; a report over many people sums these rows instead of
// pricing every entry of the range again. Marked stale by triggers on every write that changes a
// price (entries, projects' billing, rates), in the write's own transaction.

/** What billing keeps of a priced entry (or cut of one), as `pricedEntries` gives it (billing-sql.ts). */
const pricedColumns = () => ({
  projectId: uuid('project_id'),
  taskId: uuid('task_id'),
  clientId: uuid('client_id'),
  billable: boolean('billable').notNull(),
  invoiced: boolean('invoiced').notNull(),
  /** ledger seconds, and the billed (rounded) seconds of a billable entry */
  secs: bigint('secs', { mode: 'number' }).notNull(),
  bsecs: bigint('bsecs', { mode: 'number' }).notNull(),
  currency: text('currency'),
  amount: bigint('amount', { mode: 'number' }),
  costCurrency: text('cost_currency'),
  cost: bigint('cost', { mode: 'number' }),
});

/**
 * One stored entry as billing counts it: its ledger seconds over all its days (overlaps once), on
 * the first day it counts on, rounded and priced as its project and the rates say. Valid for a
 * person only while no `billing_stale` row is theirs and `billing_people.zone` is their zone.
 */
export const billingEntries = pgTable(
  'billing_entries',
  {
    // no foreign key: a deleted entry's row is removed by the next refresh (its delete marks it)
    entryId: uuid('entry_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
    ...pricedColumns(),
    /** billable and rounded per person, project and day: its bsecs depend on the day's other entries */
    dayRounded: boolean('day_rounded').notNull().default(false),
  },
  (t) => [
    // a person's month read from the index alone
    index('billing_entries_cover_idx').on(
      t.userId,
      t.firstDay,
      t.lastDay,
      t.projectId,
      t.taskId,
      t.clientId,
      t.billable,
      t.invoiced,
      t.secs,
      t.bsecs,
      t.currency,
      t.amount,
      t.costCurrency,
      t.cost,
    ),
    // the entries that span more than one day: which people have one across a report's first or last day
    index('billing_entries_multi_idx')
      .on(t.lastDay, t.userId, t.firstDay)
      .where(sql`${t.lastDay} > ${t.firstDay}`),
  ],
);

/**
 * An entry of more than one day as a report's range cuts it, priced by the same SQL from its pieces
 * on one side of a day: `head` from `cut_day` on (a range that starts on that day), `tail` up to and
 * with `cut_day` (a range that ends on it). `first_day`/`last_day` are the cut entry's; `span` is the
 * whole entry's last day minus its first. Kept with the entry's row, by the same refresh; the
 * report uses them instead of pricing the entries across its first and last day afresh, except for
 * entries rounded per day (their day's rounding is shared with the day's other entries).
 */
export const billingCuts = pgTable(
  'billing_cuts',
  {
    entryId: uuid('entry_id').notNull(),
    side: text('side', { enum: ['head', 'tail'] }).notNull(),
    cutDay: date('cut_day', { mode: 'string' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
    span: integer('span').notNull(),
    ...pricedColumns(),
    dayRounded: boolean('day_rounded').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.side, t.cutDay] }),
    // the entries a range cuts on its first and on its last day
    index('billing_cuts_day_idx').on(t.cutDay, t.side, t.userId),
    // a person's cuts, priced again whole
    index('billing_cuts_user_idx').on(t.userId),
  ],
);

/**
 * The kept rows summed per first day and everything the billable report groups or filters by but
 * the person (a trigger on `billing_entries` keeps it, migration 0034): a month over everyone reads
 * a few thousand of these instead of every entry (docs/decisions/050-billing-day-sums.md).
 */
export const billingDays = pgTable(
  'billing_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    projectId: uuid('project_id'),
    taskId: uuid('task_id'),
    clientId: uuid('client_id'),
    billable: boolean('billable').notNull(),
    invoiced: boolean('invoiced').notNull(),
    currency: text('currency'),
    costCurrency: text('cost_currency'),
    /** entries summed (a row at 0 is removed) */
    n: bigint('n', { mode: 'number' }).notNull(),
    secs: bigint('secs', { mode: 'number' }).notNull(),
    bsecs: bigint('bsecs', { mode: 'number' }).notNull(),
    /** sums of the priced entries' amounts and costs (0 where none is priced) */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    cost: bigint('cost', { mode: 'number' }).notNull(),
  },
  (t) => [
    unique('billing_days_key')
      .on(t.day, t.projectId, t.taskId, t.clientId, t.billable, t.invoiced, t.currency, t.costCurrency)
      .nullsNotDistinct(),
    // the sums a change left with no entry, removed by the same trigger
    index('billing_days_empty_idx').on(t.day).where(sql`${t.n} = 0`),
  ],
);

/** The zone each person's kept billing rows were counted in (as `ledger_people`). */
export const billingPeople = pgTable('billing_people', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  zone: text('zone').notNull(),
});

/**
 * Instants whose entries' billing rows a write has made stale (an entry, a project's billing or a
 * rate changed); (-infinity, infinity) marks all of a person's rows. Removed by the refresh.
 */
export const billingStale = pgTable(
  'billing_stale',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').notNull(),
    lo: ts('lo').notNull(),
    hi: ts('hi').notNull(),
  },
  (t) => [index('billing_stale_user_idx').on(t.userId, t.lo)],
);
