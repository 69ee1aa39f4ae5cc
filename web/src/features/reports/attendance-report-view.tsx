import { CalendarCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { formatDate, formatDayShort, formatNumber } from '@/lib/format';
import { downloadUrls, useAttendanceReport } from './api';
import { CompareBarChart } from './bar-chart';
import { formatHoursShort, formatSignedHours, peopleQuery, type UrlFilters } from './filters';
import { ReportFrame } from './report-states';
import { cn } from '@/lib/utils';
import { num, ReportTable, td, th } from './report-table';

/** A figure's head that may wrap (German heads are long): two short lines rather than a wide table. */
const thWrap = cn(th, num, 'whitespace-normal leading-tight');

/** Attendance per user, and attended against tracked time per user and day. */
export function AttendanceReportView(props: { filters: UrlFilters }) {
  const { t } = useTranslation('reports');
  const query = peopleQuery(props.filters);
  const report = useAttendanceReport(query);
  return (
    <ReportFrame
      exports={downloadUrls.attendance(query)}
      scope={(data) => data.scope}
      report={report}
      loading={t('attendance.loading')}
      isEmpty={(d) => d.users.length === 0}
      empty={{
        icon: CalendarCheck,
        title: t('attendance.emptyTitle'),
        description: t('attendance.emptyDescription'),
      }}
    >
      {(data) => (
        <>
          <Card className="grid gap-4 p-4 sm:p-5">
            <h2 className="text-base font-semibold">{t('attendance.perUser')}</h2>
            <CompareBarChart
              data={data.users.map((u) => ({ label: u.name, values: [u.attendedSeconds, u.trackedSeconds] }))}
              series={[
                { name: t('attendance.attended'), color: 'var(--color-chart-3)' },
                { name: t('attendance.tracked'), color: 'var(--color-chart-1)' },
              ]}
              label={t('attendance.chart')}
            />
            <ReportTable
              caption={t('attendance.caption', { from: formatDate(data.from), to: formatDate(data.to) })}
              head={
                <tr>
                  <th className={th} data-essential>
                    {t('table.user')}
                  </th>
                  <th className={thWrap} data-essential>
                    {t('attendance.attended')}
                  </th>
                  <th className={thWrap}>{t('attendance.tracked')}</th>
                  <th className={thWrap}>{t('attendance.difference')}</th>
                  <th className={thWrap}>{t('attendance.daysPresent')}</th>
                  <th className={thWrap}>{t('attendance.lateArrivals')}</th>
                  <th className={thWrap}>{t('attendance.missedClockOuts')}</th>
                  <th className={thWrap}>{t('attendance.breakMinutes')}</th>
                </tr>
              }
              foot={
                <tr>
                  <th scope="row" className={`${td} text-left`}>
                    {t('table.total')}
                  </th>
                  <td className={`${td} ${num}`}>{formatHoursShort(data.totals.attendedSeconds)}</td>
                  <td className={`${td} ${num}`}>{formatHoursShort(data.totals.trackedSeconds)}</td>
                  <td className={`${td} ${num}`}>{formatSignedHours(data.totals.differenceSeconds)}</td>
                  <td className={`${td} ${num}`}>{formatNumber(data.totals.daysPresent)}</td>
                  <td className={`${td} ${num}`}>{formatNumber(data.totals.lateArrivals)}</td>
                  <td className={`${td} ${num}`}>{formatNumber(data.totals.missedClockOuts)}</td>
                  <td className={`${td} ${num}`}>{formatNumber(data.totals.breakMinutes)}</td>
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
                  <td className={`${td} ${num}`}>{formatNumber(u.daysPresent)}</td>
                  <td className={`${td} ${num}`}>{formatNumber(u.lateArrivals)}</td>
                  <td className={`${td} ${num}`}>{formatNumber(u.missedClockOuts)}</td>
                  <td className={`${td} ${num}`}>{formatNumber(u.breakMinutes)}</td>
                </tr>
              ))}
            </ReportTable>
          </Card>
          <Card className="grid gap-3 p-4 sm:p-5">
            <h2 className="text-base font-semibold">{t('attendance.perDay')}</h2>
            <ReportTable
              caption={t('attendance.perDayCaption', {
                from: formatDate(data.from),
                to: formatDate(data.to),
              })}
              head={
                <tr>
                  <th className={th} data-essential>
                    {t('table.user')}
                  </th>
                  <th className={th} data-essential>
                    {t('table.day')}
                  </th>
                  <th className={`${th} ${num}`}>{t('attendance.attended')}</th>
                  <th className={`${th} ${num}`}>{t('attendance.tracked')}</th>
                  <th className={`${th} ${num}`}>{t('attendance.difference')}</th>
                </tr>
              }
              foot={
                <tr>
                  <th scope="row" className={`${td} text-left`} colSpan={2}>
                    {t('table.total')}
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
                    <time dateTime={d.day}>{formatDayShort(d.day)}</time>
                  </td>
                  <td className={`${td} ${num}`}>{formatHoursShort(d.attendedSeconds)}</td>
                  <td className={`${td} ${num}`}>{formatHoursShort(d.trackedSeconds)}</td>
                  <td className={`${td} ${num} ${d.differenceSeconds < 0 ? 'text-warning-foreground' : ''}`}>
                    {formatSignedHours(d.differenceSeconds)}
                  </td>
                </tr>
              ))}
            </ReportTable>
            <p className="text-xs text-muted-foreground">{t('attendance.note')}</p>
          </Card>
        </>
      )}
    </ReportFrame>
  );
}
