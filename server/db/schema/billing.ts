import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './_columns';
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
