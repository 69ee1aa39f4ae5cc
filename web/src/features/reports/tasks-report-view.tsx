import type { TasksReport } from '@contract/reports';
import { ClipboardList } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { formatDate, formatNumber } from '@/lib/format';
import { downloadUrls, useTasksReport } from './api';
import { CompareBarChart } from './bar-chart';
import { formatHoursShort, formatShare, type UrlFilters, workQuery } from './filters';
import { ReportFrame } from './report-states';
import { num, ReportTable, td, th } from './report-table';

/** Completed per week, estimated against spent per project, review turnaround and rework, overdue tasks. */
export function TasksReportView(props: { filters: UrlFilters }) {
  const { t } = useTranslation('reports');
  const turnaround = (seconds: number | null) =>
    seconds === null ? '—' : t('tasks.turnaround', { hours: formatHoursShort(seconds) });
  const { filters } = props;
  const query = workQuery(filters);
  const report = useTasksReport(query);
  const completedIn = (data: TasksReport) => data.completedPerWeek.reduce((sum, w) => sum + w.completed, 0);
  return (
    <ReportFrame
      exports={downloadUrls.tasks(query)}
      report={report}
      loading={t('tasks.loading')}
      isEmpty={(data) => completedIn(data) === 0 && data.reviews.decided === 0 && data.overdue.count === 0}
      empty={{
        icon: ClipboardList,
        title: t('tasks.emptyTitle'),
        description: t('tasks.emptyDescription'),
      }}
    >
      {(data) => {
        const completed = completedIn(data);
        return (
          <>
            <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              {[
                [t('tasks.completed'), formatNumber(completed)],
                [t('tasks.reworkRate'), formatShare(data.reviews.reworkRate)],
                [t('tasks.medianTurnaround'), turnaround(data.reviews.medianTurnaroundSeconds)],
                [t('tasks.overdueNow'), formatNumber(data.overdue.count)],
              ].map(([label, value]) => (
                <Card key={label} className="p-4">
                  <p className="text-xs text-muted-foreground">{label}</p>
                  <p className="mt-1 text-xl font-semibold tabular-nums">{value}</p>
                </Card>
              ))}
            </div>
            <Card className="grid gap-3 p-4 sm:p-5">
              <h2 className="text-base font-semibold">{t('tasks.perWeek')}</h2>
              <ReportTable
                caption={t('tasks.perWeekCaption', { from: formatDate(data.from), to: formatDate(data.to) })}
                head={
                  <tr>
                    <th className={th} data-essential>
                      {t('tasks.week')}
                    </th>
                    <th className={`${th} ${num}`} data-essential>
                      {t('tasks.completed')}
                    </th>
                  </tr>
                }
                foot={
                  <tr>
                    <th scope="row" className={`${td} text-left`}>
                      {t('table.total')}
                    </th>
                    <td className={`${td} ${num}`}>{formatNumber(completed)}</td>
                  </tr>
                }
              >
                {data.completedPerWeek.map((w) => (
                  <tr key={w.week}>
                    <th scope="row" className={`${td} text-left font-normal`}>
                      {w.label}
                    </th>
                    <td className={`${td} ${num}`}>{formatNumber(w.completed)}</td>
                  </tr>
                ))}
              </ReportTable>
            </Card>
            {data.projects.length > 0 && (
              <Card className="grid gap-4 p-4 sm:p-5">
                <h2 className="text-base font-semibold">{t('tasks.estimatedHeading')}</h2>
                <CompareBarChart
                  data={data.projects.map((p) => ({
                    label: p.name,
                    values: [p.estimatedSeconds, p.spentSeconds],
                  }))}
                  series={[
                    { name: t('tasks.estimated'), color: 'var(--color-chart-2)' },
                    { name: t('tasks.spent'), color: 'var(--color-chart-1)' },
                  ]}
                  label={t('tasks.estimatedChart')}
                />
                <ReportTable
                  caption={t('tasks.estimatedCaption')}
                  head={
                    <tr>
                      <th className={th} data-essential>
                        {t('tasks.project')}
                      </th>
                      <th className={`${th} ${num}`}>{t('tasks.completed')}</th>
                      <th className={`${th} ${num}`}>{t('tasks.estimated')}</th>
                      <th className={`${th} ${num}`}>{t('tasks.spent')}</th>
                    </tr>
                  }
                  foot={
                    <tr>
                      <th scope="row" className={`${td} text-left`}>
                        {t('table.total')}
                      </th>
                      <td className={`${td} ${num}`}>{formatNumber(completed)}</td>
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
                      <td className={`${td} ${num}`}>{formatNumber(p.completed)}</td>
                      <td className={`${td} ${num}`}>{formatHoursShort(p.estimatedSeconds)}</td>
                      <td className={`${td} ${num}`}>{formatHoursShort(p.spentSeconds)}</td>
                    </tr>
                  ))}
                </ReportTable>
              </Card>
            )}
            <Card className="grid gap-2 p-4 sm:p-5">
              <h2 className="text-base font-semibold">{t('tasks.reviewsHeading')}</h2>
              <p className="text-sm">
                {t('tasks.reviews', {
                  decided: formatNumber(data.reviews.decided),
                  approved: formatNumber(data.reviews.approved),
                  rework: formatNumber(data.reviews.rework),
                  rate: formatShare(data.reviews.reworkRate),
                  average: turnaround(data.reviews.averageTurnaroundSeconds),
                  median: turnaround(data.reviews.medianTurnaroundSeconds),
                })}
              </p>
            </Card>
            {data.overdue.count > 0 && (
              <Card className="grid gap-3 p-4 sm:p-5">
                <h2 className="text-base font-semibold">
                  {t('tasks.overdueHeading', { count: formatNumber(data.overdue.count) })}
                </h2>
                <ReportTable
                  caption={t('tasks.overdueCaption')}
                  head={
                    <tr>
                      <th className={th} data-essential>
                        {t('tasks.task')}
                      </th>
                      <th className={th}>{t('tasks.assignee')}</th>
                      <th className={th}>{t('tasks.project')}</th>
                      <th className={th}>{t('tasks.due')}</th>
                      <th className={`${th} ${num}`}>{t('tasks.daysOverdue')}</th>
                    </tr>
                  }
                  foot={
                    <tr>
                      <th scope="row" className={`${td} text-left`} colSpan={5}>
                        {t('tasks.overdueTotal', { count: formatNumber(data.overdue.count) })}
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
                      <td className={td}>{o.project ?? t('tasks.noProject')}</td>
                      <td className={`${td} whitespace-nowrap`}>{formatDate(o.dueDate)}</td>
                      <td className={`${td} ${num}`}>{formatNumber(o.daysOverdue)}</td>
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
