import { CalendarCheck } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { downloadUrls, useAttendanceReport } from './api';
import { CompareBarChart } from './bar-chart';
import { formatHoursShort, formatSignedHours, peopleQuery, type UrlFilters } from './filters';
import { ReportFrame } from './report-states';
import { num, ReportTable, td, th } from './report-table';

const dayLabel = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** Attendance per user, and attended against tracked time per user and day. */
export function AttendanceReportView(props: { filters: UrlFilters }) {
  const query = peopleQuery(props.filters);
  const report = useAttendanceReport(query);
  return (
    <ReportFrame
      exports={downloadUrls.attendance(query)}
      scope={(data) => data.scope}
      report={report}
      what="the attendance report"
      isEmpty={(d) => d.users.length === 0}
      empty={{
        icon: CalendarCheck,
        title: 'No attendance',
        description: 'No one clocked in or tracked time in this range. Try another range.',
      }}
    >
      {(data) => (
        <>
          <Card className="grid gap-4 p-4 sm:p-5">
            <h2 className="text-base font-semibold">Attendance per user</h2>
            <CompareBarChart
              data={data.users.map((u) => ({ label: u.name, values: [u.attendedSeconds, u.trackedSeconds] }))}
              series={[
                { name: 'Attended', color: 'var(--color-chart-3)' },
                { name: 'Tracked', color: 'var(--color-chart-1)' },
              ]}
              label="Bar chart of attended and tracked hours per user. The table below lists the same figures."
            />
            <ReportTable
              caption={`Attendance per user, ${data.from} to ${data.to}`}
              head={
                <tr>
                  <th className={th}>User</th>
                  <th className={`${th} ${num}`}>Attended</th>
                  <th className={`${th} ${num}`}>Tracked</th>
                  <th className={`${th} ${num}`}>Difference</th>
                  <th className={`${th} ${num}`}>Days present</th>
                  <th className={`${th} ${num}`}>Late arrivals</th>
                  <th className={`${th} ${num}`}>Missed clock-outs</th>
                  <th className={`${th} ${num}`}>Breaks (min)</th>
                </tr>
              }
              foot={
                <tr>
                  <th scope="row" className={`${td} text-left`}>
                    Total
                  </th>
                  <td className={`${td} ${num}`}>{formatHoursShort(data.totals.attendedSeconds)}</td>
                  <td className={`${td} ${num}`}>{formatHoursShort(data.totals.trackedSeconds)}</td>
                  <td className={`${td} ${num}`}>{formatSignedHours(data.totals.differenceSeconds)}</td>
                  <td className={`${td} ${num}`}>{data.totals.daysPresent}</td>
                  <td className={`${td} ${num}`}>{data.totals.lateArrivals}</td>
                  <td className={`${td} ${num}`}>{data.totals.missedClockOuts}</td>
                  <td className={`${td} ${num}`}>{data.totals.breakMinutes}</td>
                </tr>
              }
            >
              {data.users.map((u) => (
                <tr key={u.userId}>
                  <th scope="row" className={`${td} whitespace-nowrap text-left font-normal`}>
                    {u.name}
                  </th>
                  <td className={`${td} ${num}`}>{formatHoursShort(u.attendedSeconds)}</td>
                  <td className={`${td} ${num}`}>{formatHoursShort(u.trackedSeconds)}</td>
                  <td className={`${td} ${num}`}>{formatSignedHours(u.differenceSeconds)}</td>
                  <td className={`${td} ${num}`}>{u.daysPresent}</td>
                  <td className={`${td} ${num}`}>{u.lateArrivals}</td>
                  <td className={`${td} ${num}`}>{u.missedClockOuts}</td>
                  <td className={`${td} ${num}`}>{u.breakMinutes}</td>
                </tr>
              ))}
            </ReportTable>
          </Card>
          <Card className="grid gap-3 p-4 sm:p-5">
            <h2 className="text-base font-semibold">Attended against tracked, per day</h2>
            <ReportTable
              caption={`Attended and tracked hours per user and day, ${data.from} to ${data.to}`}
              head={
                <tr>
                  <th className={th}>User</th>
                  <th className={th}>Day</th>
                  <th className={`${th} ${num}`}>Attended</th>
                  <th className={`${th} ${num}`}>Tracked</th>
                  <th className={`${th} ${num}`}>Difference</th>
                </tr>
              }
              foot={
                <tr>
                  <th scope="row" className={`${td} text-left`} colSpan={2}>
                    Total
                  </th>
                  <td className={`${td} ${num}`}>{formatHoursShort(data.totals.attendedSeconds)}</td>
                  <td className={`${td} ${num}`}>{formatHoursShort(data.totals.trackedSeconds)}</td>
                  <td className={`${td} ${num}`}>{formatSignedHours(data.totals.differenceSeconds)}</td>
                </tr>
              }
            >
              {data.days.map((d) => (
                <tr key={`${d.userId}:${d.day}`}>
                  <th scope="row" className={`${td} whitespace-nowrap text-left font-normal`}>
                    {d.name}
                  </th>
                  <td className={`${td} whitespace-nowrap`}>
                    <time dateTime={d.day}>{dayLabel.format(new Date(`${d.day}T00:00:00Z`))}</time>
                  </td>
                  <td className={`${td} ${num}`}>{formatHoursShort(d.attendedSeconds)}</td>
                  <td className={`${td} ${num}`}>{formatHoursShort(d.trackedSeconds)}</td>
                  <td className={`${td} ${num} ${d.differenceSeconds < 0 ? 'text-warning-foreground' : ''}`}>
                    {formatSignedHours(d.differenceSeconds)}
                  </td>
                </tr>
              ))}
            </ReportTable>
            <p className="text-xs text-muted-foreground">
              Attended time excludes breaks; a late arrival is a first clock-in past the saved start time and
              threshold.
            </p>
          </Card>
        </>
      )}
    </ReportFrame>
  );
}
