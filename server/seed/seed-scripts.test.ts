import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const seed = (script: string, dataDir: string, ...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', `scripts/${script}`, ...args], {
    encoding: 'utf8',
    // PGlite keeps this test about the seeds (main.test.ts and e2e run the embedded default)
    env: { ...process.env, DATABASE_URL: '', WORKBENCH_STORAGE: 'pglite', DATA_DIR: dataDir, PORT: '1' },
  });

describe('seed commands', () => {
  it('seed:demo fills an empty database once and replaces its demo data with --force; seed:scale refuses one with data unless forced', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'wb-seed-')), 'data');
    const first = seed('seed-demo.ts', dataDir);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('alice@workbench.demo');
    const refused = seed('seed-demo.ts', dataDir);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('already has data');
    // --force replaces the demo organisation (demo-reset.test.ts checks what stays and what goes)
    const replaced = seed('seed-demo.ts', dataDir, '--force');
    expect(replaced.status, replaced.stderr).toBe(0);
    expect(replaced.stdout).toContain('Replaced the demo organisation (11 accounts)');
    const again = seed('seed-scale.ts', dataDir, '--scale', '0.001');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already has data');
    const forced = seed('seed-scale.ts', dataDir, '--scale', '0.001', '--force');
    expect(forced.status, forced.stderr).toBe(0);
    // Five processes one after another, each starting PGlite from disk (the first also migrating):
    // 163 s in a full `npm test` on this 2-core machine on a slow day (2026-12-07), beside the journeys.
  }, 300_000);
});
