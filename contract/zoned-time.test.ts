import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  editedSpan,
  instantOf,
  isValidTimeZone,
  zonedClock,
  zonedDate,
  zonedDayRange,
  zonedInstant,
  wallClockSpan,
  weekdayOf,
} from './zoned-time';

describe('zoned time', () => {
  it('puts an instant on the local calendar day', () => {
    const instant = new Date('2026-03-01T23:30:00Z');
    expect(zonedDate(instant, 'UTC')).toBe('2026-03-01');
    expect(zonedDate(instant, 'Europe/Berlin')).toBe('2026-03-02');
    expect(zonedDate(instant, 'America/New_York')).toBe('2026-03-01');
    expect(zonedClock(instant, 'Europe/Berlin')).toBe('00:30');
  });

  it('finds the instant of a local wall-clock time, across DST', () => {
    expect(zonedInstant('2026-01-15', '09:00', 'Europe/Berlin').toISOString()).toBe(
      '2026-01-15T08:00:00.000Z',
    );
    expect(zonedInstant('2026-07-15', '09:00', 'Europe/Berlin').toISOString()).toBe(
      '2026-07-15T07:00:00.000Z',
    );
    expect(zonedInstant('2026-07-15', '09:00', 'UTC').toISOString()).toBe('2026-07-15T09:00:00.000Z');
    // 02:30 does not exist on 2026-03-29 in Berlin (clocks jump 02:00 → 03:00)
    expect(zonedInstant('2026-03-29', '02:30', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    // 02:30 happens twice on 2026-10-25; the first one is meant
    expect(zonedInstant('2026-10-25', '02:30', 'Europe/Berlin').toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('gives 23- and 25-hour days on DST changes', () => {
    const spring = zonedDayRange('2026-03-29', 'Europe/Berlin');
    expect((spring.end.getTime() - spring.start.getTime()) / 3_600_000).toBe(23);
    const autumn = zonedDayRange('2026-10-25', 'Europe/Berlin');
    expect((autumn.end.getTime() - autumn.start.getTime()) / 3_600_000).toBe(25);
    expect(zonedDayRange('2026-05-01', 'UTC').start.toISOString()).toBe('2026-05-01T00:00:00.000Z');
  });

  it('checks zone names and adds days across months', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('reads a date-time the API takes: local ones in the zone, offset ones as written', () => {
    const iso = (value: string, zone: string) => instantOf(value, zone).toISOString();
    expect(iso('2026-01-15T09:00', 'Europe/Berlin')).toBe('2026-01-15T08:00:00.000Z');
    expect(iso('2026-07-15T09:00:30', 'Europe/Berlin')).toBe('2026-07-15T07:00:30.000Z');
    expect(iso('2026-07-15T09:00:30.25', 'America/New_York')).toBe('2026-07-15T13:00:30.250Z');
    // the spring gap resolves forward, the autumn repeat to its first occurrence
    expect(iso('2026-03-29T02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
    expect(iso('2026-10-25T02:30:15', 'Europe/Berlin')).toBe('2026-10-25T00:30:15.000Z');
    // either side of the spring change
    expect(iso('2026-03-29T01:59', 'Europe/Berlin')).toBe('2026-03-29T00:59:00.000Z');
    expect(iso('2026-03-29T03:00', 'Europe/Berlin')).toBe('2026-03-29T01:00:00.000Z');
    // with an offset the zone does not matter
    expect(iso('2026-03-29T02:30:00Z', 'Europe/Berlin')).toBe('2026-03-29T02:30:00.000Z');
    expect(iso('2026-03-29T02:30:00.123456+05:30', 'UTC')).toBe('2026-03-28T21:00:00.123Z');
    expect(iso('2026-03-29T02:30:00-03:00', 'Asia/Tokyo')).toBe('2026-03-29T05:30:00.000Z');
    expect(() => instantOf('tomorrow', 'UTC')).toThrow(RangeError);
  });
});

describe('the spans of typed times', () => {
  const iso = (span: { start: Date; end: Date }) => [span.start.toISOString(), span.end.toISOString()];

  it('puts an end at or before the start on the next day: a night shift', () => {
    expect(iso(wallClockSpan('2026-01-14', '22:00', '01:00', 'Europe/Berlin'))).toEqual([
      '2026-01-14T21:00:00.000Z',
      '2026-01-15T00:00:00.000Z',
    ]);
    expect(iso(wallClockSpan('2026-01-14', '09:00', '17:00', 'Europe/Berlin'))).toEqual([
      '2026-01-14T08:00:00.000Z',
      '2026-01-14T16:00:00.000Z',
    ]);
    // Across the October change a night from 22:00 to 06:00 lasts nine hours.
    const night = wallClockSpan('2026-10-24', '22:00', '06:00', 'Europe/Berlin');
    expect((night.end.getTime() - night.start.getTime()) / 3_600_000).toBe(9);
  });

  it('keeps the instants of times sent as they read, and moves them with a new date', () => {
    const current = { start: new Date('2026-01-14T08:00:45Z'), end: new Date('2026-01-14T08:01:30Z') };
    expect(iso(editedSpan(current, { startTime: '09:00', endTime: '09:01' }, 'Europe/Berlin'))).toEqual([
      '2026-01-14T08:00:45.000Z',
      '2026-01-14T08:01:30.000Z',
    ]);
    expect(iso(editedSpan(current, { date: '2026-01-16' }, 'Europe/Berlin'))).toEqual([
      '2026-01-16T08:00:45.000Z',
      '2026-01-16T08:01:30.000Z',
    ]);
  });

  it('reads a changed end at or before the start as the next day', () => {
    const current = { start: new Date('2026-01-14T21:00:00Z'), end: new Date('2026-01-14T22:00:00Z') };
    expect(iso(editedSpan(current, { startTime: '22:00', endTime: '02:00' }, 'Europe/Berlin'))).toEqual([
      '2026-01-14T21:00:00.000Z',
      '2026-01-15T01:00:00.000Z',
    ]);
    // An unchanged end stays where it is, even when a changed start passes it (the server refuses that).
    expect(iso(editedSpan(current, { startTime: '23:30', endTime: '23:00' }, 'Europe/Berlin'))).toEqual([
      '2026-01-14T22:30:00.000Z',
      '2026-01-14T22:00:00.000Z',
    ]);
  });
});

describe('the weekday of a date', () => {
  it('is the calendar weekday, Monday 0 to Sunday 6, on any date of 1600–2400', () => {
    expect(weekdayOf('2026-11-23')).toBe(0); // a Monday
    expect(weekdayOf('2024-02-29')).toBe(3);
    expect(weekdayOf('2000-03-01')).toBe(2);
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1600, 0, 1), max: Date.UTC(2400, 11, 31) }), (ms) => {
        const date = new Date(ms).toISOString().slice(0, 10);
        expect(weekdayOf(date)).toBe((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7);
      }),
      { numRuns: 2000 },
    );
  });
});
