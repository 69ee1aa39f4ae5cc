import type { Db } from '../../db/client';
import { attendanceRecords, projects, tasks, timeEntries } from '../../db/schema';

/** Rows other features own, inserted directly so these tests do not depend on their routes. */
export function timeFixtures(db: Db) {
  return {
    async project(fields: Partial<typeof projects.$inferInsert> = {}) {
      const [row] = await db
        .insert(projects)
        .values({ name: 'Apollo', ...fields })
        .returning();
      return row;
    },
    async task(assigneeId: string, fields: Partial<typeof tasks.$inferInsert> = {}) {
      const [row] = await db
        .insert(tasks)
        .values({ title: 'Write report', assigneeId, ...fields })
        .returning();
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
      const duration = Math.round((endTime.getTime() - startTime.getTime()) / 1000);
      const [row] = await db
        .insert(timeEntries)
        .values({ userId, startTime, endTime, duration, ...fields })
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
