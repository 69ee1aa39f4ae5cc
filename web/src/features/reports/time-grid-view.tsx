import { CalendarDays } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { formatDate, formatDayShort } from '@/lib/format';
import { downloadUrls, useTimeGrid } from './api';
import { formatHoursShort, type UrlFilters, workQuery } from './filters';
import { ReportFrame } from './report-states';
import { num, ReportTable, td, th } from './report-table';

const cell = (seconds: number) => (seconds ? formatHoursShort(seconds) : '–');

/** Hours per user (rows) and day (columns) with totals both ways: a week or a month at a glance. */
export function TimeGridView(props: { filters: UrlFilters }) {
  const { t } = useTranslation('reports');
  const { filters } = props;
  const query = workQuery(filters);
  const grid = useTimeGrid(query);
  return (
    <ReportFrame
      exports={downloadUrls.grid(query)}
      scope={(data) => data.scope}
      report={grid}
      loading={t('grid.loading')}
      isEmpty={(data) => data.rows.length === 0}
      empty={{
        icon: CalendarDays,
        title: t('grid.emptyTitle'),
        description: t('grid.emptyDescription'),
      }}
    >
      {(data) => (
        <Card className="grid gap-3 p-4 sm:p-5">
          <h2 className="text-base font-semibold">
            {t('grid.heading', { hours: formatHoursShort(data.totalSeconds) })}
          </h2>
          <ReportTable
            caption={t('grid.caption', { from: formatDate(data.from), to: formatDate(data.to) })}
            className="text-xs sm:text-sm"
            head={
              <tr>
                <th className={`${th} sticky left-0 bg-subtle`} data-essential>
                  {t('table.user')}
                </th>
                {data.days.map((d) => (
                  <th key={d} className={`${th} ${num}`}>
                    <time dateTime={d}>{formatDayShort(d)}</time>
                  </th>
                ))}
                <th className={`${th} ${num}`}>{t('table.total')}</th>
              </tr>
            }
            foot={
              <tr>
                <th scope="row" className={`${td} sticky left-0 bg-card text-left`}>
                  {t('table.total')}
                </th>
                {data.dayTotals.map((s, i) => (
                  <td key={data.days[i]} className={`${td} ${num}`}>
                    {cell(s)}
                  </td>
                ))}
                <td className={`${td} ${num}`}>{formatHoursShort(data.totalSeconds)}</td>
              </tr>
            }
          >
            {data.rows.map((r) => (
              <tr key={r.userId}>
                <th
                  scope="row"
                  className={`${td} sticky left-0 bg-card text-left font-normal whitespace-nowrap`}
                >
                  {r.name}
                </th>
                {r.seconds.map((s, i) => (
                  <td key={data.days[i]} className={`${td} ${num} ${s ? '' : 'text-muted-foreground'}`}>
                    {cell(s)}
                  </td>
                ))}
                <td className={`${td} ${num} font-medium`}>{formatHoursShort(r.totalSeconds)}</td>
              </tr>
            ))}
          </ReportTable>
          <p className="text-xs text-muted-foreground">{t('grid.note')}</p>
        </Card>
      )}
    </ReportFrame>
  );
}
