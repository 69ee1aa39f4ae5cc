import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, started first: without vitest's cache of past durations (a fresh
 * clone in CI has none) files run largest first, and a short file that runs for minutes (the fuzz
 * test is one test) started last leaves one worker busy alone at the end. Measured durations and the
 * reasoning: docs/decisions/031-test-loop.md. A file missing here only runs in vitest's own order.
 */
export const SLOW_FIRST = [
  'server/features/platform/fuzz-1.test.ts',
  'server/features/platform/fuzz-2.test.ts',
  'server/seed/seed-scripts.test.ts',
  'server/lib/backup.test.ts',
  'server/db/embedded.test.ts',
  'server/db/embedded-supervision.test.ts',
  'server/main.test.ts',
  'server/db/migrations.test.ts',
  'server/db/embedded-permissions.test.ts',
];

const rank = (spec: TestSpecification) => {
  const index = SLOW_FIRST.findIndex((path) => spec.moduleId.endsWith(`/${path}`));
  return index === -1 ? SLOW_FIRST.length : index;
};

export class SlowFirstSequencer extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the rest keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
