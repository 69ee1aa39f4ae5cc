import type { TasksReport } from '@contract/reports';
import { ClipboardList } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { downloadUrls, useTasksReport } from './api';
import { CompareBarChart } from './bar-chart';
import { formatHoursShort, formatShare, type UrlFilters, workQuery } from './filters';
import { ReportFrame } from './report-states';
import { num, ReportTable, td, th } from './report-table';

const turnaround = (seconds: number | null) => (seconds === null ? '—' : `${formatHoursShort(seconds)} h`);

/** Completed per week, estimated against spent per project, review turnaround and rework, overdue tasks. */
export function TasksReportView(props: { filters: UrlFilters }) {
  const { filters } = props;
  const query = workQuery(filters);
  const report = useTasksReport(query);
  const completedIn = (data: TasksReport) => data.completedPerWeek.reduce((sum, w) => sum + w.completed, 0);
  return (
    <ReportFrame
      exports={downloadUrls.tasks(query)}
      report={report}
      what="the tasks report"
      isEmpty={(data) => completedIn(data) === 0 && data.reviews.decided === 0 && data.overdue.count === 0}
      empty={{
        icon: ClipboardList,
        title: 'No task activity',
        description: 'No task was completed or reviewed in this range, and none is overdue.',
      }}
    >
      {(data) => {
        const completed = completedIn(data);
        return (
          <>
            <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              {[
                ['Completed', String(completed)],
                ['Rework rate', formatShare(data.reviews.reworkRate)],
                ['Median review turnaround', turnaround(data.reviews.medianTurnaroundSeconds)],
                ['Overdue now', String(data.overdue.count)],
              ].map(([label, value]) => (
                <Card key={label} className="p-4">
                  <p className="text-xs text-muted-foreground">{label}</p>
                  <p className="mt-1 text-xl font-semibold tabular-nums">{value}</p>
                </Card>
              ))}
            </div>
            <Card className="grid gap-3 p-4 sm:p-5">
              <h2 className="text-base font-semibold">Completed per week</h2>
              <ReportTable
                caption={`Tasks completed per week, ${data.from} to ${data.to}`}
                head={
                  <tr>
                    <th className={th}>Week</th>
                    <th className={`${th} ${num}`}>Completed</th>
                  </tr>
                }
                foot={
                  <tr>
                    <th scope="row" className={`${td} text-left`}>
                      Total
                    </th>
                    <td className={`${td} ${num}`}>{completed}</td>
                  </tr>
                }
              >
                {data.completedPerWeek.map((w) => (
                  <tr key={w.week}>
                    <th scope="row" className={`${td} text-left font-normal`}>
                      {w.label}
                    </th>
                    <td className={`${td} ${num}`}>{w.completed}</td>
                  </tr>
                ))}
              </ReportTable>
            </Card>
            {data.projects.length > 0 && (
              <Card className="grid gap-4 p-4 sm:p-5">
                <h2 className="text-base font-semibold">
                  Estimated against spent, tasks completed in the range
                </h2>
                <CompareBarChart
                  data={data.projects.map((p) => ({
                    label: p.name,
                    values: [p.estimatedSeconds, p.spentSeconds],
                  }))}
                  series={[
                    { name: 'Estimated', color: 'var(--color-chart-2)' },
                    { name: 'Spent', color: 'var(--color-chart-1)' },
                  ]}
                  label="Bar chart of estimated and spent hours per project. The table below lists the same figures."
                />
                <ReportTable
                  caption="Estimated and spent hours per project"
                  head={
                    <tr>
                      <th className={th}>Project</th>
                      <th className={`${th} ${num}`}>Completed</th>
                      <th className={`${th} ${num}`}>Estimated</th>
                      <th className={`${th} ${num}`}>Spent</th>
                    </tr>
                  }
                  foot={
                    <tr>
                      <th scope="row" className={`${td} text-left`}>
                        Total
                      </th>
                      <td className={`${td} ${num}`}>{completed}</td>
                      <td className={`${td} ${num}`}>
                        {formatHoursShort(data.projects.reduce((s, p) => s + p.estimatedSeconds, 0))}
                      </td>
                      <td className={`${td} ${num}`}>
                        {formatHoursShort(data.projects.reduce((s, p) => s + p.spentSeconds, 0))}
                      </td>
                    </tr>
                  }
                >
                  {data.projects.map((p) => (
                    <tr key={p.key}>
                      <th scope="row" className={`${td} text-left font-normal`}>
                        {p.name}
                      </th>
                      <td className={`${td} ${num}`}>{p.completed}</td>
                      <td className={`${td} ${num}`}>{formatHoursShort(p.estimatedSeconds)}</td>
                      <td className={`${td} ${num}`}>{formatHoursShort(p.spentSeconds)}</td>
                    </tr>
                  ))}
                </ReportTable>
              </Card>
            )}
            <Card className="grid gap-2 p-4 sm:p-5">
              <h2 className="text-base font-semibold">Reviews decided in the range</h2>
              <p className="text-sm">
                {data.reviews.decided} decided: {data.reviews.approved} approved, {data.reviews.rework} sent
                back for rework ({formatShare(data.reviews.reworkRate)}). Submitted → decided: average{' '}
                {turnaround(data.reviews.averageTurnaroundSeconds)}, median{' '}
                {turnaround(data.reviews.medianTurnaroundSeconds)}.
              </p>
            </Card>
            {data.overdue.count > 0 && (
              <Card className="grid gap-3 p-4 sm:p-5">
                <h2 className="text-base font-semibold">Overdue now: {data.overdue.count}</h2>
                <ReportTable
                  caption="Overdue tasks, most overdue first"
                  head={
                    <tr>
                      <th className={th}>Task</th>
                      <th className={th}>Assignee</th>
                      <th className={th}>Project</th>
                      <th className={th}>Due</th>
                      <th className={`${th} ${num}`}>Days overdue</th>
                    </tr>
                  }
                  foot={
                    <tr>
                      <th scope="row" className={`${td} text-left`} colSpan={5}>
                        Total: {data.overdue.count}
                      </th>
                    </tr>
                  }
                >
                  {data.overdue.tasks.map((o) => (
                    <tr key={o.id}>
                      <th scope="row" className={`${td} text-left font-normal`}>
                        {o.title}
                      </th>
                      <td className={`${td} whitespace-nowrap`}>{o.assignee}</td>
                      <td className={td}>{o.project ?? '—'}</td>
                      <td className={`${td} whitespace-nowrap`}>{o.dueDate}</td>
                      <td className={`${td} ${num}`}>{o.daysOverdue}</td>
                    </tr>
                  ))}
                </ReportTable>
              </Card>
            )}
          </>
        );
      }}
    </ReportFrame>
  );
}
