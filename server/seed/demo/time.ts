import { addDays } from '@contract/zoned-time';
import { attendanceRecords, notifications, timeEntries } from '../../db/schema';
import type { Cast, DemoWorld } from './world';

/**
 * Four weeks of workdays for everyone but the admin: attendance plus two or three time entries a
 * day, and one forgotten timer the server stopped.
 */
export async function seedTimeAndAttendance(
  { db, today, at }: DemoWorld,
  { maria, james, employees }: Cast,
  projectIds: string[],
) {
  // Four weeks of workdays: attendance plus two or three time entries a day per person.
  const workers = [maria, james, ...employees];
  const entries: (typeof timeEntries.$inferInsert)[] = [];
  const records: (typeof attendanceRecords.$inferInsert)[] = [];
  for (let back = 28; back >= 1; back--) {
    const day = addDays(today, -back);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    workers.forEach((w, wi) => {
      const lateBy = (back * 7 + wi * 5) % 29; // minutes after 08:50
      const clockIn = new Date(at(day, '08:50').getTime() + lateBy * 60_000);
      const clockOut = new Date(clockIn.getTime() + (8 * 60 + 25 + ((back + wi) % 40)) * 60_000);
      const hours = (clockOut.getTime() - clockIn.getTime()) / 3_600_000 - 0.75;
      records.push({
        userId: w.id,
        date: day,
        clockIn,
        clockOut,
        totalHours: Math.round(hours * 100) / 100,
        breakMinutes: 45,
        status: lateBy > 25 ? 'late' : 'present',
      });
      const blocks = [
        ['09:15', '11:45'],
        ['12:30', '14:50'],
        ['15:05', '16:55'],
      ].slice(0, 2 + ((back + wi) % 2));
      blocks.forEach(([from, to], bi) => {
        const start = at(day, from);
        const end = at(day, to);
        entries.push({
          userId: w.id,
          projectId: projectIds[(wi + bi) % 3],
          description: ['Implementation', 'Code review', 'Meetings and planning'][bi],
          startTime: start,
          endTime: end,
        });
      });
    });
  }
  // A forgotten timer the server stopped at the 10-hour limit on Priya's last workday, for the
  // tracker's 'Auto-stopped' badge and her bell (docs/product/time-tracking.md#forgotten-timers).
  const lastOwn = entries.filter((e) => e.userId === employees[0].id).at(-1);
  if (lastOwn) {
    const start = new Date(new Date(lastOwn.endTime).getTime() + 10 * 60_000);
    const end = new Date(start.getTime() + 10 * 3_600_000);
    entries.push({
      userId: employees[0].id,
      projectId: lastOwn.projectId,
      description: 'Release checklist',
      startTime: start,
      endTime: end,
      autoStopped: true,
    });
    await db.insert(notifications).values({
      userId: employees[0].id,
      actorId: null,
      kind: 'timer_auto_stopped',
      title: 'Your timer “Release checklist” was stopped after 10 hours',
      body: 'It ran past the limit for forgotten timers. If you worked a different time, correct the entry on Time Tracking.',
      link: '/tracker',
      createdAt: end,
    });
  }
  await db.insert(attendanceRecords).values(records);
  await db.insert(timeEntries).values(entries);
  return { entries, records };
}
