import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

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
    testTimeout: 60_000,
    hookTimeout: 90_000,
    globalSetup: ['e2e/global-setup.ts'],
  },
});
