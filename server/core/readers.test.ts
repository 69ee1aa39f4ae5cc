import { describe, expect, it } from 'vitest';
import { type AlertRow, toAlert } from './attendance-alerts';
import { readerOf } from './readers';

/** The words and formats of one reader (docs/decisions/035-languages.md): English exactly as before. */
describe('readers', () => {
  const row = (kind: AlertRow['kind'], amount: number | null, auto = false): AlertRow => ({
    kind,
    ref: 'r1',
    user_id: 'u1',
    date: '2026-03-02',
    at: Date.parse('2026-03-02T10:05:00Z'),
    amount,
    auto_closed: auto,
    user_name: 'Anna Adler',
  });
  const message = (language: 'en' | 'de', r: AlertRow) =>
    toAlert(r, '09:00', '17:00', 'Europe/Berlin', readerOf(language)).message;

  it('writes an alert in English as it always was, and in German', () => {
    expect(message('en', row('late_arrival', 12))).toBe(
      'Late arrival: clocked in at 11:05, 12 min after 09:00',
    );
    expect(message('en', row('late_arrival', 125))).toBe(
      'Late arrival: clocked in at 11:05, 2 h 5 min after 09:00',
    );
    expect(message('de', row('late_arrival', 125))).toBe(
      'Verspätete Ankunft: eingestempelt um 11:05, 2 Std. 5 Min. nach 09:00',
    );
    expect(message('en', row('missing_clock_out', null, true))).toBe(
      'Missing clock-out: closed automatically at 11:05',
    );
    expect(message('de', row('missing_clock_out', null))).toBe(
      'Fehlendes Ausstempeln: nach 17:00 noch eingestempelt',
    );
    expect(message('en', row('long_day', 9.5))).toBe('Long day: 9.5 h worked, over the 8-hour day');
    expect(message('de', row('long_day', 9.5))).toBe(
      'Langer Tag: 9,5 Std. gearbeitet, länger als der 8-Stunden-Tag',
    );
  });

  it('formats days, instants and numbers per language', () => {
    const en = readerOf('en');
    const de = readerOf('de');
    expect(en.day('2026-03-02')).toBe('2026-03-02');
    expect(de.day('2026-03-02')).toBe('02.03.2026');
    expect(en.longDay('2025-10-27')).toBe('27 Oct 2025');
    expect(en.instant(new Date('2026-03-02T10:05:00Z'), 'UTC')).toBe('2026-03-02 10:05');
    expect(de.instant(new Date('2026-03-02T10:05:00Z'), 'UTC')).toBe('02.03.2026, 10:05');
    expect(en.decimal(7.5, 2)).toBe('7.50');
    expect(de.decimal(1234.5, 2)).toBe('1234,50');
    expect(de.number(2.5)).toBe('2,5');
  });
});
