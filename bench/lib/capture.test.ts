import { describe, expect, it } from 'vitest';
import { ranBoth } from './capture';

const q = (query: string, ...params: unknown[]) => ({ query, params });

describe("the floor's capture keeps what a request runs every time", () => {
  it('drops a job statement that ran in only one of the two windows', () => {
    const first = [q('select session', 'a'), q('select due series', 1), q('select ledger', 'now1')];
    const second = [q('select session', 'a'), q('select ledger', 'now2')];
    expect(ranBoth(first, second)).toEqual([q('select session', 'a'), q('select ledger', 'now1')]);
  });

  it('keeps a statement as often as it ran both times, with the first run parameters', () => {
    const first = [q('select x', 1), q('select x', 2), q('select x', 3)];
    const second = [q('select x', 9), q('select x', 9)];
    expect(ranBoth(first, second)).toEqual([q('select x', 1), q('select x', 2)]);
  });
});
