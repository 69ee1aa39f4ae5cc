import { defineConfig } from 'vitest/config';

/**
 * The benchmark's smoke run (bench/smoke.spec.ts): `npm run bench -- --smoke` to the end, every figure
 * reported. `npm test` runs it at the end of the API lane, once the client is built (its browser
 * figures load the built client), not in the browser lane, which is the longer one
 * (docs/decisions/031-test-loop.md). Alone: `npx vitest run --config bench/vitest.config.ts`.
 */
export default defineConfig({
  test: {
    include: ['bench/smoke.spec.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 540_000,
  },
});
