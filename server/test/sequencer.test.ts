import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SLOW_FIRST } from './sequencer';

describe('the files started first', () => {
  it('all exist: a renamed slow file would silently fall back to running last', () => {
    const root = new URL('../../', import.meta.url);
    expect(SLOW_FIRST.filter((path) => !existsSync(new URL(path, root)))).toEqual([]);
  });
});
