import { CalendarOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { formatDate, formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import { downloadUrls, useAbsencesReport } from './api';
import { formatHoursShort, peopleQuery, type UrlFilters } from './filters';
import { ReportFrame } from './report-states';
import { num, ReportTable, td as tdBase, th as thBase, wide } from './report-table';

// Narrow columns on a phone: tighter padding lets them fit without scrolling.
const th = cn(thBase, 'px-2 sm:px-3');
const td = cn(tdBase, 'px-2 sm:px-3');

/** Days go in halves: 3, 2.5. */
const formatDays = (days: number) => formatNumber(days, { maximumFractionDigits: 1 });

function TypeName({ name, color }: { name: string; color: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: color }} aria-hidden />
      {name}
    </span>
  );
}

/**
 * Approved time off per person and type over the range (docs/product/reports.md#absences): the
 * working days it takes and the hours it takes off the expected time, as the server counts them.
 */
export function AbsencesReportView(props: { filters: UrlFilters }) {
  const { t } = useTranslation('reports');
  const daysLabel = (days: number) => t('absences.days', { count: days, days: formatDays(days) });
  const query = peopleQuery(props.filters);
  const report = useAbsencesReport(query);
  return (
    <ReportFrame
      exports={downloadUrls.absences(query)}
      scope={(data) => data.scope}
      report={report}
      loading={t('absences.loading')}
      isEmpty={(d) => d.rows.length === 0}
      empty={{
        icon: CalendarOff,
        title: t('absences.emptyTitle'),
        description: t('absences.emptyDescription'),
      }}
    >
      {(data) => {
        const typeOf = new Map(data.types.map((type) => [type.id, type]));
        return (
          <Card className="grid gap-4 p-4 sm:p-5">
            <h2 className="text-base font-semibold">
              {t('absences.heading', { days: daysLabel(data.totals.days) })}
            </h2>
            <ul className="flex flex-wrap gap-2" aria-label={t('absences.perType')}>
              {data.typeTotals.map((total) => {
                const type = typeOf.get(total.typeId);
                return (
                  <li key={total.typeId} className="rounded-md border px-3 py-2 text-sm">
                    <TypeName name={type?.name ?? ''} color={type?.color ?? 'transparent'} />
                    <span className="block tabular-nums text-muted-foreground">
                      {t('absences.typeTotal', {
                        days: daysLabel(total.days),
                        hours: formatHoursShort(total.seconds),
                      })}
                    </span>
                  </li>
                );
              })}
            </ul>
            <ReportTable
              caption={t('absences.caption', { from: formatDate(data.from), to: formatDate(data.to) })}
              head={
                <tr>
                  <th className={th} data-essential>
                    {t('table.user')}
                  </th>
                  <th className={cn(th, wide)}>{t('absences.type')}</th>
                  <th className={`${th} ${num}`} data-essential>
                    {t('absences.daysColumn')}
                  </th>
                  <th className={`${th} ${num}`}>{t('table.hours')}</th>
                </tr>
              }
              foot={
                <tr>
                  <th scope="row" className={`${td} text-left`}>
                    {t('table.total')}
                  </th>
                  <td className={cn(td, wide)} />
                  <td className={`${td} ${num}`}>{formatDays(data.totals.days)}</td>
                  <td className={`${td} ${num}`}>{formatHoursShort(data.totals.seconds)}</td>
                </tr>
              }
            >
              {data.rows.map((row, i) => {
                const type = typeOf.get(row.typeId);
                // A person's first row names them; their other types follow beneath it.
                const first = i === 0 || data.rows[i - 1].userId !== row.userId;
                return (
                  <tr key={`${row.userId} ${row.typeId}`} data-testid="absence-row">
                    <th scope="row" className={`${td} text-left font-normal`}>
                      {first ? row.name : <span className="sr-only">{row.name}</span>}
                      {/* A phone has no room for the Type column: the type goes under the name. */}
                      <span className="block text-muted-foreground sm:hidden">
                        <TypeName name={type?.name ?? ''} color={type?.color ?? 'transparent'} />
                      </span>
                    </th>
                    <td className={cn(td, wide)}>
                      <TypeName name={type?.name ?? ''} color={type?.color ?? 'transparent'} />
                    </td>
                    <td className={`${td} ${num}`}>{formatDays(row.days)}</td>
                    <td className={`${td} ${num}`}>{formatHoursShort(row.seconds)}</td>
                  </tr>
                );
              })}
            </ReportTable>
            <p className="text-xs text-muted-foreground">
              {t('absences.note', { from: formatDate(data.from), to: formatDate(data.to) })}
            </p>
          </Card>
        );
      }}
    </ReportFrame>
  );
}
