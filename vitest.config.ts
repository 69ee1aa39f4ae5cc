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
    include: [
      'server/**/*.test.ts',
      'contract/**/*.test.ts',
      'web/src/**/*.test.ts',
      'scripts/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['server/test/global-setup.ts'],
    sequence: { sequencer: SlowFirstSequencer },
  },
});
