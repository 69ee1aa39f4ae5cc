import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './server/test/sequencer';

export default defineConfig({
  resolve: {
    alias: {
      '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
      '@': fileURLToPath(new URL('./web/src', import.meta.url)),
    },
  },
  test: {
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['server/test/global-setup.ts'],
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: [
            'server/**/*.test.ts',
            'contract/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
            'e2e/**/*.test.ts',
          ],
          // A worker imports the server once and runs file after file on it: the import was a third of
          // the suite's time. Each file still builds its own app on its own database
          // (docs/decisions/031-test-loop.md); none mocks a module.
          isolate: false,
        },
      },
      {
        extends: true,
        // The web's unit tests mock modules (vi.mock), so each file gets its own module graph.
        test: { name: 'web', include: ['web/src/**/*.test.ts'] },
      },
    ],
  },
});
