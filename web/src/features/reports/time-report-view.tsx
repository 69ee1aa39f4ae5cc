import { type TimeGroupBy, TIME_GROUPS } from '@contract/reports';
import { BarChart3 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { formatDate } from '@/lib/format';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { downloadUrls, useTimeReport } from './api';
import { HoursBarChart } from './bar-chart';
import { formatHoursShort, formatShare, type UrlFilters, workQuery } from './filters';
import { ReportFrame } from './report-states';
import { num, ReportTable, td, th } from './report-table';

/** Tracked time grouped one way, as a bar chart and a table with shares and a total. */
export function TimeReportView(props: { filters: UrlFilters; onGroupBy: (groupBy: TimeGroupBy) => void }) {
  const { t } = useTranslation('reports');
  const { filters } = props;
  const query = { ...workQuery(filters), groupBy: filters.groupBy };
  const report = useTimeReport(query);
  const group = filters.groupBy;
  const label = t(`time.group.${group}`);
  const byName = filters.groupBy === 'project' || filters.groupBy === 'user';
  return (
    <ReportFrame
      toolbar={
        <div className="grid w-44 gap-1.5 print:hidden">
          <Label htmlFor="report-group" className="text-xs text-muted-foreground">
            {t('time.groupBy')}
          </Label>
          <Select value={filters.groupBy} onValueChange={(v) => props.onGroupBy(v as TimeGroupBy)}>
            <SelectTrigger id="report-group">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {TIME_GROUPS.map((g) => (
                <SelectItem key={g} value={g}>
                  {t(`time.group.${g}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      }
      exports={downloadUrls.time(query)}
      scope={(data) => data.scope}
      report={report}
      loading={t('time.loading')}
      isEmpty={(data) => data.totalSeconds === 0}
      empty={{
        icon: BarChart3,
        title: t('time.emptyTitle'),
        description: t('time.emptyDescription'),
      }}
    >
      {(data) => (
        <Card className="grid gap-4 p-4 sm:p-5">
          <h2 className="text-base font-semibold">
            {t('time.heading', { group, hours: formatHoursShort(data.totalSeconds) })}
          </h2>
          <HoursBarChart
            data={data.rows}
            orientation={byName ? 'rows' : 'columns'}
            label={t('time.chart', { group })}
          />
          <ReportTable
            caption={t('time.caption', { group, from: formatDate(data.from), to: formatDate(data.to) })}
            head={
              <tr>
                <th className={th} data-essential>
                  {label}
                </th>
                <th className={`${th} ${num}`} data-essential>
                  {t('table.hours')}
                </th>
                <th className={`${th} ${num}`}>{t('time.share')}</th>
              </tr>
            }
            foot={
              <tr>
                <th scope="row" className={`${td} text-left`}>
                  {t('table.total')}
                </th>
                <td className={`${td} ${num}`}>{formatHoursShort(data.totalSeconds)}</td>
                <td className={`${td} ${num}`}>{formatShare(1)}</td>
              </tr>
            }
          >
            {data.rows.map((r) => (
              <tr key={r.key}>
                <th scope="row" className={`${td} text-left font-normal`}>
                  {r.label}
                </th>
                <td className={`${td} ${num}`}>{formatHoursShort(r.seconds)}</td>
                <td className={`${td} ${num}`}>{formatShare(r.share)}</td>
              </tr>
            ))}
          </ReportTable>
          <p className="text-xs text-muted-foreground">{t('time.note')}</p>
        </Card>
      )}
    </ReportFrame>
  );
}
