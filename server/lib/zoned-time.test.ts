import { describe, expect, it } from 'vitest';
import { addDays, isValidTimeZone, zonedClock, zonedDate, zonedDayRange, zonedInstant } from './zoned-time';

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
});
