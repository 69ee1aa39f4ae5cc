import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Several instances behind nginx (multi-instance.spec.ts): its own run, as it starts real processes. */
export default defineConfig({
  resolve: {
    alias: {
      '@contract': fileURLToPath(new URL('../../contract', import.meta.url)),
    },
  },
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['server/multi-instance/*.spec.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 30_000,
    hookTimeout: 300_000,
  },
});
