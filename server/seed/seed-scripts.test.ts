import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const seed = (script: string, dataDir: string, ...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', `scripts/${script}`, ...args], {
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: '1' },
  });

describe('seed commands', () => {
  it('seed:demo fills an empty database once, refuses one with data, and goes ahead with --force', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'wb-seed-')), 'data');
    const first = seed('seed-demo.ts', dataDir);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('alice@workbench.demo');
    const again = seed('seed-scale.ts', dataDir, '--scale', '0.001');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already has data');
    const forced = seed('seed-scale.ts', dataDir, '--scale', '0.001', '--force');
    expect(forced.status, forced.stderr).toBe(0);
  }, 120_000);
});
