import { zonedDate, zonedInstant } from '@contract/zoned-time';
import type { Db } from '../db/types';
import { seedBilling } from './demo/billing';
import { seedChat } from './demo/chat';
import { seedPeople } from './demo/people';
import { seedTaskExtras } from './demo/task-extras';
import { seedProjectsAndTasks } from './demo/tasks';
import { seedSheets, seedTeams } from './demo/teams';
import { seedTimeAndAttendance } from './demo/time';
import { daysOff, seedTimeOff } from './demo/time-off';
import type { DemoWorld } from './demo/world';

export { DEMO_PASSWORD } from './demo/people';

/**
 * A believable organisation: people in every role, projects, tasks in every state with comments and
 * reviews, four weeks of time entries and attendance, teams with timesheets in every state, time
 * off and holidays, the bell, chat history, labels, sub-tasks and checklists with each task's history,
 * and clients with rates, budgets and an invoice. Days are the organisation's time zone; everything is relative to `now`.
 * Each part lives in `demo/`, written against the same world and cast.
 */
export async function seedDemo(db: Db, options: { now?: Date; timeZone?: string } = {}) {
  const now = options.now ?? new Date();
  const zone = options.timeZone ?? 'UTC';
  const world: DemoWorld = {
    db,
    now,
    zone,
    today: zonedDate(now, zone),
    at: (date, time) => zonedInstant(date, time, zone),
  };
  const cast = await seedPeople(world);
  const work = await seedProjectsAndTasks(world, cast);
  const extras = await seedTaskExtras(world, cast, work.taskRows);
  await seedTeams(world, cast);
  const timeOff = await seedTimeOff(world, cast);
  const off = await daysOff(
    world,
    [cast.maria, cast.james, ...cast.employees].map((p) => p.id),
    35,
  );
  const time = await seedTimeAndAttendance(world, cast, work, off);
  const sheets = await seedSheets(world, cast, time.entries);
  const chat = await seedChat(world, cast);
  const billing = await seedBilling(world, cast, work.projectRows);
  return {
    users: cast.count,
    projects: work.projectRows.length,
    tasks: work.taskRows.length,
    timeEntries: time.entries.length,
    attendance: time.records.length,
    messages: chat.messages,
    teams: 2,
    timesheets: sheets,
    notifications: work.notifications + chat.notifications + timeOff.notifications,
    leaveRequests: timeOff.requests,
    labels: extras.labels,
    subtasks: extras.subtasks,
    clients: billing.clients,
    invoicedEntries: billing.invoicedEntries,
  };
}
