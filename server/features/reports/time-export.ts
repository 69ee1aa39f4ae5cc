import type {
  AbsencesReport,
  AttendanceReport,
  OvertimeReport,
  TasksReport,
  TimeGrid,
  TimeReport,
} from '@contract/reports';
import { type ExportTable, hoursOf, percentOf } from './report-export';

const GROUP_HEADERS = { project: 'Project', user: 'User' } as const;

/** The time report as a table: the rows the screen lists, then the total. */
export function timeReportTable(report: TimeReport): ExportTable {
  const { groupBy } = report;
  if (groupBy === 'project' || groupBy === 'user') {
    return {
      name: `time-by-${groupBy}`,
      columns: [
        { header: GROUP_HEADERS[groupBy], kind: 'text' },
        { header: 'Hours', kind: 'hours' },
        { header: 'Share (%)', kind: 'percent' },
      ],
      rows: report.rows.map((r) => [r.label, hoursOf(r.seconds), percentOf(r.share)]),
      totals: ['Total', hoursOf(report.totalSeconds), report.totalSeconds ? 100 : 0],
    };
  }
  const period = { day: 'Day', week: 'Week starting', month: 'Month starting' }[groupBy];
  return {
    name: `time-by-${groupBy}`,
    columns: [
      { header: period, kind: 'date' },
      { header: 'Period', kind: 'text' },
      { header: 'Hours', kind: 'hours' },
      { header: 'Share (%)', kind: 'percent' },
    ],
    rows: report.rows.map((r) => [r.key, r.label, hoursOf(r.seconds), percentOf(r.share)]),
    totals: ['Total', null, hoursOf(report.totalSeconds), report.totalSeconds ? 100 : 0],
  };
}

/** The grid as a table: a row per user with a column per day and the user's total; day totals last. */
export function timeGridTable(grid: TimeGrid): ExportTable {
  return {
    name: 'time-per-user-and-day',
    columns: [
      { header: 'User', kind: 'text' },
      ...grid.days.map((d) => ({ header: d, kind: 'hours' as const })),
      { header: 'Total', kind: 'hours' },
    ],
    rows: grid.rows.map((r) => [r.name, ...r.seconds.map(hoursOf), hoursOf(r.totalSeconds)]),
    totals: ['Total', ...grid.dayTotals.map(hoursOf), hoursOf(grid.totalSeconds)],
  };
}

/** Attendance per user, then per user and day, as one table: the screen's two tables in one sheet. */
export function attendanceTable(report: AttendanceReport): ExportTable {
  return {
    name: 'attendance',
    columns: [
      { header: 'User', kind: 'text' },
      { header: 'Day', kind: 'date' },
      { header: 'Attended (h)', kind: 'hours' },
      { header: 'Tracked (h)', kind: 'hours' },
      { header: 'Difference (h)', kind: 'hours' },
      { header: 'Days present', kind: 'number' },
      { header: 'Late arrivals', kind: 'number' },
      { header: 'Missed clock-outs', kind: 'number' },
      { header: 'Breaks (min)', kind: 'number' },
    ],
    rows: [
      ...report.users.map((u) => [
        u.name,
        null,
        hoursOf(u.attendedSeconds),
        hoursOf(u.trackedSeconds),
        hoursOf(u.differenceSeconds),
        u.daysPresent,
        u.lateArrivals,
        u.missedClockOuts,
        u.breakMinutes,
      ]),
      ...report.days.map((d) => [
        d.name,
        d.day,
        hoursOf(d.attendedSeconds),
        hoursOf(d.trackedSeconds),
        hoursOf(d.differenceSeconds),
        null,
        null,
        null,
        null,
      ]),
    ],
    totals: [
      'Total',
      null,
      hoursOf(report.totals.attendedSeconds),
      hoursOf(report.totals.trackedSeconds),
      hoursOf(report.totals.differenceSeconds),
      report.totals.daysPresent,
      report.totals.lateArrivals,
      report.totals.missedClockOuts,
      report.totals.breakMinutes,
    ],
  };
}

export function overtimeTable(report: OvertimeReport): ExportTable {
  return {
    name: 'overtime',
    columns: [
      { header: 'User', kind: 'text' },
      { header: 'Expected (h)', kind: 'hours' },
      { header: 'Tracked (h)', kind: 'hours' },
      { header: 'Balance (h)', kind: 'hours' },
    ],
    rows: report.users.map((u) => [
      u.name,
      hoursOf(u.expectedSeconds),
      hoursOf(u.trackedSeconds),
      hoursOf(u.balanceSeconds),
    ]),
    totals: [
      'Total',
      hoursOf(report.totals.expectedSeconds),
      hoursOf(report.totals.trackedSeconds),
      hoursOf(report.totals.balanceSeconds),
    ],
  };
}

/** Approved time off: a row per person and type, days and hours. */
export function absencesTable(report: AbsencesReport): ExportTable {
  const typeName = new Map(report.types.map((t) => [t.id, t.name]));
  return {
    name: 'absences',
    columns: [
      { header: 'User', kind: 'text' },
      { header: 'Type', kind: 'text' },
      { header: 'Days', kind: 'number' },
      { header: 'Hours (h)', kind: 'hours' },
    ],
    rows: report.rows.map((r) => [r.name, typeName.get(r.typeId) ?? '', r.days, hoursOf(r.seconds)]),
    totals: ['Total', null, report.totals.days, hoursOf(report.totals.seconds)],
  };
}

/** The tasks report's four tables: one CSV section or one sheet each. */
export function tasksTables(report: TasksReport): ExportTable[] {
  const spent = report.projects.reduce((sum, p) => sum + p.spentSeconds, 0);
  const estimated = report.projects.reduce((sum, p) => sum + p.estimatedSeconds, 0);
  const completed = report.completedPerWeek.reduce((sum, w) => sum + w.completed, 0);
  const r = report.reviews;
  const hoursOrNull = (s: number | null) => (s === null ? null : hoursOf(s));
  return [
    {
      name: 'tasks',
      title: 'Completed per week',
      columns: [
        { header: 'Week starting', kind: 'date' },
        { header: 'Completed', kind: 'number' },
      ],
      rows: report.completedPerWeek.map((w) => [w.week, w.completed]),
      totals: ['Total', completed],
    },
    {
      name: 'tasks',
      title: 'Estimated vs spent',
      columns: [
        { header: 'Project', kind: 'text' },
        { header: 'Completed', kind: 'number' },
        { header: 'Estimated (h)', kind: 'hours' },
        { header: 'Spent (h)', kind: 'hours' },
      ],
      rows: report.projects.map((p) => [
        p.name,
        p.completed,
        hoursOf(p.estimatedSeconds),
        hoursOf(p.spentSeconds),
      ]),
      totals: ['Total', completed, hoursOf(estimated), hoursOf(spent)],
    },
    {
      name: 'tasks',
      title: 'Reviews',
      columns: [
        { header: 'Decided', kind: 'number' },
        { header: 'Approved', kind: 'number' },
        { header: 'Rework', kind: 'number' },
        { header: 'Rework rate (%)', kind: 'percent' },
        { header: 'Average turnaround (h)', kind: 'hours' },
        { header: 'Median turnaround (h)', kind: 'hours' },
      ],
      rows: [],
      totals: [
        r.decided,
        r.approved,
        r.rework,
        percentOf(r.reworkRate),
        hoursOrNull(r.averageTurnaroundSeconds),
        hoursOrNull(r.medianTurnaroundSeconds),
      ],
    },
    {
      name: 'tasks',
      title: 'Overdue',
      columns: [
        { header: 'Task', kind: 'text' },
        { header: 'Assignee', kind: 'text' },
        { header: 'Project', kind: 'text' },
        { header: 'Due', kind: 'date' },
        { header: 'Days overdue', kind: 'number' },
      ],
      rows: report.overdue.tasks.map((t) => [t.title, t.assignee, t.project, t.dueDate, t.daysOverdue]),
      totals: [`Total: ${report.overdue.count}`, null, null, null, null],
    },
  ];
}
