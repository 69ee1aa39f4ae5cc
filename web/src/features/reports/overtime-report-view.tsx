import { Scale } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { downloadUrls, useOvertimeReport } from './api';
import { CompareBarChart } from './bar-chart';
import { formatHoursShort, formatSignedHours, peopleQuery, type UrlFilters } from './filters';
import { ReportFrame } from './report-states';
import { num, ReportTable, td, th } from './report-table';

/** Expected against tracked time per user over the range, and the balance. */
export function OvertimeReportView(props: { filters: UrlFilters }) {
  const query = peopleQuery(props.filters);
  const report = useOvertimeReport(query);
  return (
    <ReportFrame
      exports={downloadUrls.overtime(query)}
      scope={(data) => data.scope}
      report={report}
      what="the overtime report"
      isEmpty={(d) => d.users.length === 0}
      empty={{
        icon: Scale,
        title: 'Nothing to balance yet',
        description: 'This range has not begun, or no one is in it. Try another range.',
      }}
    >
      {(data) => (
        <Card className="grid gap-4 p-4 sm:p-5">
          <h2 className="text-base font-semibold">
            Balance{data.countedTo < data.to ? ' up to today' : ''}:{' '}
            {formatSignedHours(data.totals.balanceSeconds)} h
          </h2>
          <CompareBarChart
            data={data.users.map((u) => ({ label: u.name, values: [u.expectedSeconds, u.trackedSeconds] }))}
            series={[
              { name: 'Expected', color: 'var(--color-chart-2)' },
              { name: 'Tracked', color: 'var(--color-chart-1)' },
            ]}
            label="Bar chart of expected and tracked hours per user. The table below lists the same figures."
          />
          <ReportTable
            caption={`Expected and tracked hours per user, ${data.from} to ${data.countedTo}`}
            head={
              <tr>
                <th className={th}>User</th>
                <th className={`${th} ${num}`}>Expected</th>
                <th className={`${th} ${num}`}>Tracked</th>
                <th className={`${th} ${num}`}>Balance</th>
              </tr>
            }
            foot={
              <tr>
                <th scope="row" className={`${td} text-left`}>
                  Total
                </th>
                <td className={`${td} ${num}`}>{formatHoursShort(data.totals.expectedSeconds)}</td>
                <td className={`${td} ${num}`}>{formatHoursShort(data.totals.trackedSeconds)}</td>
                <td className={`${td} ${num}`}>{formatSignedHours(data.totals.balanceSeconds)}</td>
              </tr>
            }
          >
            {data.users.map((u) => (
              <tr key={u.userId}>
                <th scope="row" className={`${td} whitespace-nowrap text-left font-normal`}>
                  {u.name}
                </th>
                <td className={`${td} ${num}`}>{formatHoursShort(u.expectedSeconds)}</td>
                <td className={`${td} ${num}`}>{formatHoursShort(u.trackedSeconds)}</td>
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
              ? `Counted up to today: ${data.from} to ${data.countedTo} (the days after today are not owed yet).`
              : `Counted from ${data.from} to ${data.countedTo}.`}{' '}
            Expected: each person's work schedule (8 h Monday to Friday unless set on Team Management), from
            the day they joined, on their own days (their time zone).
          </p>
        </Card>
      )}
    </ReportFrame>
  );
}
