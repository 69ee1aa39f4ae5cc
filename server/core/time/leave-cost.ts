import { requestDays } from './calendar';
import { scheduledSecondsOn } from './expected';
import type { TimePerson } from './people';

/**
 * What time off costs a person (docs/product/time-off.md#allowances): working days by their own
 * schedule, less public holidays, half ends counting half; or an hourly request's hours. The
 * allowance, the request form, the calendar and the absences report all count it here.
 */
export type CostedRequest = {
  startDate: string;
  endDate: string;
  startHalf: boolean;
  endHalf: boolean;
  hours: number | null;
};

/** Halves: days are counted to the half day. */
export const halves = (n: number) => Math.round(n * 2) / 2;

/**
 * What a request costs the person: working days (their schedule, less holidays; half ends count
 * half) and the seconds it takes off their expected time, with each day's share.
 */
export function costOf(person: Pick<TimePerson, 'minutes' | 'since' | 'off'>, request: CostedRequest) {
  const perDay = new Map<string, { days: number; seconds: number }>();
  let days = 0;
  let seconds = 0;
  for (const [day, part] of requestDays(request)) {
    const scheduled = scheduledSecondsOn(person, day);
    if (scheduled === 0) continue;
    const holiday = (person.off.get(day) ?? []).reduce(
      (f, o) => (o.kind === 'holiday' ? f + o.fraction : f),
      0,
    );
    const open = Math.max(0, 1 - holiday);
    if (open === 0) continue;
    const dayDays = request.hours === null ? part.fraction * open : 0;
    const daySeconds =
      request.hours === null
        ? Math.round(scheduled * part.fraction * open)
        : Math.min(part.seconds, scheduled);
    if (dayDays === 0 && daySeconds === 0) continue;
    perDay.set(day, { days: dayDays, seconds: daySeconds });
    days += dayDays;
    seconds += daySeconds;
  }
  return { days: halves(days), seconds, perDay };
}
