import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each journey took alone on the 2-core machine (vitest's JSON report, 2026-11-26). `npm test`
 * runs the journeys in shards, each with its own server (docs/decisions/031-test-loop.md); vitest's
 * own split is by a hash of the path, which can put the two longest files in one shard. These weights
 * split them evenly instead. A file missing here counts as a typical journey; a listed file that no
 * longer exists fails the sequencer's test.
 */
export const SECONDS: Record<string, number> = {
  'a11y.spec.ts': 160, // 2026-11-27: screens after the first reached inside the app
  'a11y-dialogs.spec.ts': 120,
  // 55 s since 2026-11-27, but kept ahead of account-recovery.spec.ts, whose waiting accounts' long
  // addresses the phone check finds cut off (docs/decisions/031-test-loop.md, last addendum)
  'phones.spec.ts': 105,
  'account-recovery.spec.ts': 58,
  'accounts.spec.ts': 53,
  'project-page.spec.ts': 51,
  'tasks.spec.ts': 50,
  'ledger.spec.ts': 42,
  'time-off.spec.ts': 41,
  'time.spec.ts': 39,
  'shell.spec.ts': 39,
  'sign-in-redirect.spec.ts': 38,
  'languages.spec.ts': 37,
  'notifications.spec.ts': 37,
  'live-screens.spec.ts': 45,
  'time-off-effects.spec.ts': 37,
  'first-day-setup.spec.ts': 45,
  'first-days.spec.ts': 35,
  'attendance.spec.ts': 35,
  'two-factor.spec.ts': 34,
  'german.spec.ts': 33,
  'tokens-audit.spec.ts': 30,
  'chat.spec.ts': 29,
  'timesheets.spec.ts': 26,
  'sso.spec.ts': 24,
  'theme.spec.ts': 23,
  'data-lifecycle.spec.ts': 22,
  'cold-load.spec.ts': 21,
  'teams.spec.ts': 40,
  'chat-fuller.spec.ts': 21,
  'search-palette.spec.ts': 20,
  'reports.spec.ts': 20,
  'avatars.spec.ts': 18,
  'pseudo-locale.spec.ts': 17,
  'forgotten-timers.spec.ts': 15,
  'register-form.spec.ts': 14,
  'chat-mentions.spec.ts': 13,
  'short-entry.spec.ts': 11,
  'chat-live-order.spec.ts': 10,
  'error-language.spec.ts': 8,
  // 2026-11-27, new (issues 31, 32): estimated from their test counts, to be replaced by measured figures
  'task-page.spec.ts': 55,
  'task-board.spec.ts': 45,
  'task-undo.spec.ts': 55,
  'task-labels.spec.ts': 25,
  // measured 2026-11-27 with the rate screens' journey: 44–62 s of tests on a shared machine
  'billing.spec.ts': 55,
};
const TYPICAL = 30;

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
