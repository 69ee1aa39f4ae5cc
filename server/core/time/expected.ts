import { expectedOn } from '@contract/schedules';
import { addDays } from '@contract/zoned-time';
import type { LeaveDay } from './calendar';
import type { TimePerson } from './people';

type Owing = Pick<TimePerson, 'minutes' | 'since'> & { off?: TimePerson['off'] };

/** What the schedule asks of the day, holidays and leave aside: nothing before the day they joined. */
export const scheduledSecondsOn = (person: Pick<TimePerson, 'minutes' | 'since'>, day: string) =>
  day < person.since ? 0 : expectedOn(person.minutes, day) * 60;

/**
 * THE definition of expected time (docs/product/time-tracking.md#ledger): what a person owes on a
 * day of their own calendar. Their schedule's minutes for that weekday, nothing before the day they
 * joined, less a public holiday's part and approved leave (paid leave is credited at the day's
 * scheduled hours, unpaid leave owes nothing; Overtime compensation is owed and not worked, so it
 * lowers the balance by its hours: docs/product/time-off.md#counting). Every screen, report and
 * export asks here.
 */
export function expectedSecondsOn(person: Owing, day: string): number {
  const scheduled = scheduledSecondsOn(person, day);
  const off = person.off?.get(day);
  if (!off || scheduled === 0) return scheduled;
  let fraction = 1;
  let seconds = 0;
  for (const o of off) {
    if (o.kind === 'holiday') fraction -= o.fraction;
    else if (!o.compensation) {
      fraction -= o.fraction;
      seconds += o.seconds;
    }
  }
  return Math.max(0, Math.round(scheduled * Math.max(0, fraction)) - seconds);
}

/**
 * The scheduled seconds of the day one leave of it credits (paid leave, not Overtime compensation:
 * docs/product/time-off.md#counting), shown on the timesheet's leave row: its part of the day's
 * schedule, or an hourly leave's hours, within what a public holiday left of the day.
 */
export function leaveCreditOf(person: Owing, day: string, leave: LeaveDay): number {
  if (!leave.paid || leave.compensation) return 0;
  const scheduled = scheduledSecondsOn(person, day);
  const holiday = (person.off?.get(day) ?? []).reduce(
    (f, o) => (o.kind === 'holiday' ? f + o.fraction : f),
    0,
  );
  const open = Math.round(scheduled * Math.max(0, 1 - holiday));
  return Math.min(Math.round(scheduled * leave.fraction) + leave.seconds, open);
}

/** Expected seconds of each day from `from` to `to` (inclusive), in order. */
export function expectedByDay(person: Owing, from: string, to: string) {
  const days: { day: string; seconds: number }[] = [];
  for (let day = from; day <= to; day = addDays(day, 1))
    days.push({ day, seconds: expectedSecondsOn(person, day) });
  return days;
}

/** Expected seconds of the days from `from` to `to` (inclusive). */
export function expectedBetween(
  person: Pick<TimePerson, 'minutes' | 'since'>,
  from: string,
  to: string,
): number {
  let total = 0;
  for (let day = from; day <= to; day = addDays(day, 1)) total += expectedSecondsOn(person, day);
  return total;
}

/** The last day of `from`..`to` on which the schedule expects any time, or null when none does. */
export function lastWorkingDay(person: Owing, from: string, to: string) {
  let last: string | null = null;
  for (let day = from; day <= to; day = addDays(day, 1)) if (expectedSecondsOn(person, day) > 0) last = day;
  return last;
}
