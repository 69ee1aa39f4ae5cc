import { addDays } from '@contract/zoned-time';
import { attendanceRecords, notifications, type projects, type tasks, timeEntries } from '../../db/schema';
import type { Cast, DemoWorld } from './world';

/**
 * Four weeks of workdays for everyone but the admin: attendance plus three time entries a day (the
 * first on one of their tasks, when they have one, so tasks show time spent), none on
 * a day the person was off (a holiday or leave; a half day off keeps the morning), and one
 * forgotten timer the server stopped.
 */
export async function seedTimeAndAttendance(
  { db, today, at }: DemoWorld,
  { maria, james, employees }: Cast,
  work: { projectRows: (typeof projects.$inferSelect)[]; taskRows: (typeof tasks.$inferSelect)[] },
  offShare: (userId: string, day: string) => number,
) {
  const projectIds = work.projectRows.map((p) => p.id);
  // The first block of a day goes to one of the person's tasks, a different one each day.
  const taskOn = (userId: string, back: number) => {
    const own = work.taskRows.filter((t) => t.assigneeId === userId && t.projectId && t.status !== 'todo');
    return own.length > 0 ? own[back % own.length] : null;
  };
  // Four weeks of workdays: attendance plus two or three time entries a day per person.
  const workers = [maria, james, ...employees];
  const entries: (typeof timeEntries.$inferInsert)[] = [];
  const records: (typeof attendanceRecords.$inferInsert)[] = [];
  for (let back = 28; back >= 1; back--) {
    const day = addDays(today, -back);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    workers.forEach((w, wi) => {
      const off = offShare(w.id, day);
      if (off >= 1) return;
      const lateBy = (back * 7 + wi * 5) % 29; // minutes after 08:50
      const clockIn = new Date(at(day, '08:50').getTime() + lateBy * 60_000);
      const clockOut =
        off > 0
          ? new Date(clockIn.getTime() + (3 * 60 + 45) * 60_000)
          : new Date(clockIn.getTime() + (8 * 60 + 40 + ((back + wi) % 40)) * 60_000);
      const hours = (clockOut.getTime() - clockIn.getTime()) / 3_600_000 - (off > 0 ? 0 : 0.75);
      records.push({
        userId: w.id,
        date: day,
        clockIn,
        clockOut,
        totalHours: Math.round(hours * 100) / 100,
        breakMinutes: off > 0 ? 0 : 45,
        status: lateBy > 25 ? 'late' : 'present',
      });
      // About a full day: 3½ h, 2¼ h and 1½–2½ h; a half day off keeps the morning.
      const lastEnd = ['17:15', '17:30', '17:45', '18:00', '18:15'][(back + wi) % 5];
      const blocks = [
        ['09:00', '12:30'],
        ['13:15', '15:30'],
        ['15:45', lastEnd],
      ].slice(0, off > 0 ? 1 : 3);
      blocks.forEach(([from, to], bi) => {
        const start = at(day, from);
        const end = at(day, to);
        const task = bi === 0 ? taskOn(w.id, back) : null;
        entries.push({
          userId: w.id,
          projectId: task?.projectId ?? projectIds[(wi + bi) % 3],
          taskId: task?.id ?? null,
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
      body: 'It ran past the limit for forgotten timers. If you worked a different time, correct the entry on Time Tracker.',
      link: '/tracker',
      createdAt: end,
    });
  }
  await db.insert(attendanceRecords).values(records);
  await db.insert(timeEntries).values(entries);
  return { entries, records };
}
