import { projectPriorities, projectStatuses } from '@contract/projects';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { createdAt, id, ts, tsvector } from './_columns';
import { users } from './users';

export const projects = pgTable(
  'projects',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: projectStatuses }).notNull().default('active'),
    priority: text('priority', { enum: projectPriorities }).notNull().default('medium'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** billing (docs/product/billing.md): the client, whether its time is billable, rounding, budget */
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    billable: boolean('billable').notNull().default(false),
    /** 0 (none), 6, 15 or 30: billed time rounded up to this many minutes */
    roundingMinutes: integer('rounding_minutes').notNull().default(0),
    roundingScope: text('rounding_scope', { enum: ['entry', 'day'] })
      .notNull()
      .default('entry'),
    /** null: no budget; hours: seconds; money: minor units of budget_currency */
    budgetKind: text('budget_kind', { enum: ['hours', 'money'] }),
    budgetPeriod: text('budget_period', { enum: ['total', 'month'] })
      .notNull()
      .default('total'),
    budgetAmount: bigint('budget_amount', { mode: 'number' }),
    budgetCurrency: text('budget_currency'),
    budgetThresholds: integer('budget_thresholds').array().notNull().default(sql`'{80,100}'::integer[]`),
    /** what search matches: the name (weight A) and the description (B) */
    searchDocument: tsvector('search_document').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', "name"), 'A') || setweight(to_tsvector('simple', "description"), 'B')`,
    ),
  },
  (t) => [
    index('projects_status_idx').on(t.status),
    index('projects_created_idx').on(t.createdAt, t.id),
    index('projects_search_idx').using('gin', t.searchDocument),
    index('projects_client_idx').on(t.clientId),
  ],
);

/**
 * The people of a project (docs/product/projects.md#team-members): managers and admins add and remove
 * them, and a task created or edited for someone in a project adds its assignee. One row per pair.
 */
export const projectMembers = pgTable(
  'project_members',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    addedAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'project_members_pk', columns: [t.projectId, t.userId] }),
    index('project_members_user_idx').on(t.userId),
  ],
);
