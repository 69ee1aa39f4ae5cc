import { reportsApi } from '@contract/reports';
import { implement } from '../../lib/routes';
import { tableCsv, tableXlsx } from './report-export';
import { attendanceReport } from './attendance-report';
import { absencesReport } from './absences-report';
import { overtimeReport } from './overtime-report';
import { tasksReport } from './tasks-report';
import {
  absencesTable,
  attendanceTable,
  overtimeTable,
  tasksTables,
  timeGridTable,
  timeReportTable,
} from './time-export';
import { timeGrid, timeReport } from './time-report';

/** Every report's JSON, and its downloads built from that same JSON (docs/decisions/012-reports.md). */
export const reportsRoutes = implement(reportsApi, {
  time: (ctx, { query }) => timeReport(ctx, query),
  timeCsv: async (ctx, { query }) => tableCsv(timeReportTable(await timeReport(ctx, query)), query),
  timeXlsx: async (ctx, { query }) => tableXlsx(timeReportTable(await timeReport(ctx, query)), query),
  timeGrid: (ctx, { query }) => timeGrid(ctx, query),
  timeGridCsv: async (ctx, { query }) => tableCsv(timeGridTable(await timeGrid(ctx, query)), query),
  timeGridXlsx: async (ctx, { query }) => tableXlsx(timeGridTable(await timeGrid(ctx, query)), query),
  attendance: (ctx, { query }) => attendanceReport(ctx, query),
  attendanceCsv: async (ctx, { query }) =>
    tableCsv(attendanceTable(await attendanceReport(ctx, query)), query),
  attendanceXlsx: async (ctx, { query }) =>
    tableXlsx(attendanceTable(await attendanceReport(ctx, query)), query),
  overtime: (ctx, { query }) => overtimeReport(ctx, query),
  overtimeCsv: async (ctx, { query }) => tableCsv(overtimeTable(await overtimeReport(ctx, query)), query),
  overtimeXlsx: async (ctx, { query }) => tableXlsx(overtimeTable(await overtimeReport(ctx, query)), query),
  absences: (ctx, { query }) => absencesReport(ctx, query),
  absencesCsv: async (ctx, { query }) => tableCsv(absencesTable(await absencesReport(ctx, query)), query),
  absencesXlsx: async (ctx, { query }) => tableXlsx(absencesTable(await absencesReport(ctx, query)), query),
  tasks: (ctx, { query }) => tasksReport(ctx, query),
  tasksCsv: async (ctx, { query }) => tableCsv(tasksTables(await tasksReport(ctx, query)), query),
  tasksXlsx: async (ctx, { query }) => tableXlsx(tasksTables(await tasksReport(ctx, query)), query),
});
