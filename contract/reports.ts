import { z } from 'zod';
import { errorBody, isoDate } from './common';
import { type EndpointDefinition, endpoints } from './endpoint';

/**
 * Reports (docs/decisions/012-reports.md): every report takes the same filters, kept in the page's
 * URL. Days are the viewer's calendar days (their time zone, else the organisation's); weeks start
 * on Monday.
 */
export const MAX_REPORT_DAYS = 366;
export const MAX_GRID_DAYS = 31;
export const RANGE_TOO_LONG = 'report_range_too_long';
export const GRID_TOO_LONG = 'grid_range_too_long';
export const FROM_AFTER_TO = 'from_after_to';
/** Days from..to inclusive (both valid 'YYYY-MM-DD'). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

const filterShape = {
  from: isoDate,
  to: isoDate,
  userId: z.uuid({ message: 'user_invalid' }).optional(),
  projectId: z.uuid({ message: 'project_invalid' }).optional(),
  teamId: z.uuid({ message: 'team_invalid' }).optional(),
};

/** The filters with the range checked: in order, and at most `maxDays` long. */
function ranged<S extends z.core.$ZodLooseShape>(
  shape: S,
  maxDays = MAX_REPORT_DAYS,
  tooLong = RANGE_TOO_LONG,
) {
  return z
    .object(shape)
    .refine((v) => (v as { from: string }).from <= (v as { to: string }).to, {
      message: FROM_AFTER_TO,
      path: ['to'],
    })
    .refine(
      (v) => {
        const { from, to } = v as { from: string; to: string };
        const days = daysInRange(from, to);
        return from > to || Number.isNaN(days) || days <= maxDays;
      },
      { message: tooLong, path: ['to'] },
    );
}

/**
 * Whose data a report covers, said on screen (docs/product/reports.md#scope): the caller's own, the
 * people of their teams, one team, one person, or everyone; and the zones those people's days are
 * counted in (each person's own: docs/product/time-tracking.md#ledger).
 */
export const reportScopeInfo = z.object({
  kind: z.enum(['own', 'teams', 'team', 'person', 'everyone']),
  /** the teams covered, by name: the caller's teams (kind 'teams') or the one chosen ('team') */
  teams: z.array(z.string()),
  /** the person chosen (kind 'person'), by name */
  person: z.string().nullable(),
  /** the zones the people's days are counted in, each once */
  zones: z.array(z.string()),
});
export type ReportScopeInfo = z.infer<typeof reportScopeInfo>;

export const reportFilters = ranged(filterShape);
export type ReportFilters = z.infer<typeof reportFilters>;

export const TIME_GROUPS = ['project', 'user', 'day', 'week', 'month'] as const;
export const timeGroupBy = z.enum(TIME_GROUPS, { message: 'group_by_invalid' });
export type TimeGroupBy = z.infer<typeof timeGroupBy>;

export const timeReportQuery = ranged({ ...filterShape, groupBy: timeGroupBy.default('project') });
export type TimeReportQuery = z.infer<typeof timeReportQuery>;

/** One group of tracked time: a project, a user, or a period (day, week from its Monday, month). */
export const timeReportRow = z.object({
  /** project or user id ('none': entries without a project), or the period's first day 'YYYY-MM-DD' */
  key: z.string(),
  label: z.string(),
  seconds: z.number().int(),
  /** of the report's total, 0..1 (0 when nothing was tracked) */
  share: z.number(),
});
export type TimeReportRow = z.infer<typeof timeReportRow>;

export const timeReport = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /** whose data it covers, and the zones their days count in */
  scope: reportScopeInfo,
  groupBy: timeGroupBy,
  totalSeconds: z.number().int(),
  rows: z.array(timeReportRow),
});
export type TimeReport = z.infer<typeof timeReport>;

export const timeGridQuery = ranged(filterShape, MAX_GRID_DAYS, GRID_TOO_LONG);
export type TimeGridQuery = z.infer<typeof timeGridQuery>;

/** Tracked seconds per user (rows) and day (columns), with totals both ways. */
export const timeGrid = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /** whose data it covers, and the zones their days count in */
  scope: reportScopeInfo,
  days: z.array(z.string()),
  rows: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      /** one figure per day of `days` */
      seconds: z.array(z.number().int()),
      totalSeconds: z.number().int(),
    }),
  ),
  dayTotals: z.array(z.number().int()),
  totalSeconds: z.number().int(),
});
export type TimeGrid = z.infer<typeof timeGrid>;

/** Attendance and overtime have no project: their filters are the range and the user. */
const peopleShape = {
  from: filterShape.from,
  to: filterShape.to,
  userId: filterShape.userId,
  teamId: filterShape.teamId,
};

export const attendanceReportQuery = ranged(peopleShape);
export type AttendanceReportQuery = z.infer<typeof attendanceReportQuery>;

const attendanceFigures = {
  attendedSeconds: z.number().int(),
  trackedSeconds: z.number().int(),
  /** attended − tracked */
  differenceSeconds: z.number().int(),
};

/**
 * Per user: attended time (breaks excluded), days present, late arrivals, missed clock-outs and
 * break minutes; per user and day: attended against tracked time.
 */
export const attendanceReport = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /** whose data it covers, and the zones their days count in */
  scope: reportScopeInfo,
  users: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      ...attendanceFigures,
      daysPresent: z.number().int(),
      lateArrivals: z.number().int(),
      missedClockOuts: z.number().int(),
      breakMinutes: z.number().int(),
    }),
  ),
  days: z.array(z.object({ userId: z.string(), name: z.string(), day: z.string(), ...attendanceFigures })),
  totals: z.object({
    ...attendanceFigures,
    daysPresent: z.number().int(),
    lateArrivals: z.number().int(),
    missedClockOuts: z.number().int(),
    breakMinutes: z.number().int(),
  }),
});
export type AttendanceReport = z.infer<typeof attendanceReport>;

export const overtimeReportQuery = ranged(peopleShape);
export type OvertimeReportQuery = z.infer<typeof overtimeReportQuery>;

/** Expected against tracked time per user over the range's days up to today; balance = tracked − expected. */
export const overtimeReport = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /** whose data it covers, and the zones their days count in */
  scope: reportScopeInfo,
  /** the last day counted: `to`, or today when the range reaches into the future */
  countedTo: z.string(),
  users: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      expectedSeconds: z.number().int(),
      trackedSeconds: z.number().int(),
      balanceSeconds: z.number().int(),
    }),
  ),
  totals: z.object({
    expectedSeconds: z.number().int(),
    trackedSeconds: z.number().int(),
    balanceSeconds: z.number().int(),
  }),
});
export type OvertimeReport = z.infer<typeof overtimeReport>;

export const tasksReportQuery = ranged(filterShape);
export type TasksReportQuery = z.infer<typeof tasksReportQuery>;

/**
 * Tasks (`userId` is the assignee): completed per week, estimated against spent hours per project
 * of the tasks completed in the range, review turnaround and rework of the decisions made in the
 * range, and the tasks overdue now.
 */
export const tasksReport = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  completedPerWeek: z.array(z.object({ week: z.string(), label: z.string(), completed: z.number().int() })),
  projects: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      completed: z.number().int(),
      estimatedSeconds: z.number().int(),
      spentSeconds: z.number().int(),
    }),
  ),
  reviews: z.object({
    decided: z.number().int(),
    approved: z.number().int(),
    rework: z.number().int(),
    /** rework / decided, 0..1 (0 when nothing was decided) */
    reworkRate: z.number(),
    /** submitted → decided, in seconds; null when nothing was decided */
    averageTurnaroundSeconds: z.number().int().nullable(),
    medianTurnaroundSeconds: z.number().int().nullable(),
  }),
  overdue: z.object({
    count: z.number().int(),
    /** the 50 most overdue */
    tasks: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        assignee: z.string(),
        project: z.string().nullable(),
        dueDate: z.string(),
        daysOverdue: z.number().int(),
      }),
    ),
  }),
});
export type TasksReport = z.infer<typeof tasksReport>;

export const absencesReportQuery = ranged(peopleShape);
export type AbsencesReportQuery = z.infer<typeof absencesReportQuery>;

/**
 * Approved time off per person and type over the range (docs/product/time-off.md#counting): the
 * working days it takes (the person's schedule, less holidays) and the seconds it takes off the
 * expected time (an hourly type's hours), each person's own days.
 */
export const absencesReport = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  scope: reportScopeInfo,
  /** the types that occur, in the types' order */
  types: z.array(z.object({ id: z.string(), name: z.string(), color: z.string() })),
  rows: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      typeId: z.string(),
      days: z.number(),
      seconds: z.number().int(),
    }),
  ),
  /** per type, over everyone */
  typeTotals: z.array(z.object({ typeId: z.string(), days: z.number(), seconds: z.number().int() })),
  totals: z.object({ days: z.number(), seconds: z.number().int() }),
});
export type AbsencesReport = z.infer<typeof absencesReport>;

export const CSV_TYPE = 'text/csv; charset=utf-8';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A report's two downloads: the same filters as its JSON, the same rows and a totals row. */
function downloads<Q extends z.ZodObject>(path: `/api/reports/${string}`, what: string, query: Q) {
  return {
    csv: {
      method: 'GET',
      path: `${path}.csv`,
      summary: `${what} as CSV`,
      access: 'signedIn',
      query,
      responses: { 200: z.string(), 404: errorBody },
      produces: CSV_TYPE,
    },
    xlsx: {
      method: 'GET',
      path: `${path}.xlsx`,
      summary: `${what} as an Excel workbook`,
      access: 'signedIn',
      query,
      responses: { 200: z.string(), 404: errorBody },
      produces: XLSX_TYPE,
    },
  } as const satisfies Record<string, EndpointDefinition>;
}

const timeDownloads = downloads('/api/reports/time', 'Tracked time by group', timeReportQuery);
const gridDownloads = downloads('/api/reports/time-grid', 'Tracked time per user and day', timeGridQuery);
const attendanceDownloads = downloads(
  '/api/reports/attendance',
  'Attendance per user',
  attendanceReportQuery,
);
const tasksDownloads = downloads(
  '/api/reports/tasks',
  'Tasks completed, estimates, reviews and overdue tasks',
  tasksReportQuery,
);
const absencesDownloads = downloads(
  '/api/reports/absences',
  'Approved time off per user and type',
  absencesReportQuery,
);
const overtimeDownloads = downloads(
  '/api/reports/overtime',
  'Expected and tracked time per user',
  overtimeReportQuery,
);

/**
 * Employees see their own data only (another user's id is a 403); managers and admins see
 * everyone's (managers: their teams' once teams exist). A `teamId` that names no team is a 404.
 */
export const reportsApi = endpoints('Reports', {
  time: {
    method: 'GET',
    path: '/api/reports/time',
    summary: 'Tracked time grouped by project, user, day, week or month, with shares',
    access: 'signedIn',
    query: timeReportQuery,
    responses: { 200: timeReport, 404: errorBody },
  },
  timeCsv: timeDownloads.csv,
  timeXlsx: timeDownloads.xlsx,
  timeGrid: {
    method: 'GET',
    path: '/api/reports/time-grid',
    summary: 'Tracked time per user and day, with totals both ways',
    access: 'signedIn',
    query: timeGridQuery,
    responses: { 200: timeGrid, 404: errorBody },
  },
  timeGridCsv: gridDownloads.csv,
  timeGridXlsx: gridDownloads.xlsx,
  attendance: {
    method: 'GET',
    path: '/api/reports/attendance',
    summary: 'Attendance per user, and attended against tracked time per user and day',
    access: 'signedIn',
    query: attendanceReportQuery,
    responses: { 200: attendanceReport, 404: errorBody },
  },
  attendanceCsv: attendanceDownloads.csv,
  attendanceXlsx: attendanceDownloads.xlsx,
  overtime: {
    method: 'GET',
    path: '/api/reports/overtime',
    summary: 'Expected against tracked time per user, and the balance',
    access: 'signedIn',
    query: overtimeReportQuery,
    responses: { 200: overtimeReport, 404: errorBody },
  },
  overtimeCsv: overtimeDownloads.csv,
  overtimeXlsx: overtimeDownloads.xlsx,
  absences: {
    method: 'GET',
    path: '/api/reports/absences',
    summary: 'Approved time off per user and type: working days and hours',
    access: 'signedIn',
    query: absencesReportQuery,
    responses: { 200: absencesReport, 404: errorBody },
  },
  absencesCsv: absencesDownloads.csv,
  absencesXlsx: absencesDownloads.xlsx,
  tasks: {
    method: 'GET',
    path: '/api/reports/tasks',
    summary:
      'Tasks completed per week, estimated against spent hours, review turnaround, rework, overdue tasks',
    access: 'signedIn',
    query: tasksReportQuery,
    responses: { 200: tasksReport, 404: errorBody },
  },
  tasksCsv: tasksDownloads.csv,
  tasksXlsx: tasksDownloads.xlsx,
});
