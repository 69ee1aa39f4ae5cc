import { existsSync } from 'node:fs';

/**
 * The Chromium to drive: CHROMIUM_PATH, else Debian's headless shell, else Debian's full Chromium.
 * The headless shell is the same Blink and V8 without the browser's own window machinery; the
 * journeys cost about a fifth to a third less CPU on it (docs/decisions/031-test-loop.md, addendum of
 * 2026-11-27 afternoon). Playwright's own builds make the same choice for headless runs. The
 * benchmark's browser figures keep the full Chromium (`headlessShell: false`), so they stay
 * comparable with those measured before.
 */
export function findChromium({ headlessShell = true } = {}) {
  const candidates = [
    process.env.CHROMIUM_PATH,
    headlessShell ? '/usr/bin/chromium-headless-shell' : undefined,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ];
  return candidates.find((p) => p && existsSync(p));
}
