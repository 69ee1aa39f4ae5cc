import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BalancedSequencer } from './sequencer';

export default defineConfig({
  resolve: {
    alias: {
      '@contract': fileURLToPath(new URL('../contract', import.meta.url)),
    },
  },
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['e2e/**/*.spec.ts'],
    environment: 'node',
    pool: 'forks',
    // One browser at a time on a 2-core machine; the server is shared.
    fileParallelism: false,
    // One worker imports Playwright and the helpers once and runs file after file (each file still
    // launches its own browser and makes its own accounts): the import was ~1 s of CPU a file.
    isolate: false,
    // `npm test` runs the journeys beside the API suites on the same two cores
    // (docs/decisions/031-test-loop.md): the limits are for a hang, not for a slow machine.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    globalSetup: ['e2e/global-setup.ts'],
    sequence: { sequencer: BalancedSequencer },
  },
});
