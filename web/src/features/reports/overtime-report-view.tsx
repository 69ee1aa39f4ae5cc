import { Scale } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { downloadUrls, useOvertimeReport } from './api';
import { CompareBarChart } from './bar-chart';
import { formatHoursShort, formatSignedHours, peopleQuery, type UrlFilters } from './filters';
import { ReportFrame } from './report-states';
import { num, ReportTable, td, th, wide } from './report-table';

/** Expected against tracked time per user over the range, and the balance. */
export function OvertimeReportView(props: { filters: UrlFilters }) {
  const { t } = useTranslation('reports');
  const query = peopleQuery(props.filters);
  const report = useOvertimeReport(query);
  return (
    <ReportFrame
      exports={downloadUrls.overtime(query)}
      scope={(data) => data.scope}
      report={report}
      loading={t('overtime.loading')}
      isEmpty={(d) => d.users.length === 0}
      empty={{
        icon: Scale,
        title: t('overtime.emptyTitle'),
        description: t('overtime.emptyDescription'),
      }}
    >
      {(data) => (
        <Card className="grid gap-4 p-4 sm:p-5">
          <h2 className="text-base font-semibold">
            {data.countedTo < data.to
              ? t('overtime.headingToToday', { hours: formatSignedHours(data.totals.balanceSeconds) })
              : t('overtime.heading', { hours: formatSignedHours(data.totals.balanceSeconds) })}
          </h2>
          <CompareBarChart
            data={data.users.map((u) => ({ label: u.name, values: [u.expectedSeconds, u.trackedSeconds] }))}
            series={[
              { name: t('overtime.expected'), color: 'var(--color-chart-2)' },
              { name: t('overtime.tracked'), color: 'var(--color-chart-1)' },
            ]}
            label={t('overtime.chart')}
          />
          <ReportTable
            caption={t('overtime.caption', { from: formatDate(data.from), to: formatDate(data.countedTo) })}
            head={
              <tr>
                <th className={th} data-essential>
                  {t('table.user')}
                </th>
                <th className={`${th} ${num} ${wide}`}>{t('overtime.expected')}</th>
                <th className={`${th} ${num} ${wide}`}>{t('overtime.tracked')}</th>
                <th className={`${th} ${num}`} data-essential>
                  {t('overtime.balance')}
                </th>
              </tr>
            }
            foot={
              <tr>
                <th scope="row" className={`${td} text-left`}>
                  {t('table.total')}
                </th>
                <td className={`${td} ${num} ${wide}`}>{formatHoursShort(data.totals.expectedSeconds)}</td>
                <td className={`${td} ${num} ${wide}`}>{formatHoursShort(data.totals.trackedSeconds)}</td>
                <td className={`${td} ${num}`}>{formatSignedHours(data.totals.balanceSeconds)}</td>
              </tr>
            }
          >
            {data.users.map((u) => (
              <tr key={u.userId}>
                <th scope="row" className={`${td} whitespace-nowrap text-left font-normal`}>
                  {u.name}
                </th>
                <td className={`${td} ${num} ${wide}`}>{formatHoursShort(u.expectedSeconds)}</td>
                <td className={`${td} ${num} ${wide}`}>{formatHoursShort(u.trackedSeconds)}</td>
                <td
                  className={`${td} ${num} ${u.balanceSeconds < 0 ? 'text-warning-foreground' : 'text-success-foreground'}`}
                >
                  {formatSignedHours(u.balanceSeconds)}
                </td>
              </tr>
            ))}
          </ReportTable>
          <p className="text-xs text-muted-foreground" data-testid="overtime-counted">
            {data.countedTo < data.to
              ? t('overtime.countedToToday', { from: formatDate(data.from), to: formatDate(data.countedTo) })
              : t('overtime.counted', { from: formatDate(data.from), to: formatDate(data.countedTo) })}{' '}
            {t('overtime.note')}
          </p>
        </Card>
      )}
    </ReportFrame>
  );
}
