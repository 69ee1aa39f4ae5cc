import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializer } from './serializer';

const schema = z.object({
  id: z.string(),
  reviewedAt: z.iso.datetime().nullable(),
  status: z.enum(['todo', 'done']),
  items: z.array(z.object({ n: z.number().int(), note: z.string().nullable() })),
});
const compile = (check: boolean) =>
  responseSerializer(check)({ schema, method: 'GET', url: '/x', httpStatus: '200' });

describe('response serializer', () => {
  it('writes only the properties the contract declares', () => {
    const row = { id: 'a', reviewedAt: null, status: 'todo', items: [], passwordHash: 'secret' };
    for (const check of [true, false]) {
      expect(JSON.parse(compile(check)(row))).toEqual({
        id: 'a',
        reviewedAt: null,
        status: 'todo',
        items: [],
      });
    }
  });

  it('writes nullable formatted strings and nested lists as JSON.stringify would', () => {
    const value = {
      id: 'b',
      reviewedAt: '2026-11-21T10:00:00.000Z',
      status: 'done',
      items: [
        { n: 1, note: 'first "quoted"\n' },
        { n: 2, note: null },
      ],
    };
    expect(compile(false)(value)).toBe(JSON.stringify(value));
  });

  it('outside production, refuses a response that breaks the contract', () => {
    const drifted = { id: 'c', reviewedAt: 'yesterday', status: 'lost', items: [] };
    expect(() => compile(true)(drifted)).toThrow();
  });
});
