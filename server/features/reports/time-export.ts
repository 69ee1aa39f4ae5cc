import type {
  AbsencesReport,
  AttendanceReport,
  OvertimeReport,
  TasksReport,
  TimeGrid,
  TimeReport,
} from '@contract/reports';
import type { TFunction } from 'i18next';
import { type ExportTable, hoursOf, percentOf } from './report-export';

/*
 * Every table's headers, titles and sheet names are in the requester's language (`t`, of the
 * exports area); the figures are the report's JSON. docs/decisions/035-languages.md#exports.
 */

/** The time report as a table: the rows the screen lists, then the total. */
export function timeReportTable(report: TimeReport, t: TFunction): ExportTable {
  const { groupBy } = report;
  if (groupBy === 'project' || groupBy === 'user') {
    return {
      name: `time-by-${groupBy}`,
      sheet: t(`exports:reports.sheets.time_by_${groupBy}`),
      columns: [
        { header: t(`exports:reports.columns.${groupBy}`), kind: 'text' },
        { header: t('exports:reports.columns.hours'), kind: 'hours' },
        { header: t('exports:reports.columns.share'), kind: 'percent' },
      ],
      rows: report.rows.map((r) => [r.label, hoursOf(r.seconds), percentOf(r.share)]),
      totals: [t('exports:reports.total'), hoursOf(report.totalSeconds), report.totalSeconds ? 100 : 0],
    };
  }
  const period = t(
    `exports:reports.columns.${({ day: 'day', week: 'week_starting', month: 'month_starting' } as const)[groupBy]}`,
  );
  return {
    name: `time-by-${groupBy}`,
    sheet: t(`exports:reports.sheets.time_by_${groupBy}`),
    columns: [
      { header: period, kind: 'date' },
      { header: t('exports:reports.columns.period'), kind: 'text' },
      { header: t('exports:reports.columns.hours'), kind: 'hours' },
      { header: t('exports:reports.columns.share'), kind: 'percent' },
    ],
    rows: report.rows.map((r) => [r.key, r.label, hoursOf(r.seconds), percentOf(r.share)]),
    totals: [t('exports:reports.total'), null, hoursOf(report.totalSeconds), report.totalSeconds ? 100 : 0],
  };
}

/** The grid as a table: a row per user with a column per day and the user's total; day totals last. */
export function timeGridTable(grid: TimeGrid, t: TFunction): ExportTable {
  return {
    name: 'time-per-user-and-day',
    sheet: t('exports:reports.sheets.time_per_user_and_day'),
    columns: [
      { header: t('exports:reports.columns.user'), kind: 'text' },
      ...grid.days.map((d) => ({ header: d, kind: 'hours' as const })),
      { header: t('exports:reports.columns.total'), kind: 'hours' },
    ],
    rows: grid.rows.map((r) => [r.name, ...r.seconds.map(hoursOf), hoursOf(r.totalSeconds)]),
    totals: [t('exports:reports.total'), ...grid.dayTotals.map(hoursOf), hoursOf(grid.totalSeconds)],
  };
}

/** Attendance per user, then per user and day, as one table: the screen's two tables in one sheet. */
export function attendanceTable(report: AttendanceReport, t: TFunction): ExportTable {
  return {
    name: 'attendance',
    sheet: t('exports:reports.sheets.attendance'),
    columns: [
      { header: t('exports:reports.columns.user'), kind: 'text' },
      { header: t('exports:reports.columns.day'), kind: 'date' },
      { header: t('exports:reports.columns.attended'), kind: 'hours' },
      { header: t('exports:reports.columns.tracked'), kind: 'hours' },
      { header: t('exports:reports.columns.difference'), kind: 'hours' },
      { header: t('exports:reports.columns.days_present'), kind: 'number' },
      { header: t('exports:reports.columns.late_arrivals'), kind: 'number' },
      { header: t('exports:reports.columns.missed_clock_outs'), kind: 'number' },
      { header: t('exports:reports.columns.breaks'), kind: 'number' },
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
      t('exports:reports.total'),
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

export function overtimeTable(report: OvertimeReport, t: TFunction): ExportTable {
  return {
    name: 'overtime',
    sheet: t('exports:reports.sheets.overtime'),
    columns: [
      { header: t('exports:reports.columns.user'), kind: 'text' },
      { header: t('exports:reports.columns.expected'), kind: 'hours' },
      { header: t('exports:reports.columns.tracked'), kind: 'hours' },
      { header: t('exports:reports.columns.balance'), kind: 'hours' },
    ],
    rows: report.users.map((u) => [
      u.name,
      hoursOf(u.expectedSeconds),
      hoursOf(u.trackedSeconds),
      hoursOf(u.balanceSeconds),
    ]),
    totals: [
      t('exports:reports.total'),
      hoursOf(report.totals.expectedSeconds),
      hoursOf(report.totals.trackedSeconds),
      hoursOf(report.totals.balanceSeconds),
    ],
  };
}

/** Approved time off: a row per person and type, days and hours. */
export function absencesTable(report: AbsencesReport, t: TFunction): ExportTable {
  const typeName = new Map(report.types.map((t) => [t.id, t.name]));
  return {
    name: 'absences',
    sheet: t('exports:reports.sheets.absences'),
    columns: [
      { header: t('exports:reports.columns.user'), kind: 'text' },
      { header: t('exports:reports.columns.type'), kind: 'text' },
      { header: t('exports:reports.columns.days'), kind: 'number' },
      { header: t('exports:reports.columns.hours_h'), kind: 'hours' },
    ],
    rows: report.rows.map((r) => [r.name, typeName.get(r.typeId) ?? '', r.days, hoursOf(r.seconds)]),
    totals: [t('exports:reports.total'), null, report.totals.days, hoursOf(report.totals.seconds)],
  };
}

/** The tasks report's four tables: one CSV section or one sheet each. */
export function tasksTables(report: TasksReport, t: TFunction): ExportTable[] {
  const spent = report.projects.reduce((sum, p) => sum + p.spentSeconds, 0);
  const estimated = report.projects.reduce((sum, p) => sum + p.estimatedSeconds, 0);
  const completed = report.completedPerWeek.reduce((sum, w) => sum + w.completed, 0);
  const r = report.reviews;
  const hoursOrNull = (s: number | null) => (s === null ? null : hoursOf(s));
  return [
    {
      name: 'tasks',
      sheet: t('exports:reports.sheets.tasks'),
      title: t('exports:reports.titles.completed_per_week'),
      columns: [
        { header: t('exports:reports.columns.week_starting'), kind: 'date' },
        { header: t('exports:reports.columns.completed'), kind: 'number' },
      ],
      rows: report.completedPerWeek.map((w) => [w.week, w.completed]),
      totals: [t('exports:reports.total'), completed],
    },
    {
      name: 'tasks',
      sheet: t('exports:reports.sheets.tasks'),
      title: t('exports:reports.titles.estimated_vs_spent'),
      columns: [
        { header: t('exports:reports.columns.project'), kind: 'text' },
        { header: t('exports:reports.columns.completed'), kind: 'number' },
        { header: t('exports:reports.columns.estimated'), kind: 'hours' },
        { header: t('exports:reports.columns.spent'), kind: 'hours' },
      ],
      rows: report.projects.map((p) => [
        p.name,
        p.completed,
        hoursOf(p.estimatedSeconds),
        hoursOf(p.spentSeconds),
      ]),
      totals: [t('exports:reports.total'), completed, hoursOf(estimated), hoursOf(spent)],
    },
    {
      name: 'tasks',
      sheet: t('exports:reports.sheets.tasks'),
      title: t('exports:reports.titles.reviews'),
      columns: [
        { header: t('exports:reports.columns.decided'), kind: 'number' },
        { header: t('exports:reports.columns.approved'), kind: 'number' },
        { header: t('exports:reports.columns.rework'), kind: 'number' },
        { header: t('exports:reports.columns.rework_rate'), kind: 'percent' },
        { header: t('exports:reports.columns.average_turnaround'), kind: 'hours' },
        { header: t('exports:reports.columns.median_turnaround'), kind: 'hours' },
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
      sheet: t('exports:reports.sheets.tasks'),
      title: t('exports:reports.titles.overdue'),
      columns: [
        { header: t('exports:reports.columns.task'), kind: 'text' },
        { header: t('exports:reports.columns.assignee'), kind: 'text' },
        { header: t('exports:reports.columns.project'), kind: 'text' },
        { header: t('exports:reports.columns.due'), kind: 'date' },
        { header: t('exports:reports.columns.days_overdue'), kind: 'number' },
      ],
      rows: report.overdue.tasks.map((o) => [
        o.title,
        o.assignee,
        o.project ?? t('exports:reports.no_project'),
        o.dueDate,
        o.daysOverdue,
      ]),
      totals: [
        t('exports:reports.total_count', { count: String(report.overdue.count) }),
        null,
        null,
        null,
        null,
      ],
    },
  ];
}
