import type { ServerEvent } from '@contract/chat';
import type { Endpoint } from '@contract/endpoint';
import { useEffect } from 'react';
import { type LazyEndpoint, refresh } from './api';
import { onLiveReconnect, subscribeLive } from './socket';

/**
 * Live screens (docs/product/client-behaviour.md#live-screens): what another person changes shows
 * on every open screen without a reload. The server tells only those who may see a change that
 * something changed (docs/decisions/037-live-screens.md); here each such event names the reads it
 * refreshes, and the server answers them by its own visibility rules. Chat keeps its own events,
 * which carry the messages themselves (features/chat/live.ts).
 *
 * The endpoints load with their contract modules when first needed: the shell stays small.
 */
type Refreshed = LazyEndpoint<Endpoint>;
const contract =
  <M>(load: () => Promise<M>) =>
  (pick: (module: M) => Endpoint): Refreshed =>
  () =>
    load().then(pick);

const tasks = contract(() => import('@contract/tasks'));
const projects = contract(() => import('@contract/projects'));
const dashboard = contract(() => import('@contract/dashboard'));
const notifications = contract(() => import('@contract/notifications'));
const timesheets = contract(() => import('@contract/timesheets'));
const teams = contract(() => import('@contract/teams'));
const schedules = contract(() => import('@contract/schedules'));
const timeOff = contract(() => import('@contract/time-off'));
const reports = contract(() => import('@contract/reports'));

const taskLists = tasks((m) => m.tasksApi.list);
const myTasks = tasks((m) => m.tasksApi.listMine);
const projectList = projects((m) => m.projectsApi.list);
const stats = dashboard((m) => m.dashboardApi.stats);
const bell = notifications((m) => m.notificationsApi.list);
const sheets = timesheets((m) => m.timesheetsApi.get);
const reviewQueue = timesheets((m) => m.timesheetsApi.review);
const teamOvertime = timesheets((m) => m.timesheetsApi.teamOvertime);
const teamList = teams((m) => m.teamsApi.list);
const schedule = schedules((m) => m.schedulesApi.get);
const outToday = timeOff((m) => m.timeOffApi.outToday);
const leaveRequests = timeOff((m) => m.timeOffApi.requests);
const balances = timeOff((m) => m.timeOffApi.balances);
const absenceCalendar = timeOff((m) => m.timeOffApi.calendar);
const leaveTypes = timeOff((m) => m.timeOffApi.types);
const leavePolicy = timeOff((m) => m.timeOffApi.policy);
const holidays = timeOff((m) => m.timeOffApi.holidays);
const holidayRegion = timeOff((m) => m.timeOffApi.region);
const overtimeReport = reports((m) => m.reportsApi.overtime);
const absencesReport = reports((m) => m.reportsApi.absences);

/**
 * What leave changes (docs/decisions/041-live-time-off.md): the requests (My time off, the
 * approval queue), balances, the team calendar and "Who's out today"; and, since leave and holidays
 * change expected time (decision 033), the timesheet, team overtime, the dashboard's figures and the
 * overtime and absences reports.
 */
const afterLeave = [
  leaveRequests,
  balances,
  absenceCalendar,
  outToday,
  sheets,
  teamOvertime,
  stats,
  overtimeReport,
  absencesReport,
];

/** The one mapping: which reads each live event makes stale. A refresh refetches those on screen. */
export const liveRefreshes = {
  // My Tasks (and the dashboard's Recent Tasks, its first few), the task table and board, the
  // projects' task counts, the dashboard's figures.
  'tasks.changed': [taskLists, myTasks, projectList, stats],
  'notifications.changed': [bell],
  // The week's own sheet (and the dashboard's overtime from it), the review queue, team overtime.
  'timesheets.changed': [sheets, reviewQueue, teamOvertime, stats],
  // Who manages whom moves with a team's people: what a manager may read moves with it.
  'teams.changed': [teamList, schedule, reviewQueue, teamOvertime, outToday],
  // A request made, decided or cancelled: every screen that shows leave or the hours it excuses.
  'leave.changed': afterLeave,
  // An entitlement or an adjustment: the balances (My time off's card, the Balances table).
  'allowances.changed': [balances],
  // A type renamed, recoloured or archived, or the allowance rules: what shows types and balances.
  'leaveSettings.changed': [leaveTypes, leavePolicy, ...afterLeave],
  // Holidays excuse days and change what leave costs: the holidays, and everything leave changes.
  'holidays.changed': [holidays, holidayRegion, ...afterLeave],
} satisfies Partial<Record<ServerEvent['type'], Refreshed[]>>;

export type LiveScreenEvent = keyof typeof liveRefreshes;

/** What an event refreshes; none for events others handle (chat's, heartbeats). */
export const refreshedBy = (type: string): readonly Refreshed[] =>
  Object.hasOwn(liveRefreshes, type) ? liveRefreshes[type as LiveScreenEvent] : [];

/** Everything live screens show: refreshed after the socket comes back, for what it missed meanwhile. */
const everything = [...new Set(Object.values(liveRefreshes).flat())];

/** Listens for the events above (and for the socket's return) until the returned function is called. */
export function startLiveScreens(): () => void {
  const stopLive = subscribeLive((event) => {
    const refreshed = refreshedBy(event.type);
    if (refreshed.length > 0) void refresh(...refreshed);
  });
  const stopReconnect = onLiveReconnect(() => void refresh(...everything));
  return () => {
    stopLive();
    stopReconnect();
  };
}

/** Keeps every screen of the signed-in app live; mounted once, in the shell. */
export function useLiveScreens() {
  useEffect(startLiveScreens, []);
}
