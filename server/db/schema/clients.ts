import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './_columns';

/**
 * Clients own projects (docs/product/billing.md); a table of its own so that projects and billing
 * (rates, invoices) both refer to it without referring to each other.
 */
export const clients = pgTable(
  'clients',
  {
    id: id(),
    name: text('name').notNull(),
    contact: text('contact').notNull().default(''),
    /** ISO 4217, upper case */
    currency: text('currency').notNull(),
    note: text('note').notNull().default(''),
    archived: boolean('archived').notNull().default(false),
    /** a new project of the client is billable unless said otherwise */
    billable: boolean('billable').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('clients_name_idx').on(t.name)],
);
