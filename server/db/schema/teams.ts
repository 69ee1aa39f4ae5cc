import { teamRoles } from '@contract/teams';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './_columns';
import { users } from './users';

/** Teams (docs/decisions/011-teams-schedules-timesheets.md): a name, unique regardless of case. */
export const teams = pgTable(
  'teams',
  {
    id: id(),
    name: text('name').notNull(),
    /** a team in another country keeps that country's public holidays (docs/product/time-off.md#holidays) */
    holidayCountry: text('holiday_country'),
    holidayRegion: text('holiday_region'),
    /**
     * The team's default weekly schedule (minutes Monday … Sunday), followed by its people who have
     * none of their own (docs/product/teams.md#team-default-schedules); null: the organisation's.
     */
    scheduleMinutes: integer('schedule_minutes').array(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('teams_name_unique').on(sql`lower(${t.name})`),
    index('teams_created_idx').on(t.createdAt, t.id),
    check(
      'teams_schedule_seven_days',
      sql`${t.scheduleMinutes} is null or cardinality(${t.scheduleMinutes}) = 7`,
    ),
  ],
);

/** Who belongs to a team and as what; a user may be in several teams. */
export const teamMembers = pgTable(
  'team_members',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: teamRoles }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    check('team_members_role_check', sql`${t.role} in ('manager','member')`),
    // "whose teams am I in / whom do I manage": every scope check starts from the user
    index('team_members_user_idx').on(t.userId, t.role, t.teamId),
  ],
);

/**
 * A user's expected minutes per weekday, Monday first (index 0) to Sunday (6). No row: their team's
 * default, else the organisation's (contract/schedules.ts ORGANISATION_SCHEDULE).
 */
export const workSchedules = pgTable(
  'work_schedules',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    minutes: integer('minutes').array().notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('work_schedules_seven_days', sql`cardinality(${t.minutes}) = 7`)],
);
