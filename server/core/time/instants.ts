/**
 * How the server holds instants of time records (docs/product/time-tracking.md#ledger): whole
 * seconds. Entries, timers and attendance are written with their instants cut to the second, so a
 * duration is a whole number of seconds however it is computed, and every sum of them is exact.
 */
export const wholeSeconds = (instant: Date): Date => new Date(Math.floor(instant.getTime() / 1000) * 1000);

/** THE duration of a time record: the whole seconds from start to end (never negative). */
export const durationSeconds = (start: Date, end: Date): number =>
  Math.max(
    0,
    Math.floor(wholeSeconds(end).getTime() / 1000) - Math.floor(wholeSeconds(start).getTime() / 1000),
  );

/** The longest entry the API takes (a night shift, not a forgotten timer): 24 hours. */
export const MAX_ENTRY_SECONDS = 24 * 60 * 60;
