import { addDays } from '@contract/zoned-time';
import { sql } from 'drizzle-orm';
import { expectedBetween } from '../../core/time/expected';
import { timePeople } from '../../core/time/people';
import { teamMembers, teams, type timeEntries, timesheets, workSchedules } from '../../db/schema';
import { PLATFORM_REGION } from './time-off';
import type { Cast, DemoWorld } from './world';

/**
 * Two teams (docs/product/teams.md), the Platform team in Vienna with Austria's holidays, and one
 * part-time schedule.
 */
export async function seedTeams({ db }: DemoWorld, { maria, james, employees }: Cast) {
  const [web, platform] = await db
    .insert(teams)
    .values([
      { name: 'Web' },
      {
        name: 'Platform',
        holidayCountry: PLATFORM_REGION.country,
        holidayRegion: PLATFORM_REGION.region,
        // The platform team works a 37.5-hour week by default (docs/product/teams.md#team-default-schedules).
        scheduleMinutes: [450, 450, 450, 450, 450, 0, 0],
      },
    ])
    .returning();
  await db
    .insert(teamMembers)
    .values([
      { teamId: web.id, userId: maria.id, role: 'manager' },
      ...employees.slice(0, 3).map((e) => ({ teamId: web.id, userId: e.id, role: 'member' as const })),
      { teamId: platform.id, userId: james.id, role: 'manager' },
      { teamId: platform.id, userId: maria.id, role: 'member' },
      ...employees.slice(3).map((e) => ({ teamId: platform.id, userId: e.id, role: 'member' as const })),
    ]);
  // Lena works four days a week, six hours a day: her own schedule, not the Platform team's.
  await db.insert(workSchedules).values({ userId: employees[4].id, minutes: [360, 360, 360, 360, 0, 0, 0] });
}

/**
 * The last three weeks' timesheets in every state: approved (with the totals frozen as the ledger
 * counts them, holidays and leave included), submitted (in the managers' review queues), rejected
 * with a comment, and open.
 */
export async function seedSheets(
  { db, today, at, zone }: DemoWorld,
  { maria, james, employees }: Cast,
  entries: (typeof timeEntries.$inferInsert)[],
): Promise<number> {
  const sundayFirst = new Date(`${today}T12:00:00Z`).getUTCDay();
  const thisMonday = addDays(today, -((sundayFirst + 6) % 7));
  const rows: (typeof timesheets.$inferInsert)[] = [];
  const people = new Map(
    (
      await timePeople(db, sql`u.id = any(${`{${employees.map((e) => e.id).join(',')}}`}::uuid[])`, zone, {
        from: addDays(thisMonday, -21),
        to: thisMonday,
      })
    ).map((p) => [p.userId, p]),
  );
  employees.forEach((e, i) => {
    const person = people.get(e.id);
    for (const back of [3, 2, 1]) {
      const weekStart = addDays(thisMonday, -7 * back);
      const start = at(weekStart, '00:00').getTime();
      const end = at(addDays(weekStart, 7), '00:00').getTime();
      const tracked = entries
        .filter((x) => x.userId === e.id && x.startTime.getTime() >= start && x.startTime.getTime() < end)
        .reduce((sum, x) => sum + (x.endTime.getTime() - x.startTime.getTime()) / 1000, 0);
      const expected = person ? expectedBetween(person, weekStart, addDays(weekStart, 6)) : 0;
      const decider = i < 3 ? maria : james;
      const submittedAt = at(addDays(weekStart, 4), '17:05');
      if (back > 1)
        rows.push({
          userId: e.id,
          weekStart,
          status: 'approved',
          submittedAt,
          decidedBy: decider.id,
          decidedAt: at(addDays(weekStart, 7), '09:30'),
          trackedSeconds: tracked,
          expectedSeconds: expected,
        });
      else if (i % 3 === 0) rows.push({ userId: e.id, weekStart, status: 'submitted', submittedAt });
      else if (i % 3 === 1)
        rows.push({
          userId: e.id,
          weekStart,
          status: 'rejected',
          submittedAt,
          comment: 'Friday afternoon is missing; please add it and resubmit.',
          decidedBy: decider.id,
          decidedAt: at(addDays(weekStart, 7), '10:00'),
        });
    }
  });
  await db.insert(timesheets).values(rows);
  return rows.length;
}
