import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each journey took in one shard beside the API suites (vitest's JSON report of a clean-clone
 * `npm test`, 2026-12-07). `npm test` runs the journeys in shards, each with its own server
 * (docs/decisions/031-test-loop.md); vitest's own split is by a hash of the path, which can put the
 * two longest files in one shard. These weights split them evenly instead. A file missing here counts
 * as a typical journey; a listed file that no longer exists fails the sequencer's test.
 * phones.spec.ts must stay ahead of account-recovery.spec.ts when both are in one shard: the phone
 * check finds the waiting accounts' long addresses cut off (the decision's addendum of 2026-11-27);
 * its weight is above account-recovery's, and the sequencer's test checks that it stays so.
 */
export const SECONDS: Record<string, number> = {
  'a11y.spec.ts': 121,
  'a11y-dialogs.spec.ts': 57,
  'billing.spec.ts': 42,
  'tasks.spec.ts': 41,
  'pseudo-locale.spec.ts': 37,
  'task-undo.spec.ts': 35,
  'accounts.spec.ts': 31,
  'phones.spec.ts': 31,
  'account-recovery.spec.ts': 26,
  'time-off.spec.ts': 26,
  'time.spec.ts': 24,
  'languages.spec.ts': 23,
  'ledger.spec.ts': 22,
  'project-page.spec.ts': 22,
  'teams.spec.ts': 21,
  'notifications.spec.ts': 20,
  'sign-in-redirect.spec.ts': 17,
  'tokens-audit.spec.ts': 17,
  'time-off-effects.spec.ts': 16,
  'two-factor.spec.ts': 16,
  'attendance.spec.ts': 15,
  'chat.spec.ts': 15,
  'live-screens.spec.ts': 15,
  'task-page.spec.ts': 14,
  'first-day-setup.spec.ts': 13,
  'task-board.spec.ts': 13,
  'timesheets.spec.ts': 13,
  'reports.spec.ts': 12,
  'shell.spec.ts': 12,
  'first-days.spec.ts': 11,
  'german.spec.ts': 10,
  'sso.spec.ts': 10,
  'chat-fuller.spec.ts': 8,
  'search-palette.spec.ts': 8,
  'avatars.spec.ts': 7,
  'cold-load.spec.ts': 7,
  'data-lifecycle.spec.ts': 7,
  'task-labels.spec.ts': 7,
  'theme.spec.ts': 7,
  'forgotten-timers.spec.ts': 6,
  'short-entry.spec.ts': 6,
  'chat-live-order.spec.ts': 4,
  'chat-mentions.spec.ts': 4,
  'register-form.spec.ts': 3,
  'error-language.spec.ts': 2,
};
const TYPICAL = 15;

const nameOf = (spec: TestSpecification) => spec.moduleId.split('/').pop() ?? spec.moduleId;
const weightOf = (spec: TestSpecification) => SECONDS[nameOf(spec)] ?? TYPICAL;

/** Longest first, each file to the shard with the least work so far; ties by name, so every shard agrees. */
export function balance<T>(
  files: T[],
  count: number,
  weight: (file: T) => number,
  name: (file: T) => string,
) {
  const shards = Array.from({ length: count }, () => ({ files: [] as T[], seconds: 0 }));
  const ordered = [...files].sort((a, b) => weight(b) - weight(a) || name(a).localeCompare(name(b)));
  for (const file of ordered) {
    const lightest = shards.reduce((min, shard) => (shard.seconds < min.seconds ? shard : min));
    lightest.files.push(file);
    lightest.seconds += weight(file);
  }
  return shards;
}

export class BalancedSequencer extends BaseSequencer {
  async shard(files: TestSpecification[]) {
    const { index, count } = this.ctx.config.shard ?? { index: 1, count: 1 };
    return balance(files, count, weightOf, nameOf)[index - 1].files;
  }

  /** Within a shard, longest first: a long file started last would run on alone at the end. */
  async sort(files: TestSpecification[]) {
    return [...files].sort((a, b) => weightOf(b) - weightOf(a) || nameOf(a).localeCompare(nameOf(b)));
  }
}
