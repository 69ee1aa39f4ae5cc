// What `npm run bench` asks of the app: the hot reads (who reads, at what pace) and the write paths.
// The write paths post texts no seeded row holds, so the next run can remove them (lib/dataset.ts).
import { BENCH_ENTRY, BENCH_MESSAGE, type Dataset } from './dataset';
import type { Step } from './load';

/** The previous calendar month and the previous Monday–Sunday week (UTC days), for the reports. */
function lastMonthAndWeek(now = new Date()) {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const monthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7) - 7);
  const sunday = new Date(monday);
  sunday.setUTCDate(sunday.getUTCDate() + 6);
  return { month: [day(monthStart), day(monthEnd)], week: [day(monday), day(sunday)] };
}
const { month, week } = lastMonthAndWeek();

/**
 * A read, who makes it (an employee by default; the admin; the manager of the 100-person team), and
 * its pace when that is not everyone's: reports and team views are opened by a few managers now and
 * then (docs/performance.md, "A user's pace"), not by every user twice a second.
 */
export type Read = {
  name: string;
  path: string;
  who?: 'admin' | 'teamManager';
  pace?: { users: number; rate: number };
};
const MANAGERS_PACE = { users: 10, rate: 0.5 };
/**
 * Search is asked for from the palette, after a 200 ms pause in typing: all 100 users at once, each
 * searching every 2 s without end, is already far busier than a team (docs/performance.md, "Search").
 */
const SEARCH_PACE = { users: 100, rate: 0.5 };
export const allReads = (d: Dataset): Read[] => [
  { name: 'GET /api/auth/user', path: '/api/auth/user' },
  { name: 'GET /api/my-tasks', path: '/api/my-tasks?limit=50' },
  { name: 'GET /api/tasks (filtered)', path: '/api/tasks?status=in_progress&limit=50' },
  // A task's page (docs/product/tasks.md#task-page): the task in full and its history, as the admin,
  // who may see every task.
  { name: 'GET /api/tasks/{id}', path: `/api/tasks/${d.taskId}`, who: 'admin' },
  { name: 'GET /api/tasks/{id}/activity', path: `/api/tasks/${d.taskId}/activity`, who: 'admin' },
  { name: 'GET /api/time-entries', path: '/api/time-entries?limit=50' },
  { name: 'GET /api/time-entries/summary', path: '/api/time-entries/summary' },
  { name: 'GET /api/dashboard/stats', path: '/api/dashboard/stats' },
  { name: 'GET /api/chat/conversations', path: '/api/chat/conversations' },
  { name: 'GET /api/chat/{id}/messages', path: `/api/chat/${d.generalId}/messages?limit=50` },
  // The bell (every page, and again on each push) and its panel (docs/decisions/013).
  { name: 'GET /api/notifications', path: '/api/notifications?limit=20' },
  { name: 'GET /api/notifications/unread-count', path: '/api/notifications/unread-count' },
  // The palette's search (docs/decisions/025): a word every seeded message holds (the newest visible
  // ones are found in each conversation's latest window), and a prefix that only some rows match.
  { name: 'GET /api/search (common word)', path: '/api/search?q=work', pace: SEARCH_PACE },
  { name: 'GET /api/search (prefix)', path: '/api/search?q=12', pace: SEARCH_PACE },
  // A manager's month for everyone grouped by user, and everyone's week grid (docs/decisions/012-reports.md).
  {
    name: 'GET /api/reports/time (month, by user)',
    path: `/api/reports/time?from=${month[0]}&to=${month[1]}&groupBy=user`,
    who: 'admin',
    pace: MANAGERS_PACE,
  },
  // The billable report of a month over all clients (docs/product/billing.md#reports): the ledger's
  // month for everyone, priced per entry.
  {
    name: 'GET /api/reports/billable (month, by client)',
    path: `/api/reports/billable?from=${month[0]}&to=${month[1]}&groupBy=client`,
    who: 'admin',
    pace: MANAGERS_PACE,
  },
  {
    name: 'GET /api/reports/time-grid (week)',
    path: `/api/reports/time-grid?from=${week[0]}&to=${week[1]}`,
    who: 'admin',
    pace: MANAGERS_PACE,
  },
  // The manager of a 100-person team whose last week is all submitted (server/seed/scale.ts).
  {
    name: 'GET /api/timesheets/review (100-person team)',
    path: '/api/timesheets/review?limit=50',
    who: 'teamManager',
    pace: MANAGERS_PACE,
  },
  {
    name: "GET /api/reports/time-grid (100-person team's week)",
    path: `/api/reports/time-grid?from=${week[0]}&to=${week[1]}${d.teamId ? `&teamId=${d.teamId}` : ''}`,
    who: 'teamManager',
    pace: MANAGERS_PACE,
  },
  // Time off (docs/product/time-off.md): the 100-person team's month calendar, and everyone's
  // balances of the year (1,000 people at ×1), each worked out from schedules, holidays and requests.
  {
    name: "GET /api/leave/calendar (100-person team's month)",
    path: `/api/leave/calendar?from=${month[0]}&to=${month[1]}${d.teamId ? `&teamId=${d.teamId}` : ''}`,
    who: 'teamManager',
    pace: MANAGERS_PACE,
  },
  {
    name: "GET /api/leave/balances (everyone's year)",
    path: '/api/leave/balances',
    who: 'admin',
    pace: MANAGERS_PACE,
  },
  {
    name: 'GET /api/timesheets/team-overtime (100-person team)',
    path: `/api/timesheets/team-overtime${d.teamId ? `?teamId=${d.teamId}` : ''}`,
    who: 'teamManager',
    pace: MANAGERS_PACE,
  },
];

export const writes = (d: Dataset): { name: string; steps: Step[] }[] => [
  {
    name: 'POST timer start + stop',
    steps: [
      {
        method: 'POST',
        path: '/api/timer/start',
        body: { projectId: d.projectId, description: BENCH_ENTRY },
      },
      { method: 'POST', path: '/api/timer/stop', body: {} },
    ],
  },
  {
    // A late clock-in also notifies the person's managers and the admins (lib/dataset.ts).
    name: `POST clock in + out (${d.clockInsLate ? 'late arrivals' : 'on time'})`,
    steps: [
      { method: 'POST', path: '/api/attendance/clock-in', body: {} },
      { method: 'POST', path: '/api/attendance/clock-out', body: {} },
    ],
  },
  {
    name: 'POST chat message',
    steps: [{ method: 'POST', path: `/api/chat/${d.generalId}/messages`, body: { content: BENCH_MESSAGE } }],
  },
];
