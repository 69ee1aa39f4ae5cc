import type { Db } from '../db/types';
import {
  attendanceRecords,
  projects,
  settings,
  taskReviews,
  tasks,
  teamMembers,
  teams,
  timeEntries,
  type users,
} from '../db/schema';
import { type Clock, fixedClock } from '../lib/clock';
import { createTestApp } from './harness';

/** Rows other features own, inserted directly so these tests do not depend on their routes. */
export function timeFixtures(db: Db) {
  return {
    /** A team with its managers and members (a manager sees their members' reports and sheets). */
    async team(name: string, managerIds: string[], memberIds: string[]) {
      const [team] = await db.insert(teams).values({ name }).returning();
      await db
        .insert(teamMembers)
        .values([
          ...managerIds.map((userId) => ({ teamId: team.id, userId, role: 'manager' as const })),
          ...memberIds.map((userId) => ({ teamId: team.id, userId, role: 'member' as const })),
        ]);
      return team;
    },
    async project(fields: Partial<typeof projects.$inferInsert> = {}) {
      const [row] = await db
        .insert(projects)
        .values({ name: 'Apollo', ...fields })
        .returning();
      return row;
    },
    /** A task; one with a decided review also gets that decision's row, as a review writes it. */
    async task(assigneeId: string, fields: Partial<typeof tasks.$inferInsert> = {}) {
      const [row] = await db
        .insert(tasks)
        .values({ title: 'Write report', assigneeId, ...fields })
        .returning();
      if (
        (row.reviewStatus === 'approved' || row.reviewStatus === 'rework') &&
        row.submittedAt &&
        row.reviewedAt
      )
        await db.insert(taskReviews).values({
          taskId: row.id,
          reviewerId: row.reviewedById,
          decision: row.reviewStatus,
          submittedAt: row.submittedAt,
          decidedAt: row.reviewedAt,
        });
      return row;
    },
    async entry(
      userId: string,
      start: string,
      end: string,
      fields: Partial<typeof timeEntries.$inferInsert> = {},
    ) {
      const startTime = new Date(start);
      const endTime = new Date(end);
      const [row] = await db
        .insert(timeEntries)
        .values({ userId, startTime, endTime, ...fields })
        .returning();
      return row;
    },
    async attendance(userId: string, clockIn: string, clockOut: string | null) {
      await db.insert(attendanceRecords).values({
        userId,
        date: clockIn.slice(0, 10),
        clockIn: new Date(clockIn),
        clockOut: clockOut ? new Date(clockOut) : null,
        status: 'present',
      });
    },
  };
}

/** The organisation settings the attendance and alert tests start from: a 9-to-5 day in UTC. */
export const NINE_TO_FIVE_UTC = {
  clockIn: '09:00',
  clockOut: '17:00',
  dailyBreakMinutes: 10,
  lunchMinutes: 45,
  lateThresholdMinutes: 15,
  timeZone: 'UTC',
};

/** A clock that moves on by `stepMs` at every reading, so "newest first" never depends on ties. */
export function steppingClock(start: Date | string = new Date(), stepMs = 1000): Clock {
  const clock = fixedClock(start);
  return {
    now: () => {
      clock.advance(stepMs);
      return clock.now();
    },
  };
}

/** A test app whose organisation works in Europe/Berlin. */
async function berlinApp(clock: Clock) {
  const t = await createTestApp({ clock });
  const fx = timeFixtures(t.db);
  await t.db.insert(settings).values({ id: 1, timeZone: 'Europe/Berlin' });
  return { t, fx };
}

/** A test app whose organisation works in Europe/Berlin, with one project ('Apollo'). */
export async function berlinTimeApp(clock: Clock) {
  const { t, fx } = await berlinApp(clock);
  const projectId = (await fx.project({ name: 'Apollo' })).id;
  return { t, fx, projectId };
}

/**
 * The reports' organisation, in Europe/Berlin: Anna Adler and Ben Berg (employees) in the team
 * Delivery, which Maria Meyer manages. `fields` go to all three accounts (e.g. when they joined).
 */
export async function deliveryTeamApp(clock: Clock, fields: Partial<typeof users.$inferInsert> = {}) {
  const { t, fx } = await berlinApp(clock);
  const anna = await t.userClient('employee', { firstName: 'Anna', lastName: 'Adler', ...fields });
  const ben = await t.userClient('employee', { firstName: 'Ben', lastName: 'Berg', ...fields });
  const manager = await t.userClient('manager', { firstName: 'Maria', lastName: 'Meyer', ...fields });
  await fx.team('Delivery', [manager.user.id], [anna.user.id, ben.user.id]);
  return { t, fx, anna, ben, manager };
}
