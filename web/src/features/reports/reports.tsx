import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentUser } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { useProjectOptions } from '@/lib/use-project-options';
import { todayIn, useOwnTimeZone } from '@/lib/time-zone';
import { usePeople, useReportTeams } from './api';
import { type ReportName, readFilters, type UrlFilters, writeFilters } from './filters';
import { AbsencesReportView } from './absences-report-view';
import { AttendanceReportView } from './attendance-report-view';
import { OvertimeReportView } from './overtime-report-view';
import { ReportFiltersBar } from './report-filters';
import { TasksReportView } from './tasks-report-view';
import { TimeGridView } from './time-grid-view';
import { TimeReportView } from './time-report-view';
import { BillableReportView } from './billable-report-view';

/**
 * The reports with their shared filters, all kept in the URL (docs/decisions/012-reports.md):
 * a view can be bookmarked, shared and opened again as it was.
 */
export function Reports() {
  const { t } = useTranslation('reports');
  const { user } = useCurrentUser();
  const timeZone = useOwnTimeZone();
  const manages = user?.role === 'manager' || user?.role === 'admin';
  const isAdmin = user?.role === 'admin';
  const everyone = usePeople(isAdmin);
  const teams = useReportTeams(manages);
  const projects = useProjectOptions();
  const [params, setParams] = useSearchParams();
  const today = useMemo(() => (timeZone ? todayIn(timeZone) : undefined), [timeZone]);
  const filters = today ? readFilters(params, today) : undefined;
  const update = useCallback(
    (next: UrlFilters) => setParams(writeFilters(next), { replace: false }),
    [setParams],
  );

  // A manager chooses among their teams and the people in them (the server holds them to that).
  const ownTeams = useMemo(
    () =>
      (teams.data ?? []).filter(
        (team) => isAdmin || team.members.some((m) => m.userId === user?.id && m.role === 'manager'),
      ),
    [teams.data, isAdmin, user?.id],
  );
  const chosenTeam = ownTeams.find((team) => team.id === filters?.teamId);
  const people = useMemo(() => {
    if (!manages) return undefined;
    if (chosenTeam) return chosenTeam.members.map((m) => ({ id: m.userId, name: m.name }));
    if (isAdmin) return (everyone.data ?? []).map((p) => ({ id: p.id, name: p.name }));
    const byId = new Map<string, string>(user ? [[user.id, `${user.firstName} ${user.lastName}`]] : []);
    for (const team of ownTeams) for (const m of team.members) byId.set(m.userId, m.name);
    return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  }, [manages, chosenTeam, isAdmin, everyone.data, ownTeams, user]);

  if (!filters || !today) {
    return <p className="text-sm text-muted-foreground">{t('loading')}</p>;
  }
  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <ReportFiltersBar
        value={filters}
        today={today}
        onChange={update}
        people={people}
        teams={manages ? ownTeams : undefined}
        everyone={isAdmin}
        // Attendance, overtime and absences have no project.
        projects={
          filters.report === 'attendance' || filters.report === 'overtime' || filters.report === 'absences'
            ? undefined
            : projects.data
        }
      />
      <p className="hidden text-sm print:block">
        {t('printRange', { from: formatDate(filters.from), to: formatDate(filters.to) })}
      </p>
      <Tabs
        value={filters.report}
        onValueChange={(report) => update({ ...filters, report: report as ReportName })}
      >
        <TabsList aria-label={t('tabs.label')} className="print:hidden">
          <TabsTrigger value="time">{t('tabs.time')}</TabsTrigger>
          <TabsTrigger value="grid">{t('tabs.grid')}</TabsTrigger>
          <TabsTrigger value="attendance">{t('tabs.attendance')}</TabsTrigger>
          <TabsTrigger value="overtime">{t('tabs.overtime')}</TabsTrigger>
          <TabsTrigger value="absences">{t('tabs.absences')}</TabsTrigger>
          <TabsTrigger value="tasks">{t('tabs.tasks')}</TabsTrigger>
          <TabsTrigger value="billable">{t('tabs.billable')}</TabsTrigger>
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
        <TabsContent value="absences" className="mt-4">
          <AbsencesReportView filters={filters} />
        </TabsContent>
        <TabsContent value="tasks" className="mt-4">
          <TasksReportView filters={filters} />
        </TabsContent>
        <TabsContent value="billable" className="mt-4">
          <BillableReportView filters={filters} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
