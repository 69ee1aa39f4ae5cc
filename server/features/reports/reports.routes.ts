import { reportsApi } from '@contract/reports';
import type { Context } from '../../lib/context';
import { implement } from '../../lib/routes';
import { readerOf } from '../../core/readers';
import { type ExportTable, tableCsv, tableXlsx } from './report-export';
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

type Range = { from: string; to: string };

/** A report's download in the requester's language and format (docs/decisions/035-languages.md#exports). */
async function download(
  ctx: Context,
  as: 'csv' | 'xlsx',
  range: Range,
  tables: (t: ReturnType<typeof readerOf>['t']) => ExportTable | ExportTable[],
) {
  const language = await ctx.language();
  const table = tables(readerOf(language).t);
  return as === 'csv' ? tableCsv(table, range, language) : tableXlsx(table, range);
}

/** Every report's JSON, and its downloads built from that same JSON (docs/decisions/012-reports.md). */
export const reportsRoutes = implement(reportsApi, {
  time: (ctx, { query }) => timeReport(ctx, query),
  timeCsv: async (ctx, { query }) => {
    const report = await timeReport(ctx, query);
    return download(ctx, 'csv', query, (t) => timeReportTable(report, t));
  },
  timeXlsx: async (ctx, { query }) => {
    const report = await timeReport(ctx, query);
    return download(ctx, 'xlsx', query, (t) => timeReportTable(report, t));
  },
  timeGrid: (ctx, { query }) => timeGrid(ctx, query),
  timeGridCsv: async (ctx, { query }) => {
    const grid = await timeGrid(ctx, query);
    return download(ctx, 'csv', query, (t) => timeGridTable(grid, t));
  },
  timeGridXlsx: async (ctx, { query }) => {
    const grid = await timeGrid(ctx, query);
    return download(ctx, 'xlsx', query, (t) => timeGridTable(grid, t));
  },
  attendance: (ctx, { query }) => attendanceReport(ctx, query),
  attendanceCsv: async (ctx, { query }) => {
    const report = await attendanceReport(ctx, query);
    return download(ctx, 'csv', query, (t) => attendanceTable(report, t));
  },
  attendanceXlsx: async (ctx, { query }) => {
    const report = await attendanceReport(ctx, query);
    return download(ctx, 'xlsx', query, (t) => attendanceTable(report, t));
  },
  overtime: (ctx, { query }) => overtimeReport(ctx, query),
  overtimeCsv: async (ctx, { query }) => {
    const report = await overtimeReport(ctx, query);
    return download(ctx, 'csv', query, (t) => overtimeTable(report, t));
  },
  overtimeXlsx: async (ctx, { query }) => {
    const report = await overtimeReport(ctx, query);
    return download(ctx, 'xlsx', query, (t) => overtimeTable(report, t));
  },
  absences: (ctx, { query }) => absencesReport(ctx, query),
  absencesCsv: async (ctx, { query }) => {
    const report = await absencesReport(ctx, query);
    return download(ctx, 'csv', query, (t) => absencesTable(report, t));
  },
  absencesXlsx: async (ctx, { query }) => {
    const report = await absencesReport(ctx, query);
    return download(ctx, 'xlsx', query, (t) => absencesTable(report, t));
  },
  tasks: (ctx, { query }) => tasksReport(ctx, query),
  tasksCsv: async (ctx, { query }) => {
    const report = await tasksReport(ctx, query);
    return download(ctx, 'csv', query, (t) => tasksTables(report, t));
  },
  tasksXlsx: async (ctx, { query }) => {
    const report = await tasksReport(ctx, query);
    return download(ctx, 'xlsx', query, (t) => tasksTables(report, t));
  },
});
