import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Not a timed test: it only proves `npm run bench` runs to the end and reports every figure.
describe('benchmark smoke run', () => {
  it('measures every endpoint, the floors, writes, the browser and chat on a tiny data set', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--smoke'], {
      encoding: 'utf8',
      timeout: 480_000, // a hang, not a slow machine: it shares the cores with the rest of npm test
      env: { ...process.env, DATABASE_URL: '' },
    });
    expect(run.status, run.stderr + run.stdout.slice(-2000)).toBe(0);
    const report = readFileSync('.tmp/bench-report.md', 'utf8');
    for (const endpoint of [
      '/api/auth/user',
      '/api/my-tasks',
      '/api/tasks (filtered)',
      '/api/tasks/{id}',
      '/api/tasks/{id}/activity',
      '/api/time-entries/summary',
      '/api/dashboard/stats',
      '/api/chat/conversations',
      '/api/chat/{id}/messages',
      '/api/reports/time (month, by user)',
      '/api/reports/billable (month, by client)',
      '/api/reports/time-grid (week)',
      '/api/timesheets/review (100-person team)',
      "/api/reports/time-grid (100-person team's week)",
      '/api/timesheets/team-overtime (100-person team)',
      '/api/notifications',
      '/api/notifications/unread-count',
    ]) {
      expect(report).toContain(`GET ${endpoint}`);
    }
    // every read also at a user's pace, with no failed request
    const paced = report.split("## Hot reads at a user's pace")[1]?.split('## Writes')[0] ?? '';
    expect(
      paced.match(/\| GET .* \| pglite \| ×0\.001 \| \d+ × [\d.]+\/s \| \d+ \| \d+ \| \d+ \| 0 \|/g),
    ).toHaveLength(
      22, // the twelve hot reads (the task page's two among them), the three reports over everyone (the
      // month's time, its billable amounts, the week grid), the
      // three team views, two searches, the leave calendar of the 100-person team and everyone's balances
    );
    expect(report).toMatch(
      /\| POST timer start \+ stop \| pglite \| ×0\.001 \| [\d.]+ \| [\d.]+ \| [\d.]+ \| 0 \|/,
    );
    expect(report).toMatch(/\| \/login \(signed out\) \| [\d.]+ KB \| \d+ \|/);
    expect(report).toMatch(/one at a time \(\d+ msgs/);
  }, 540_000);
});
