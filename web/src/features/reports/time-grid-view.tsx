import { CalendarDays } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { downloadUrls, useTimeGrid } from './api';
import { formatHoursShort, type UrlFilters, workQuery } from './filters';
import { ReportFrame } from './report-states';
import { num, ReportTable, td, th } from './report-table';

const dayHead = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const cell = (seconds: number) => (seconds ? formatHoursShort(seconds) : '–');

/** Hours per user (rows) and day (columns) with totals both ways: a week or a month at a glance. */
export function TimeGridView(props: { filters: UrlFilters }) {
  const { filters } = props;
  const query = workQuery(filters);
  const grid = useTimeGrid(query);
  return (
    <ReportFrame
      exports={downloadUrls.grid(query)}
      scope={(data) => data.scope}
      report={grid}
      what="the grid"
      isEmpty={(data) => data.rows.length === 0}
      empty={{ icon: CalendarDays, title: 'No one to show', description: 'No user matches these filters.' }}
    >
      {(data) => (
        <Card className="grid gap-3 p-4 sm:p-5">
          <h2 className="text-base font-semibold">
            Hours per user and day: {formatHoursShort(data.totalSeconds)} h
          </h2>
          <ReportTable
            caption={`Tracked hours per user and day, ${data.from} to ${data.to}`}
            className="text-xs sm:text-sm"
            head={
              <tr>
                <th className={`${th} sticky left-0 bg-subtle`}>User</th>
                {data.days.map((d) => (
                  <th key={d} className={`${th} ${num}`}>
                    <time dateTime={d}>{dayHead.format(new Date(`${d}T00:00:00Z`))}</time>
                  </th>
                ))}
                <th className={`${th} ${num}`}>Total</th>
              </tr>
            }
            foot={
              <tr>
                <th scope="row" className={`${td} sticky left-0 bg-card text-left`}>
                  Total
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
          <p className="text-xs text-muted-foreground">
            Hours per day, each person's day in their own time zone.
          </p>
        </Card>
      )}
    </ReportFrame>
  );
}
