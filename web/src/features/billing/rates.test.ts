import { describe, expect, it } from 'vitest';
import { fromMinor, fromSeconds, toMinor, toSeconds, typedAmount, typedCurrency } from './money-input';
import { rateFormOf, rateRequest } from './rates';

const filled = { userId: null, amount: '90,50', currency: 'EUR', effectiveFrom: '2026-01-01' };

describe('the rate form', () => {
  it('reads amounts as people type them, in one place for rates and budgets', () => {
    expect(toMinor('90')).toBe(9000);
    expect(toMinor('12,5')).toBe(1250);
    expect(toMinor(' 0.07 ')).toBe(7);
    expect(toSeconds('1,5')).toBe(5400);
    expect(fromMinor(1250)).toBe('12.5');
    expect(fromSeconds(5400)).toBe('1.5');
    expect(typedAmount('x').safeParse('1.234').success).toBe(false);
    expect(typedAmount('x').safeParse('').success).toBe(false);
    expect(typedAmount('x', true).safeParse('').success).toBe(true);
    expect(typedCurrency().safeParse('eur').success).toBe(false);
    expect(typedCurrency(true).safeParse('').success).toBe(true);
  });

  it('needs a person for a cost rate only', () => {
    expect(rateFormOf(false).safeParse(filled).success).toBe(true);
    const cost = rateFormOf(true).safeParse(filled);
    expect(cost.success).toBe(false);
    expect(cost.error?.issues[0]).toMatchObject({ message: 'user_invalid', path: ['userId'] });
    expect(rateFormOf(true).safeParse({ ...filled, userId: 'u1' }).success).toBe(true);
    expect(rateFormOf(false).safeParse({ ...filled, amount: '-1' }).error?.issues[0].message).toBe(
      'rate_amount_invalid',
    );
  });

  it('sends the scope of its list', () => {
    const rate = { amountMinor: 9050, currency: 'EUR', effectiveFrom: '2026-01-01' };
    expect(rateRequest({ kind: 'organisation' }, filled)).toEqual(rate);
    expect(rateRequest({ kind: 'client', clientId: 'c1' }, filled)).toEqual({ ...rate, clientId: 'c1' });
    expect(rateRequest({ kind: 'project', projectId: 'p1', people: [] }, filled)).toEqual({
      ...rate,
      projectId: 'p1',
    });
    expect(
      rateRequest({ kind: 'project', projectId: 'p1', people: [] }, { ...filled, userId: 'u1' }),
    ).toEqual({ ...rate, projectId: 'p1', userId: 'u1' });
    expect(rateRequest({ kind: 'cost', people: [] }, { ...filled, userId: 'u1' })).toEqual({
      ...rate,
      kind: 'cost',
      userId: 'u1',
    });
  });
});
