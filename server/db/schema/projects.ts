import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './_columns';
import { users } from './users';

export const projects = pgTable(
  'projects',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['active', 'on_hold', 'completed', 'cancelled'] })
      .notNull()
      .default('active'),
    priority: text('priority', { enum: ['low', 'medium', 'high'] })
      .notNull()
      .default('medium'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('projects_status_idx').on(t.status), index('projects_created_idx').on(t.createdAt, t.id)],
);
