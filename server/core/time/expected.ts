import { expectedOn } from '@contract/schedules';
import { addDays } from '@contract/zoned-time';
import type { TimePerson } from './people';

/**
 * THE definition of expected time (docs/product/time-tracking.md#ledger): what a person owes on a
 * day of their own calendar. Their schedule's minutes for that weekday, nothing before the day they
 * joined. Every screen, report and export asks here.
 */
export function expectedSecondsOn(person: Pick<TimePerson, 'minutes' | 'since'>, day: string): number {
  return day < person.since ? 0 : expectedOn(person.minutes, day) * 60;
}

/** Expected seconds of each day from `from` to `to` (inclusive), in order. */
export function expectedByDay(person: Pick<TimePerson, 'minutes' | 'since'>, from: string, to: string) {
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
export function lastWorkingDay(person: Pick<TimePerson, 'minutes' | 'since'>, from: string, to: string) {
  let last: string | null = null;
  for (let day = from; day <= to; day = addDays(day, 1)) if (expectedSecondsOn(person, day) > 0) last = day;
  return last;
}
