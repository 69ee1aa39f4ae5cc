import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// docs/decisions/README.md lists every decision with its title (docs/decisions/031-test-loop.md).
const dir = new URL('../docs/decisions/', import.meta.url);
const files = readdirSync(dir).filter((name) => /^\d{3}-.+\.md$/.test(name));
const index = readFileSync(new URL('README.md', dir), 'utf8');
/** `| 031 | [Title](031-file.md) |` rows of the index */
const rows = [...index.matchAll(/^\| (\d{3}) \| \[(.+)\]\((\d{3}-[^)]+\.md)\) \|$/gm)].map(
  ([, number, title, file]) => ({ number, title, file }),
);

describe('the index of decisions', () => {
  it('lists every decision file, under its number and the title its heading gives', () => {
    expect(files.length).toBeGreaterThan(25);
    const missing = files.filter((file) => !rows.some((row) => row.file === file));
    expect(missing, 'add these to docs/decisions/README.md').toEqual([]);
    for (const row of rows) {
      const heading = readFileSync(new URL(row.file, dir), 'utf8').split('\n')[0];
      expect(heading, row.file).toBe(`# ${row.number} — ${row.title}`);
    }
  });

  it('points only to files that exist, once each, in order', () => {
    expect(rows.filter((row) => !files.includes(row.file))).toEqual([]);
    expect(new Set(rows.map((row) => row.file)).size).toBe(rows.length);
    expect(rows.map((row) => row.file)).toEqual([...rows.map((row) => row.file)].sort());
  });
});
