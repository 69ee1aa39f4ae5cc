import * as rruleModule from 'rrule';
import type { Weekday } from 'rrule';
import type { Repeat } from '@contract/tasks';
import { zonedClock, zonedDate, zonedInstant } from '@contract/zoned-time';

/**
 * A repeating task's dates (docs/product/tasks.md#repeat, docs/decisions/045-trash-and-recurring-tasks.md).
 *
 * The rule is an RRULE (the `rrule` library) counted in wall-clock time: DTSTART is the first due
 * date as read on the clock of the creator's zone, written as if it were UTC ("floating"), and every
 * occurrence the rule gives is read back as a wall-clock time of that zone. So a task due 09:00 in
 * Europe/Berlin stays due 09:00 there across a DST change (its UTC instant moves by the hour).
 * Monthly on the 29th–31st means the month's last day in a shorter month (BYMONTHDAY=28..31 with
 * BYSETPOS=-1): a task "every month on the 31st" is still due in February, on the 28th or 29th.
 */

// rrule ships CommonJS as its main: Node's ESM loader sees only a default export, bundlers the names.
const rrule = (rruleModule as unknown as { default?: typeof rruleModule }).default ?? rruleModule;
const { Frequency, RRule } = rrule;
type RRuleOptions = ConstructorParameters<typeof RRule>[0];

const DAYS: Weekday[] = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU];

/** A wall-clock time 'YYYY-MM-DDTHH:MM' as a floating Date (its UTC fields are the clock's). */
const floating = (date: string, time: string) => {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  return new Date(Date.UTC(y, m - 1, d, hh, mm));
};

const pad = (n: number) => String(n).padStart(2, '0');
const floatingDate = (f: Date) => `${f.getUTCFullYear()}-${pad(f.getUTCMonth() + 1)}-${pad(f.getUTCDate())}`;
const floatingClock = (f: Date) => `${pad(f.getUTCHours())}:${pad(f.getUTCMinutes())}`;

/** The RRULE text (with its DTSTART) of a repeat starting at `first`, an instant read in `zone`. */
export function ruleText(repeat: Repeat, first: Date, zone: string): string {
  const options: Partial<RRuleOptions> = {
    dtstart: floating(zonedDate(first, zone), zonedClock(first, zone)),
  };
  switch (repeat.frequency) {
    case 'daily':
      options.freq = Frequency.DAILY;
      break;
    case 'weekdays':
      options.freq = Frequency.WEEKLY;
      options.byweekday = DAYS.slice(0, 5);
      break;
    case 'weekly':
      options.freq = Frequency.WEEKLY;
      options.byweekday = [...new Set(repeat.weekdays)].sort().map((d) => DAYS[d]);
      break;
    case 'monthly': {
      const day = repeat.monthDay ?? 1;
      options.freq = Frequency.MONTHLY;
      if (day <= 28) options.bymonthday = [day];
      else {
        // the day itself where the month has it, else the month's last day
        options.bymonthday = Array.from({ length: day - 27 }, (_, i) => 28 + i);
        options.bysetpos = [-1];
      }
      break;
    }
  }
  if (repeat.end.type === 'after') options.count = repeat.end.count;
  if (repeat.end.type === 'on') options.until = floating(repeat.end.date, '23:59');
  return new RRule(options).toString();
}

/**
 * The occurrence after `current` (an instant) that is also after `notBefore`, as an instant of
 * `zone`; null when the rule has ended. `made` is how many occurrences exist already (the first
 * included): a rule "after N" stops at N, whatever days were skipped.
 */
export function nextOccurrence(
  rule: string,
  zone: string,
  current: Date,
  notBefore: Date,
  made: number,
): Date | null {
  const parsed = RRule.fromString(rule);
  const count = parsed.options.count;
  if (count !== null && made >= count) return null;
  // Counting is ours (by tasks made), so the rule itself runs without COUNT.
  const open = new RRule({ ...parsed.origOptions, count: null });
  const from = current.getTime() > notBefore.getTime() ? current : notBefore;
  const after = open.after(floating(zonedDate(from, zone), zonedClock(from, zone)), false);
  if (!after) return null;
  const instant = zonedInstant(floatingDate(after), floatingClock(after), zone);
  // a wall-clock time repeated by a DST change backwards: the occurrence already passed is skipped
  return instant.getTime() <= from.getTime()
    ? nextOccurrence(rule, zone, new Date(from.getTime() + 60_000), notBefore, made)
    : instant;
}
