import { existsSync } from 'node:fs';

/** The Chromium to drive: CHROMIUM_PATH, else Debian's. */
export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p) => p && existsSync(p));
}
