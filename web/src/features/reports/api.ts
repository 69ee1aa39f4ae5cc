import {
  type AbsencesReportQuery,
  type AttendanceReportQuery,
  type OvertimeReportQuery,
  type TasksReportQuery,
  reportsApi,
  type TimeGridQuery,
  type TimeReportQuery,
} from '@contract/reports';
import { teamsApi } from '@contract/teams';
import { usersApi } from '@contract/users';
import { apiUrl, useApiQuery } from '@/lib/api';

export const useTimeReport = (query: TimeReportQuery | null) =>
  useApiQuery(reportsApi.time, query && { query }, { placeholderData: (previous) => previous });
export const useTimeGrid = (query: TimeGridQuery | null) =>
  useApiQuery(reportsApi.timeGrid, query && { query }, { placeholderData: (previous) => previous });

export const useAttendanceReport = (query: AttendanceReportQuery) =>
  useApiQuery(reportsApi.attendance, { query }, { placeholderData: (previous) => previous });
export const useOvertimeReport = (query: OvertimeReportQuery) =>
  useApiQuery(reportsApi.overtime, { query }, { placeholderData: (previous) => previous });

export const useAbsencesReport = (query: AbsencesReportQuery) =>
  useApiQuery(reportsApi.absences, { query }, { placeholderData: (previous) => previous });

export const useTasksReport = (query: TasksReportQuery) =>
  useApiQuery(reportsApi.tasks, { query }, { placeholderData: (previous) => previous });

/** Everyone, for an admin's user filter (a manager's people come from their teams). */
export const usePeople = (enabled: boolean) =>
  useApiQuery(usersApi.assignable, enabled ? { query: { limit: 1000 } } : null);
/** The teams the caller may see: all for an admin, a manager's own. */
export const useReportTeams = (enabled: boolean) =>
  useApiQuery(teamsApi.list, enabled ? { query: { limit: 500 } } : null);

/** The download links of a report: plain GETs, the session cookie goes along. */
export const downloadUrls = {
  time: (query: TimeReportQuery) => ({
    csv: apiUrl(reportsApi.timeCsv, { query }),
    xlsx: apiUrl(reportsApi.timeXlsx, { query }),
  }),
  attendance: (query: AttendanceReportQuery) => ({
    csv: apiUrl(reportsApi.attendanceCsv, { query }),
    xlsx: apiUrl(reportsApi.attendanceXlsx, { query }),
  }),
  overtime: (query: OvertimeReportQuery) => ({
    csv: apiUrl(reportsApi.overtimeCsv, { query }),
    xlsx: apiUrl(reportsApi.overtimeXlsx, { query }),
  }),
  absences: (query: AbsencesReportQuery) => ({
    csv: apiUrl(reportsApi.absencesCsv, { query }),
    xlsx: apiUrl(reportsApi.absencesXlsx, { query }),
  }),
  tasks: (query: TasksReportQuery) => ({
    csv: apiUrl(reportsApi.tasksCsv, { query }),
    xlsx: apiUrl(reportsApi.tasksXlsx, { query }),
  }),
  grid: (query: TimeGridQuery) => ({
    csv: apiUrl(reportsApi.timeGridCsv, { query }),
    xlsx: apiUrl(reportsApi.timeGridXlsx, { query }),
  }),
};
