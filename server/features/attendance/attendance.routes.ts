import { attendanceApi } from '@contract/attendance';
import { implement } from '../../lib/routes';
import { exportCsv, listRecords, todaySummary } from './attendance.history';
import { clockIn, clockOut, endBreak, fixOpenRecords, startBreak } from './attendance.service';

/** Everyone records their own attendance; nobody reads another's here. */
export const attendanceRoutes = implement(attendanceApi, {
  list: (ctx, { query }) => listRecords(ctx, query),
  today: (ctx) => todaySummary(ctx),
  export: (ctx, { query }) => exportCsv(ctx, query),
  clockIn: (ctx) => clockIn(ctx),
  clockOut: (ctx) => clockOut(ctx),
  startBreak: (ctx) => startBreak(ctx),
  endBreak: (ctx) => endBreak(ctx),
  fix: (ctx) => fixOpenRecords(ctx),
});
