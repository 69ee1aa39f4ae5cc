import { addDays } from '@contract/zoned-time';
import { sql } from 'drizzle-orm';
import { type OffDay, offDays } from '../../core/time/calendar';
import { rowsOf } from '../../db/rows';
import { leaveAdjustments, leaveEntitlements, leaveRequests, notifications } from '../../db/schema';
import { ensureTimeOffDefaults } from '../../features/time-off/defaults';
import type { Cast, DemoWorld } from './world';

/** The demo organisation's public holidays: Berlin's; the Platform team works from Vienna. */
export const DEMO_REGION = { country: 'DE', region: 'BE' } as const;
export const PLATFORM_REGION = { country: 'AT', region: '9' } as const;

const isWeekend = (day: string) => [0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay());

/** The `n`th weekday after (n > 0) or before (n < 0) today; today itself when n = 0 and it is one. */
function workday(today: string, n: number) {
  let day = today;
  let left = Math.abs(n);
  const step = n < 0 ? -1 : 1;
  while (isWeekend(day)) day = addDays(day, step);
  while (left > 0) {
    day = addDays(day, step);
    if (!isWeekend(day)) left -= 1;
  }
  return day;
}

/** The Monday of the week `weeks` after today's. */
function mondayIn(today: string, weeks: number) {
  const sundayFirst = new Date(`${today}T12:00:00Z`).getUTCDay();
  return addDays(today, -((sundayFirst + 6) % 7) + 7 * weeks);
}

/**
 * Time off (docs/product/time-off.md): the organisation's region and a company half day, a team
 * in another country, leave in every state (someone out today, requests waiting in both managers'
 * queues, a sick day only managers see the reason of, hours of Overtime compensation, a half day, a
 * rejection, a cancellation), a part-timer's own entitlement and an adjustment. Written before the
 * time entries, which skip the days people were off.
 */
export async function seedTimeOff(world: DemoWorld, cast: Cast) {
  const { db, today, at } = world;
  const { admin, maria, james, employees } = cast;
  const [priya, tom, sofia, kwame, lena, diego] = employees;
  await ensureTimeOffDefaults(db);
  await db.execute(sql`update time_off_settings
      set holiday_country = coalesce(holiday_country, ${DEMO_REGION.country}),
          holiday_region = case when holiday_country is null then ${DEMO_REGION.region} else holiday_region end
      where id = 1`);
  const year = Number(today.slice(0, 4));
  const eve = today <= `${year}-12-24` ? `${year}-12-24` : `${year + 1}-12-24`;
  await db.execute(sql`insert into holiday_overrides (date, kind, name, half_day, created_by)
      values (${eve}, 'added', 'Christmas Eve (afternoon off)', true, ${admin.id}) on conflict do nothing`);
  const types = new Map(
    (
      await rowsOf<{ id: string; name: string }>(
        db,
        sql`select id::text, name from leave_types where archived_at is null`,
      )
    ).map((t) => [t.name, t.id]),
  );
  const type = (name: string) => {
    const id = types.get(name);
    if (!id) throw new Error(`The leave type ${name} is missing`);
    return id;
  };
  const created = (daysBack: number) => at(addDays(today, -daysBack), '11:20');
  const decided = (daysBack: number) => at(addDays(today, -daysBack), '15:40');
  const rows: (typeof leaveRequests.$inferInsert)[] = [
    // Out today: a week around today, approved by Maria.
    {
      userId: tom.id,
      typeId: type('Vacation'),
      startDate: workday(today, -1),
      endDate: workday(today, 3),
      note: 'Family visit',
      status: 'approved',
      decidedBy: maria.id,
      decidedAt: decided(12),
      createdAt: created(14),
    },
    // Waiting in Maria's queue.
    {
      userId: sofia.id,
      typeId: type('Vacation'),
      startDate: workday(today, 15),
      endDate: workday(today, 19),
      note: 'Hiking in the Dolomites',
      status: 'pending',
      createdAt: created(1),
    },
    // A sick day: peers see "Out".
    {
      userId: kwame.id,
      typeId: type('Sick leave'),
      startDate: workday(today, -6),
      endDate: workday(today, -6),
      note: 'Flu',
      status: 'approved',
      decidedAt: created(6),
      createdAt: created(6),
    },
    // A part-timer (Mon–Thu) asks for a week: it costs four days. James decides.
    {
      userId: lena.id,
      typeId: type('Vacation'),
      startDate: mondayIn(today, 3),
      endDate: addDays(mondayIn(today, 3), 4),
      status: 'pending',
      createdAt: created(2),
    },
    // Hours of Overtime compensation, and two days of vacation already taken.
    {
      userId: diego.id,
      typeId: type('Overtime compensation'),
      startDate: workday(today, 5),
      endDate: workday(today, 5),
      hours: 4,
      note: 'Dentist in the afternoon',
      status: 'approved',
      decidedBy: james.id,
      decidedAt: decided(3),
      createdAt: created(4),
    },
    {
      userId: diego.id,
      typeId: type('Vacation'),
      startDate: workday(today, -12),
      endDate: workday(today, -11),
      status: 'approved',
      decidedBy: james.id,
      decidedAt: decided(25),
      createdAt: created(27),
    },
    // Rejected with a reason, then an afternoon off approved instead.
    {
      userId: priya.id,
      typeId: type('Vacation'),
      startDate: workday(today, 6),
      endDate: workday(today, 10),
      note: 'Autumn break',
      status: 'rejected',
      comment: 'The release is that week. Could you take the week after?',
      decidedBy: maria.id,
      decidedAt: decided(5),
      createdAt: created(7),
    },
    {
      userId: priya.id,
      typeId: type('Vacation'),
      startDate: workday(today, 8),
      endDate: workday(today, 8),
      startHalf: true,
      note: 'School play',
      status: 'approved',
      decidedBy: maria.id,
      decidedAt: decided(4),
      createdAt: created(5),
    },
    // A manager's own request waits for the manager of her team (James).
    {
      userId: maria.id,
      typeId: type('Vacation'),
      startDate: workday(today, 25),
      endDate: workday(today, 29),
      status: 'pending',
      createdAt: created(0),
    },
    // Cancelled by its owner.
    {
      userId: james.id,
      typeId: type('Unpaid leave'),
      startDate: workday(today, 12),
      endDate: workday(today, 12),
      status: 'cancelled',
      decidedBy: james.id,
      decidedAt: decided(2),
      createdAt: created(9),
    },
  ];
  const inserted = await db.insert(leaveRequests).values(rows).returning();
  await db.insert(leaveEntitlements).values({ userId: lena.id, days: 20 });
  await db.insert(leaveAdjustments).values({
    userId: priya.id,
    year,
    days: 2,
    reason: 'Worked the release weekend',
    createdBy: admin.id,
    createdAt: at(addDays(today, -20), '10:00'),
  });
  // The bell: what these requests and decisions would have told people.
  const label = (r: (typeof inserted)[number]) =>
    r.startDate === r.endDate ? r.startDate : `${r.startDate} to ${r.endDate}`;
  const deciderOf = new Map([
    [sofia.id, maria.id],
    [lena.id, james.id],
    [maria.id, james.id],
  ]);
  const notes: (typeof notifications.$inferInsert)[] = [];
  for (const r of inserted) {
    const person = cast.nameOf(r.userId);
    const decider = deciderOf.get(r.userId);
    if (r.status === 'pending' && decider)
      notes.push({
        userId: decider,
        actorId: r.userId,
        kind: 'leave_requested',
        title: `${person} asked for vacation: ${label(r)}`,
        body: r.note || undefined,
        link: '/time-off',
        data: { requestId: r.id },
        createdAt: r.createdAt ?? world.now,
      });
    if ((r.status === 'approved' || r.status === 'rejected') && r.decidedBy)
      notes.push({
        userId: r.userId,
        actorId: r.decidedBy,
        kind: r.status === 'approved' ? 'leave_approved' : 'leave_rejected',
        title: `${cast.nameOf(r.decidedBy)} ${r.status} your time off: ${label(r)}`,
        body: r.comment ?? undefined,
        link: '/time-off',
        data: { requestId: r.id },
        createdAt: r.decidedAt ?? world.now,
      });
  }
  await db.insert(notifications).values(notes);
  return { requests: inserted.length, notifications: notes.length };
}

/**
 * The share of each day a person is off (holidays and approved leave) over the demo's weeks, so
 * their time entries and attendance leave those days out. After the teams exist (a team's region).
 */
export async function daysOff(world: DemoWorld, userIds: string[], back: number) {
  const off = await offDays(world.db, userIds, addDays(world.today, -back), world.today);
  return (userId: string, day: string) =>
    (off.get(userId)?.get(day) ?? []).reduce((sum: number, o: OffDay) => sum + o.fraction, 0);
}
