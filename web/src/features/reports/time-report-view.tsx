import { type TimeGroupBy, TIME_GROUPS } from '@contract/reports';
import { BarChart3 } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { downloadUrls, useTimeReport } from './api';
import { HoursBarChart } from './bar-chart';
import { formatHoursShort, formatShare, type UrlFilters, workQuery } from './filters';
import { ReportFrame } from './report-states';
import { num, ReportTable, td, th } from './report-table';

const GROUP_LABELS: Record<TimeGroupBy, string> = {
  project: 'Project',
  user: 'User',
  day: 'Day',
  week: 'Week',
  month: 'Month',
};

/** Tracked time grouped one way, as a bar chart and a table with shares and a total. */
export function TimeReportView(props: { filters: UrlFilters; onGroupBy: (groupBy: TimeGroupBy) => void }) {
  const { filters } = props;
  const query = { ...workQuery(filters), groupBy: filters.groupBy };
  const report = useTimeReport(query);
  const label = GROUP_LABELS[filters.groupBy];
  const byName = filters.groupBy === 'project' || filters.groupBy === 'user';
  return (
    <ReportFrame
      toolbar={
        <div className="grid w-44 gap-1.5 print:hidden">
          <Label htmlFor="report-group" className="text-xs text-muted-foreground">
            Group by
          </Label>
          <Select value={filters.groupBy} onValueChange={(v) => props.onGroupBy(v as TimeGroupBy)}>
            <SelectTrigger id="report-group">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {TIME_GROUPS.map((g) => (
                <SelectItem key={g} value={g}>
                  {GROUP_LABELS[g]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      }
      exports={downloadUrls.time(query)}
      scope={(data) => data.scope}
      report={report}
      what="the report"
      isEmpty={(data) => data.totalSeconds === 0}
      empty={{
        icon: BarChart3,
        title: 'No tracked time',
        description: 'Nothing was tracked in this range with these filters. Try another range.',
      }}
    >
      {(data) => (
        <Card className="grid gap-4 p-4 sm:p-5">
          <h2 className="text-base font-semibold">
            Tracked time by {label.toLowerCase()}: {formatHoursShort(data.totalSeconds)} h
          </h2>
          <HoursBarChart
            data={data.rows}
            orientation={byName ? 'rows' : 'columns'}
            label={`Bar chart of tracked hours by ${label.toLowerCase()}. The table below lists the same figures.`}
          />
          <ReportTable
            caption={`Tracked hours by ${label.toLowerCase()}, ${data.from} to ${data.to}`}
            head={
              <tr>
                <th className={th}>{label}</th>
                <th className={`${th} ${num}`}>Hours</th>
                <th className={`${th} ${num}`}>Share</th>
              </tr>
            }
            foot={
              <tr>
                <th scope="row" className={`${td} text-left`}>
                  Total
                </th>
                <td className={`${td} ${num}`}>{formatHoursShort(data.totalSeconds)}</td>
                <td className={`${td} ${num}`}>100.0%</td>
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
          <p className="text-xs text-muted-foreground">
            Each person's days are their own (their time zone); an entry that crosses midnight counts on both
            days, and time a person's entries share counts once.
          </p>
        </Card>
      )}
    </ReportFrame>
  );
}
