import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { billedSeconds, type LedgerEntry, priceOf, RateBook, type RateRow, roundUp } from './money';

// Money × time by property (docs/decisions/046-billing.md): whole minor units, exact, never floats.
describe('money × time', () => {
  it('rounds up to whole steps, never down, by less than one step', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 86_400 }), fc.constantFrom(0, 6, 15, 30), (seconds, minutes) => {
        const billed = roundUp(seconds, minutes);
        expect(billed).toBeGreaterThanOrEqual(seconds);
        if (minutes === 0) expect(billed).toBe(seconds);
        else {
          expect(billed % (minutes * 60)).toBe(0);
          expect(billed - seconds).toBeLessThan(minutes * 60);
        }
      }),
    );
  });

  it('prices exactly: a whole number of minor units within half a unit of the true amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 86_400 }),
        fc.integer({ min: 0, max: 100_000_000_000 }),
        (s, rate) => {
          const minor = priceOf(s, rate);
          expect(Number.isInteger(minor)).toBe(true);
          // |minor − s·rate/3600| ≤ 1/2, checked in integers: |3600·minor − s·rate| ≤ 1800
          const diff = BigInt(minor) * 3600n - BigInt(s) * BigInt(rate);
          expect(diff <= 1800n && diff > -1800n).toBe(true);
        },
      ),
    );
  });

  it('prices whole hours at exactly the rate, and is additive over whole hours', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 10_000_000 }), (hours, rate) => {
        expect(priceOf(hours * 3600, rate)).toBe(hours * rate);
      }),
    );
  });

  it('per-day rounding bills each day sum rounded up, and never less than per-entry time', () => {
    const entry = fc.record({
      day: fc.constantFrom('2025-03-03', '2025-03-04'),
      seconds: fc.integer({ min: 1, max: 7200 }),
    });
    fc.assert(
      fc.property(
        fc.array(entry, { minLength: 1, maxLength: 12 }),
        fc.constantFrom(6, 15, 30),
        (list, minutes) => {
          const entries: LedgerEntry[] = list.map((e, i) => ({
            entryId: `e${i}`,
            userId: 'u',
            projectId: 'p',
            taskId: null,
            clientId: null,
            day: e.day,
            seconds: e.seconds,
            billable: true,
            invoiceId: null,
            roundingMinutes: minutes,
            roundingScope: 'day',
          }));
          const billed = billedSeconds(entries);
          for (const day of ['2025-03-03', '2025-03-04']) {
            const ofDay = entries.filter((e) => e.day === day);
            const raw = ofDay.reduce((s, e) => s + e.seconds, 0);
            const sum = ofDay.reduce((s, e) => s + (billed.get(e.entryId) ?? 0), 0);
            expect(sum).toBe(roundUp(raw, minutes));
          }
        },
      ),
    );
  });

  it('takes the most specific rate in effect on the day', () => {
    const rate = (r: Partial<RateRow>): RateRow => ({
      id: Math.random().toString(36),
      kind: 'billable',
      clientId: null,
      projectId: null,
      userId: null,
      amountMinor: 0,
      currency: 'EUR',
      effectiveFrom: '2025-01-01',
      ...r,
    });
    const book = new RateBook([
      rate({ amountMinor: 1 }),
      rate({ clientId: 'c', amountMinor: 2 }),
      rate({ projectId: 'p', amountMinor: 3, effectiveFrom: '2025-03-01' }),
      rate({ projectId: 'p', amountMinor: 4, effectiveFrom: '2025-03-16' }),
      rate({ projectId: 'p', userId: 'u', amountMinor: 5, effectiveFrom: '2025-03-20' }),
    ]);
    expect(book.billable('u', 'p', 'c', '2025-02-28')?.amountMinor).toBe(2);
    expect(book.billable('u', 'p', 'c', '2025-03-15')?.amountMinor).toBe(3);
    expect(book.billable('u', 'p', 'c', '2025-03-16')?.amountMinor).toBe(4);
    expect(book.billable('u', 'p', 'c', '2025-03-20')?.amountMinor).toBe(5);
    expect(book.billable('v', 'p', 'c', '2025-03-20')?.amountMinor).toBe(4);
    expect(book.billable('v', 'q', null, '2025-03-20')?.amountMinor).toBe(1);
  });
});
