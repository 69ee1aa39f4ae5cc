import { dashboardApi } from '@contract/dashboard';
import { tasksApi } from '@contract/tasks';
import { teamsApi } from '@contract/teams';
import { timeOffApi } from '@contract/time-off';
import { timesheetsApi } from '@contract/timesheets';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket, stubBrowserForSocket } from './fake-web-socket';
import { apiKey } from './api';
import { liveRefreshes, refreshedBy, startLiveScreens } from './live-screens';
import { queryClient } from './query-client';

beforeAll(stubBrowserForSocket);
afterAll(() => vi.unstubAllGlobals());

/** The reads on screen, as the features key them. */
const recentTasks = apiKey(tasksApi.listMine, { query: { limit: 3 } });
const taskBoard = apiKey(tasksApi.list, { query: { limit: 50, status: 'todo' } });
const stats = apiKey(dashboardApi.stats, {});
const reviewQueue = apiKey(timesheetsApi.review, { query: { limit: 50 } });
const teamList = apiKey(teamsApi.list, { query: { limit: 500 } });
const onScreen = [recentTasks, taskBoard, stats, reviewQueue, teamList];

const isUnder = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((part, i) => JSON.stringify(part) === JSON.stringify(key[i]));

/** The keys an event refreshes: every read under them is fetched again. */
const prefixesOf = async (type: string) =>
  Promise.all(refreshedBy(type).map(async (endpoint) => apiKey(await endpoint())));

describe('live screens: which reads each event refreshes', () => {
  it('a task event reaches the dashboard’s Recent Tasks and figures and every task list; a week’s the review queue; a team’s the team list', async () => {
    const refreshes = async (type: string, key: readonly unknown[]) =>
      (await prefixesOf(type)).some((prefix) => isUnder(key, prefix));
    for (const key of [recentTasks, taskBoard, stats])
      expect(await refreshes('tasks.changed', key)).toBe(true);
    expect(await refreshes('tasks.changed', reviewQueue)).toBe(false);
    expect(await refreshes('timesheets.changed', reviewQueue)).toBe(true);
    expect(await refreshes('teams.changed', reviewQueue)).toBe(true);
    expect(await refreshes('teams.changed', teamList)).toBe(true);
    // Chat's own events carry what changed and are handled by chat; the socket's own need nothing.
    for (const type of ['message.created', 'typing', 'heartbeat', 'ready', 'toString'])
      expect(refreshedBy(type)).toEqual([]);
    expect(Object.keys(liveRefreshes).sort()).toEqual([
      'allowances.changed',
      'holidays.changed',
      'leave.changed',
      'leaveSettings.changed',
      'notifications.changed',
      'tasks.changed',
      'teams.changed',
      'timesheets.changed',
    ]);
  });

  it('time off: a request reaches the queue, My time off, balances, the calendar, who is out and the hours; an allowance only the balances', async () => {
    const refreshes = async (type: string, key: readonly unknown[]) =>
      (await prefixesOf(type)).some((prefix) => isUnder(key, prefix));
    // The keys as the time-off screens read them (web/src/features/time-off/api.ts).
    const approvalQueue = apiKey(timeOffApi.requests, { query: { decidable: 'true', limit: 200 } });
    const myRequests = apiKey(timeOffApi.requests, { query: { userId: 'u1', limit: 200 } });
    const myBalance = apiKey(timeOffApi.balances, { query: { year: 2026, userId: 'u1' } });
    const calendar = apiKey(timeOffApi.calendar, { query: { from: '2026-06-01', to: '2026-06-30' } });
    const outToday = apiKey(timeOffApi.outToday, {});
    const week = apiKey(timesheetsApi.get, { query: { week: '2026-06-08' } });
    const teamOvertime = apiKey(timesheetsApi.teamOvertime, {});
    const types = apiKey(timeOffApi.types, { query: {} });
    const yearHolidays = apiKey(timeOffApi.holidays, { query: { year: 2026 } });
    const shown = [approvalQueue, myRequests, myBalance, calendar, outToday, week, teamOvertime, stats];
    for (const key of shown) {
      expect(await refreshes('leave.changed', key), JSON.stringify(key)).toBe(true);
      expect(await refreshes('holidays.changed', key), JSON.stringify(key)).toBe(true);
      expect(await refreshes('leaveSettings.changed', key), JSON.stringify(key)).toBe(true);
    }
    expect(await refreshes('allowances.changed', myBalance)).toBe(true);
    for (const key of [approvalQueue, calendar, week, stats])
      expect(await refreshes('allowances.changed', key)).toBe(false);
    expect(await refreshes('leaveSettings.changed', types)).toBe(true);
    expect(await refreshes('holidays.changed', yearHolidays)).toBe(true);
    expect(await refreshes('leave.changed', types)).toBe(false);
    expect(await refreshes('leave.changed', recentTasks)).toBe(false);
  });

  it('an event makes its reads stale, and only those; a catch-up makes every live read stale', async () => {
    const stop = startLiveScreens();
    const socket = FakeWebSocket.last as FakeWebSocket;
    socket.readyState = FakeWebSocket.OPEN;
    socket.onopen?.();
    const seed = () => {
      for (const key of onScreen) queryClient.setQueryData(key, []);
    };
    const stale = () => onScreen.filter((key) => queryClient.getQueryState(key)?.isInvalidated);
    const settle = () => new Promise((r) => setTimeout(r, 20));

    seed();
    socket.receive({ type: 'tasks.changed', data: { taskId: 't1' } });
    await vi.waitFor(() => expect(stale()).toEqual([recentTasks, taskBoard, stats]));

    seed();
    socket.receive({ type: 'timesheets.changed', data: {} });
    await vi.waitFor(() => expect(stale()).toEqual([stats, reviewQueue]));

    seed();
    socket.receive({ type: 'message.created', data: {} });
    await settle();
    expect(stale()).toEqual([]);

    // The server missed events (as after the socket's own reconnect, lib/socket.ts): whatever was
    // missed meanwhile is fetched again.
    seed();
    socket.receive({ type: 'resync', data: {} });
    await vi.waitFor(() => expect(stale()).toEqual(onScreen));
    stop();
  });
});
