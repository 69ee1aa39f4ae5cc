import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { balance, SECONDS } from './sequencer';

describe('the browser journeys split into shards', () => {
  it('weighs only journeys that exist, and every journey is weighed', () => {
    const here = new URL('./', import.meta.url);
    expect(Object.keys(SECONDS).filter((name) => !existsSync(new URL(name, here)))).toEqual([]);
    const journeys = readdirSync(here).filter((name) => name.endsWith('.spec.ts'));
    expect(journeys.filter((name) => !(name in SECONDS))).toEqual([]);
  });

  it('gives every file to exactly one shard, the work split within the longest file of even', () => {
    const files = Object.keys(SECONDS);
    for (const count of [1, 2, 3]) {
      const shards = balance(
        files,
        count,
        (f) => SECONDS[f],
        (f) => f,
      );
      expect(shards.flatMap((s) => s.files).sort()).toEqual([...files].sort());
      const loads = shards.map((s) => s.seconds);
      expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(
        Math.max(...Object.values(SECONDS)),
      );
    }
  });

  it('puts the two longest journeys in different shards', () => {
    const [longest, second] = Object.keys(SECONDS).sort((a, b) => SECONDS[b] - SECONDS[a]);
    const [first, other] = balance(
      Object.keys(SECONDS),
      2,
      (f) => SECONDS[f],
      (f) => f,
    );
    expect(first.files[0]).toBe(longest);
    expect(other.files[0]).toBe(second);
    expect(Math.abs(first.seconds - other.seconds)).toBeLessThan(60);
  });

  it('runs the phone check before the account recovery journey in a shard that has both', () => {
    // its waiting accounts' long addresses show cut off on a phone (e2e/sequencer.ts)
    expect(SECONDS['phones.spec.ts']).toBeGreaterThan(SECONDS['account-recovery.spec.ts']);
  });
});
