import { afterEach, describe, expect, it } from 'vitest';
import { formatDuration } from './format';

describe('formatDuration', () => {
  it('shows hours and minutes, and a span under a minute in seconds rather than as nothing', () => {
    expect(formatDuration(5400)).toBe('1h 30m');
    expect(formatDuration(3599)).toBe('0h 59m');
    expect(formatDuration(60)).toBe('0h 1m');
    expect(formatDuration(59)).toBe('59s');
    expect(formatDuration(30)).toBe('30s');
    expect(formatDuration(1)).toBe('1s');
    expect(formatDuration(0)).toBe('0h 0m');
    expect(formatDuration(Number.NaN)).toBe('0h 0m');
  });
});

describe('formatBalance', () => {
  it('signs hours and minutes and drops zero hours', async () => {
    const { formatBalance } = await import('./format');
    expect(formatBalance(11700)).toBe('+3h 15m');
    expect(formatBalance(-3600)).toBe('−1h 0m');
    expect(formatBalance(-1800)).toBe('−30m');
    expect(formatBalance(0)).toBe('0m');
  });
});

describe('times of day in a zone', () => {
  it('reads an instant on the wall clock of the zone given, 24-hour', async () => {
    const { formatClock } = await import('./format');
    const instant = '2026-01-14T08:00:05Z';
    expect(formatClock(instant, 'Europe/Berlin')).toBe('09:00');
    expect(formatClock(instant, 'America/New_York')).toBe('03:00');
    expect(formatClock(instant, 'Europe/Berlin', { seconds: true })).toBe('09:00:05');
    expect(formatClock('2026-01-14T23:00:00Z', 'Europe/Berlin')).toBe('00:00');
    expect(formatClock(null, 'Europe/Berlin')).toBe('—');
  });

  it('writes a range, marking an end on the next day', async () => {
    const { formatTimeRange } = await import('./format');
    expect(formatTimeRange('2026-01-14T21:00:00Z', '2026-01-15T00:00:00Z', 'Europe/Berlin', true)).toBe(
      '22:00–01:00 (+1 day)',
    );
    expect(formatTimeRange('2026-01-14T08:00:00Z', '2026-01-14T16:00:00Z', 'Europe/Berlin')).toBe(
      '09:00–17:00',
    );
  });

  it('names a calendar day without shifting it', async () => {
    const { formatDayShort } = await import('./format');
    expect(formatDayShort('2025-10-31')).toBe('Fri 31 Oct');
  });
});

describe('the browser zone', () => {
  it('knows a zone by any of its names', async () => {
    const { isBrowserTimeZone } = await import('./format');
    const before = process.env.TZ;
    // Node reads a new TZ at once: this "browser" runs in UTC.
    process.env.TZ = 'UTC';
    try {
      expect(isBrowserTimeZone('UTC')).toBe(true);
      expect(isBrowserTimeZone('Etc/GMT-0')).toBe(true);
      expect(isBrowserTimeZone('Etc/UTC')).toBe(true);
      expect(isBrowserTimeZone('Europe/Berlin')).toBe(false);
      expect(isBrowserTimeZone('Not/AZone')).toBe(false);
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });
});

describe('the reader’s language and clock', () => {
  // 21:05 on a calendar day, in the browser's own zone (formatTime reads the browser's zone).
  const evening = new Date(2026, 0, 14, 21, 5);

  afterEach(async () => {
    const { setFormats } = await import('./format');
    setFormats('en-US', null);
  });

  it('writes German durations, numbers and times as German does: 24-hour, decimal comma', async () => {
    const { formatBalance, formatDuration, formatHours, formatNumber, formatTime, setFormats } = await import(
      './format'
    );
    setFormats('de-DE', null);
    expect(formatDuration(5400)).toBe('1 Std. 30 Min.');
    expect(formatDuration(45)).toBe('45 Sek.');
    expect(formatHours(7.25)).toBe('7,3 Std.');
    expect(formatBalance(-1800)).toBe('−30 Min.');
    expect(formatNumber(1234.5)).toBe('1.234,5');
    expect(formatTime(evening)).toBe('21:05');
  });

  it('keeps the English compact forms and the 12-hour clock in English', async () => {
    const { formatDuration, formatHours, formatNumber, formatTime, setFormats } = await import('./format');
    setFormats('en-US', null);
    expect(formatDuration(5400)).toBe('1h 30m');
    expect(formatHours(7.25)).toBe('7.3h');
    expect(formatNumber(1234.5)).toBe('1,234.5');
    expect(formatTime(evening)).toMatch(/^9:05\sPM$/);
  });

  it('writes a week one way, by its Monday, as the server does (docs/product/glossary.md#week)', async () => {
    const { formatWeekOf, setFormats } = await import('./format');
    const { sentenceDay } = await import('@contract/zoned-time');
    // Every English reader, wherever they are: day, short month, year (never 'Nov 23, 2026').
    for (const locale of ['en-US', 'en-GB', 'en-AU']) {
      setFormats(locale, null);
      expect(formatWeekOf('2026-11-23')).toBe('23 Nov 2026');
    }
    setFormats('de-DE', null);
    expect(formatWeekOf('2026-11-23')).toBe('23. Nov. 2026');
    expect(formatWeekOf('2025-03-24')).toBe(sentenceDay('2025-03-24', 'de-DE'));
  });

  it('follows a chosen clock: 12-hour gives AM/PM, 24-hour gives 21:05, in English as in German', async () => {
    const { formatDateTime, formatTime, setFormats } = await import('./format');
    setFormats('en-US', '24h');
    expect(formatTime(evening)).toBe('21:05');
    expect(formatDateTime(evening)).toMatch(/21:05$/);
    setFormats('en-US', '12h');
    expect(formatTime(evening)).toMatch(/^9:05\sPM$/);
    setFormats('de-DE', '12h');
    expect(formatTime(evening)).toMatch(/^9:05\sPM$/);
    setFormats('de-DE', '24h');
    expect(formatTime(evening)).toBe('21:05');
  });
});
