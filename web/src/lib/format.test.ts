import { describe, expect, it } from 'vitest';
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
