/**
 * Calendar days in a time zone (docs/product/api-conventions.md#org-dates) with nothing but Intl:
 * which day an instant falls on, and the instant a local wall-clock time names (DST-aware). In the
 * contract because the server and the browser must agree on both.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function parts(instant: Date, timeZone: string) {
  const out: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) out[p.type] = p.value;
  return out;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

// en-CA writes dates as YYYY-MM-DD: format() is about 4× cheaper than formatToParts, and lists
// call zonedDate once per row.
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
function dayFormatter(timeZone: string) {
  let f = dayFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, f);
  }
  return f;
}
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** 'YYYY-MM-DD' of the instant in the zone. */
export function zonedDate(instant: Date, timeZone: string): string {
  const day = dayFormatter(timeZone).format(instant);
  if (ISO_DAY.test(day)) return day;
  // An ICU whose en-CA pattern differs still gets the right answer, just more slowly.
  const p = parts(instant, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** 'HH:MM' of the instant in the zone. */
export function zonedClock(instant: Date, timeZone: string): string {
  const p = parts(instant, timeZone);
  return `${p.hour}:${p.minute}`;
}

/** Milliseconds the zone is ahead of UTC at that instant. */
function offsetAt(instant: Date, timeZone: string): number {
  const p = parts(instant, timeZone);
  const asUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant of a local date and time ('YYYY-MM-DD', 'HH:MM') in the zone. A time skipped by a
 * DST jump resolves forward; an ambiguous one resolves to its first occurrence.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const day = 24 * 3_600_000;
  // The zone's offsets a day before and after cover both sides of any transition near this time.
  const before = offsetAt(new Date(wall - day), timeZone);
  const after = offsetAt(new Date(wall + day), timeZone);
  const matches = [wall - before, wall - after].filter((t) => {
    const instant = new Date(t);
    return zonedDate(instant, timeZone) === date && zonedClock(instant, timeZone) === time;
  });
  return new Date(matches.length ? Math.min(...matches) : wall - before);
}

const dayRanges = new Map<string, { start: Date; end: Date }>();

/** [start, end) of the local day as instants: 23 or 25 hours long on DST days. */
export function zonedDayRange(date: string, timeZone: string): { start: Date; end: Date } {
  // Every summary and dashboard asks for today's range: about a dozen Intl calls, so remembered
  // (a zone's rules do not change while the process runs; the map is bounded).
  const key = `${timeZone} ${date}`;
  let range = dayRanges.get(key);
  if (!range) {
    const [y, m, d] = date.split('-').map(Number);
    const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
    range = { start: zonedInstant(date, '00:00', timeZone), end: zonedInstant(next, '00:00', timeZone) };
    if (dayRanges.size >= 1000) dayRanges.clear();
    dayRanges.set(key, range);
  }
  return { start: new Date(range.start), end: new Date(range.end) };
}

const nextDays = new Map<string, string>();

const sentenceDays = new Map<string, Intl.DateTimeFormat>();

/**
 * A calendar day ('2026-11-23') as a reader of `locale` writes it in a sentence: '23 Nov 2026' for
 * every English reader (en-GB's order, the product's English), '23. Nov. 2026' in German. A week is
 * named by its Monday so, "Week of 23 Nov 2026", on every screen, notification, report and export
 * (docs/product/glossary.md#week): the server and the browser write it with this one function.
 */
export function sentenceDay(isoDay: string, locale: string): string {
  const useLocale = locale.toLowerCase().startsWith('en') ? 'en-GB' : locale;
  let f = sentenceDays.get(useLocale);
  if (!f) {
    f = new Intl.DateTimeFormat(useLocale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    sentenceDays.set(useLocale, f);
  }
  return f.format(new Date(`${isoDay}T12:00:00Z`));
}

const MONTH_OFFSETS = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];
/**
 * The weekday of a 'YYYY-MM-DD' date, Monday 0 to Sunday 6 (weeks start on Monday). Arithmetic
 * (Sakamoto's rule), not a Date: expected time asks it for every day of every person in a range.
 */
export function weekdayOf(date: string): number {
  const m = Number(date.slice(5, 7));
  const d = Number(date.slice(8, 10));
  const y = Number(date.slice(0, 4)) - (m < 3 ? 1 : 0);
  const sundayFirst =
    (y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) + MONTH_OFFSETS[m - 1] + d) % 7;
  return (sundayFirst + 6) % 7;
}

/** Adds days to a 'YYYY-MM-DD' date. */
export function addDays(date: string, days: number): string {
  // Walking a range day by day is the ledger's and the calendar's inner loop: the next day of a date
  // is remembered (a few thousand dates at most between clears).
  if (days === 1) {
    const known = nextDays.get(date);
    if (known) return known;
  }
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const d = Number(date.slice(8, 10));
  const result = new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
  if (days === 1) {
    if (nextDays.size > 20_000) nextDays.clear();
    nextDays.set(date, result);
  }
  return result;
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * The instant a date-time the API takes names (the contract's `dateTimeInput`): as written when it
 * carries an offset, otherwise the wall-clock time read in the zone (DST as in `zonedInstant`).
 */
export function instantOf(value: string, timeZone: string): Date {
  const match = DATE_TIME.exec(value);
  if (!match) throw new RangeError(`Not a date-time: ${value}`);
  const [, date, time, seconds = '0', fraction = '', offset] = match;
  // Offsets and DST jumps are whole minutes, so seconds and their fraction are simply added.
  const extraMs = Number(seconds) * 1000 + Math.floor(Number(`0.${fraction || '0'}`) * 1000);
  if (!offset) return new Date(zonedInstant(date, time, timeZone).getTime() + extraMs);
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const sign = offset.startsWith('-') ? -1 : 1;
  const offsetMinutes =
    offset === 'Z' ? 0 : sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
  return new Date(Date.UTC(y, m - 1, d, hh, mm) + extraMs - offsetMinutes * 60_000);
}

/**
 * The instants that wall-clock times on `date` name in the zone (docs/product/time-tracking.md#manual-entries):
 * an end at or before the start is on the next day (a night shift: 22:00–01:00 is three hours).
 */
export function wallClockSpan(
  date: string,
  startTime: string,
  endTime: string,
  timeZone: string,
): { start: Date; end: Date } {
  const start = zonedInstant(date, startTime, timeZone);
  const endDate = endTime <= startTime ? addDays(date, 1) : date;
  return { start, end: zonedInstant(endDate, endTime, timeZone) };
}

/**
 * An edited entry's instants (docs/product/time-tracking.md#editing-entries). A time not sent, or
 * sent as it already reads, keeps its instant (moved by whole days to a new date); a changed time is
 * the minute typed on the entry's date, and a changed end at or before the start is on the next day.
 */
export function editedSpan(
  current: { start: Date; end: Date },
  edit: { date?: string; startTime?: string; endTime?: string },
  timeZone: string,
): { start: Date; end: Date } {
  const oldDate = zonedDate(current.start, timeZone);
  const date = edit.date ?? oldDate;
  const startClock = zonedClock(current.start, timeZone);
  const shift =
    date === oldDate
      ? 0
      : zonedInstant(date, startClock, timeZone).getTime() -
        zonedInstant(oldDate, startClock, timeZone).getTime();
  const changed = (instant: Date, sent: string | undefined): sent is string =>
    sent !== undefined && sent !== zonedClock(instant, timeZone);
  const start = changed(current.start, edit.startTime)
    ? zonedInstant(date, edit.startTime, timeZone)
    : new Date(current.start.getTime() + shift);
  if (!changed(current.end, edit.endTime)) return { start, end: new Date(current.end.getTime() + shift) };
  const end = zonedInstant(date, edit.endTime, timeZone);
  return { start, end: end > start ? end : zonedInstant(addDays(date, 1), edit.endTime, timeZone) };
}
