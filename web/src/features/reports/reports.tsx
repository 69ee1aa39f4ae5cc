import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentUser } from '@/lib/auth';
import { useProjectOptions } from '@/lib/use-project-options';
import { useOrgSettings, usePeople } from './api';
import { type ReportName, readFilters, todayIn, type UrlFilters, writeFilters } from './filters';
import { AttendanceReportView } from './attendance-report-view';
import { OvertimeReportView } from './overtime-report-view';
import { ReportFiltersBar } from './report-filters';
import { TasksReportView } from './tasks-report-view';
import { TimeGridView } from './time-grid-view';
import { TimeReportView } from './time-report-view';

/**
 * The reports with their shared filters, all kept in the URL (docs/decisions/012-reports.md):
 * a view can be bookmarked, shared and opened again as it was.
 */
export function Reports() {
  const { user } = useCurrentUser();
  const settings = useOrgSettings();
  const timeZone = user?.timeZone ?? settings.data?.timeZone;
  const manages = user?.role === 'manager' || user?.role === 'admin';
  const people = usePeople(manages);
  const projects = useProjectOptions();
  const [params, setParams] = useSearchParams();
  const today = useMemo(() => (timeZone ? todayIn(timeZone) : undefined), [timeZone]);
  const filters = today ? readFilters(params, today) : undefined;
  const update = useCallback(
    (next: UrlFilters) => setParams(writeFilters(next), { replace: false }),
    [setParams],
  );

  if (!filters || !today) {
    return <p className="text-sm text-muted-foreground">Loading the reports…</p>;
  }
  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <ReportFiltersBar
        value={filters}
        today={today}
        onChange={update}
        people={manages ? (people.data ?? []) : undefined}
        // Attendance and overtime have no project.
        projects={
          filters.report === 'attendance' || filters.report === 'overtime' ? undefined : projects.data
        }
      />
      <p className="hidden text-sm print:block">
        {filters.from} to {filters.to}
      </p>
      <Tabs
        value={filters.report}
        onValueChange={(report) => update({ ...filters, report: report as ReportName })}
      >
        <TabsList aria-label="Reports" className="print:hidden">
          <TabsTrigger value="time">Time</TabsTrigger>
          <TabsTrigger value="grid">Week grid</TabsTrigger>
          <TabsTrigger value="attendance">Attendance</TabsTrigger>
          <TabsTrigger value="overtime">Overtime</TabsTrigger>
          <TabsTrigger value="tasks">Tasks</TabsTrigger>
        </TabsList>
        <TabsContent value="time" className="mt-4">
          <TimeReportView filters={filters} onGroupBy={(groupBy) => update({ ...filters, groupBy })} />
        </TabsContent>
        <TabsContent value="grid" className="mt-4">
          <TimeGridView filters={filters} />
        </TabsContent>
        <TabsContent value="attendance" className="mt-4">
          <AttendanceReportView filters={filters} />
        </TabsContent>
        <TabsContent value="overtime" className="mt-4">
          <OvertimeReportView filters={filters} />
        </TabsContent>
        <TabsContent value="tasks" className="mt-4">
          <TasksReportView filters={filters} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
