import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TasksReport } from '@contract/reports';
import { fixedClock } from '../../lib/clock';
import type { TestClient, TestContext } from '../../test/harness';
import { deliveryTeamApp, timeFixtures } from '../../test/time-fixtures';

// Wednesday 2 April 2025, 14:00 in Berlin.
const clock = fixedClock('2025-04-02T12:00:00Z');
let t: TestContext;
let anna: TestClient;
let ben: TestClient;
let manager: TestClient;
let apollo: string;
const RANGE = 'from=2025-03-24&to=2025-04-06';
const H = 3600;
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  let fx: ReturnType<typeof timeFixtures>;
  ({ t, fx, anna, ben, manager } = await deliveryTeamApp(clock));
  apollo = (await fx.project({ name: 'Apollo' })).id;
  const a = anna.user.id;
  const b = ben.user.id;
  const done = { status: 'completed' as const };
  // Approved after 24 h and after 2 h; estimated 2 h + 1.5 h, spent 2.5 h + 1 h.
  await fx.task(a, {
    ...done,
    title: 'T1',
    projectId: apollo,
    estimatedHours: 2,
    timeSpentSeconds: 9000,
    submittedAt: at('2025-03-24T10:00:00Z'),
    reviewedAt: at('2025-03-25T10:00:00Z'),
    reviewStatus: 'approved',
    completedAt: at('2025-03-25T10:00:00Z'),
  });
  await fx.task(a, {
    ...done,
    title: 'T2',
    projectId: apollo,
    estimatedHours: 1.5,
    timeSpentSeconds: 3600,
    submittedAt: at('2025-03-27T08:00:00Z'),
    reviewedAt: at('2025-03-27T10:00:00Z'),
    reviewStatus: 'approved',
    completedAt: at('2025-03-27T10:00:00Z'),
  });
  // Completed the next Monday, without a project or a review.
  await fx.task(b, { ...done, title: 'T3', timeSpentSeconds: 1800, completedAt: at('2025-03-31T09:00:00Z') });
  // Sent back after 6 h, due on Monday the 31st (00:00 CEST): 2 days overdue.
  await fx.task(b, {
    title: 'T4',
    status: 'in_progress',
    submittedAt: at('2025-03-28T09:00:00Z'),
    reviewedAt: at('2025-03-28T15:00:00Z'),
    reviewStatus: 'rework',
    dueDate: at('2025-03-30T22:00:00Z'),
  });
  await fx.task(a, { title: 'T5', dueDate: at('2025-04-05T10:00:00Z') });
  await fx.task(a, { title: 'T6', dueDate: at('2025-03-20T12:00:00Z') });
});
afterAll(() => t.close());

async function report(c: TestClient, query: string) {
  const res = await c.api.get(`/api/reports/tasks?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TasksReport;
}

describe('tasks report', () => {
  it('counts completions per week, estimates against time spent, reviews and overdue tasks', async () => {
    const r = await report(manager, RANGE);
    expect(r.completedPerWeek.map((w) => [w.week, w.label, w.completed])).toEqual([
      ['2025-03-24', 'Week of 24 Mar 2025', 2],
      ['2025-03-31', 'Week of 31 Mar 2025', 1],
    ]);
    expect(r.projects).toEqual([
      { key: apollo, name: 'Apollo', completed: 2, estimatedSeconds: 3.5 * H, spentSeconds: 3.5 * H },
      { key: 'none', name: 'No project', completed: 1, estimatedSeconds: 0, spentSeconds: 1800 },
    ]);
    expect(r.reviews).toEqual({
      decided: 3,
      approved: 2,
      rework: 1,
      reworkRate: 1 / 3,
      averageTurnaroundSeconds: ((24 + 2 + 6) / 3) * H,
      medianTurnaroundSeconds: 6 * H,
    });
    expect(r.overdue.count).toBe(2);
    expect(r.overdue.tasks.map((o) => [o.title, o.assignee, o.dueDate, o.daysOverdue])).toEqual([
      ['T6', 'Anna Adler', '2025-03-20', 13],
      ['T4', 'Ben Berg', '2025-03-31', 2],
    ]);
  });

  it('narrows to a project, and shows employees their own tasks only', async () => {
    const byProject = await report(manager, `${RANGE}&projectId=${apollo}`);
    expect(byProject.completedPerWeek.map((w) => w.completed)).toEqual([2, 0]);
    expect(byProject.reviews).toMatchObject({ decided: 2, rework: 0 });
    expect(byProject.overdue.count).toBe(0);
    const own = await report(anna, RANGE);
    expect(own.completedPerWeek.map((w) => w.completed)).toEqual([2, 0]);
    expect(own.overdue.tasks.map((o) => o.title)).toEqual(['T6']);
    expect((await anna.api.get(`/api/reports/tasks?${RANGE}&userId=${ben.user.id}`)).statusCode).toBe(403);
    const empty = await report(ben, 'from=2025-01-06&to=2025-01-12');
    expect(empty.reviews).toMatchObject({ decided: 0, reworkRate: 0, averageTurnaroundSeconds: null });
  });

  it('exports the four tables: CSV sections and one .xlsx sheet each', async () => {
    const r = await report(manager, RANGE);
    const csv = (await manager.api.get(`/api/reports/tasks.csv?${RANGE}`)).body;
    const sections = csv.trimEnd().split('\r\n\r\n');
    expect(sections.map((s) => s.split('\r\n')[0])).toEqual([
      'Completed per week',
      'Estimated vs spent',
      'Reviews',
      'Overdue',
    ]);
    expect(sections[1].split('\r\n').slice(2)).toEqual([
      'Apollo,2,3.5,3.5',
      'No project,1,0,0.5',
      'Total,3,3.5,4',
    ]);
    expect(sections[2].split('\r\n')[2]).toBe('3,2,1,33.3,10.67,6');
    // A task without a project is 'No project' here as on every screen (docs/product/glossary.md).
    expect(sections[3].split('\r\n').find((row) => row.startsWith('T4,'))).toMatch(
      /^T4,Ben Berg,No project,/,
    );
    const res = await manager.api.get(`/api/reports/tasks.xlsx?${RANGE}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual([
      'Completed per week',
      'Estimated vs spent',
      'Reviews',
      'Overdue',
    ]);
    const overdue = workbook.getWorksheet('Overdue');
    expect(overdue?.getCell('D2').value).toEqual(new Date('2025-03-20T00:00:00Z'));
    expect(overdue?.getCell('E2').value).toBe(r.overdue.tasks[0].daysOverdue);
    expect(overdue?.getCell('A4').value).toBe('Total: 2');
    const weeks = workbook.getWorksheet('Completed per week');
    expect(weeks?.getCell('A2').value).toEqual(new Date('2025-03-24T00:00:00Z'));
    expect(weeks?.getCell('B4').value).toBe(3);
  });
});

// Last: its completed task would change the shared fixtures' figures above.
describe('tasks report: review history', () => {
  it('counts every decision: a task sent back twice, then approved, is three reviews and two reworks', async () => {
    const { api: carl, user } = await t.userClient('employee', { firstName: 'Carl', lastName: 'Cruz' });
    await timeFixtures(t.db).team('Review desk', [manager.user.id], [user.id]);
    const created = await manager.api.post('/api/tasks', { title: 'Twice back', assigneeId: user.id });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const submit = () => carl.patch(`/api/tasks/${id}/submit`, { submissionNotes: 'Ready' });
    const decide = (action: 'approve' | 'rework') =>
      manager.api.patch(`/api/tasks/${id}/review`, { action, reviewComments: 'Look again' });
    clock.set('2025-04-01T08:00:00Z');
    for (const action of ['rework', 'rework', 'approve'] as const) {
      expect((await submit()).statusCode).toBe(200);
      clock.advance(3 * H * 1000); // three hours in review each time
      expect((await decide(action)).statusCode).toBe(200);
      clock.advance(H * 1000);
    }
    clock.set('2025-04-02T12:00:00Z');
    const r = await report(manager, `${RANGE}&userId=${user.id}`);
    expect(r.reviews).toEqual({
      decided: 3,
      approved: 1,
      rework: 2,
      reworkRate: 2 / 3,
      averageTurnaroundSeconds: 3 * H,
      medianTurnaroundSeconds: 3 * H,
    });
  });
});
