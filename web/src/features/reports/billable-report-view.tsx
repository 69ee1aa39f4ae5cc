import { BILLABLE_GROUPS, type BillableReport, billingApi } from '@contract/billing';
import { CircleDollarSign } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BudgetBar } from '@/components/ui/budget-bar';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { apiUrl, useApiQuery } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { formatMoneyList } from '@/lib/use-project-billing';
import { formatHoursShort, type UrlFilters, workQuery } from './filters';
import { ReportFrame } from './report-states';
import { num, ReportTable, td, th, wide } from './report-table';

type Group = (typeof BILLABLE_GROUPS)[number];

/**
 * Billable hours and amounts (docs/product/billing.md#reports): per client, project, person or task,
 * unbilled and billed; amounts per currency only for those who may see them; budget burn below.
 */
export function BillableReportView({ filters }: { filters: UrlFilters }) {
  const { t } = useTranslation('reports');
  const [groupBy, setGroupBy] = useState<Group>('client');
  // The same person, team and project filters as the other reports (docs/decisions/012-reports.md).
  const query = { ...workQuery(filters), groupBy };
  const report = useApiQuery(billingApi.billable, { query }, { placeholderData: (previous) => previous });
  return (
    <ReportFrame
      toolbar={
        <div className="grid w-44 gap-1.5 print:hidden">
          <Label htmlFor="billable-group" className="text-xs text-muted-foreground">
            {t('billable.groupBy')}
          </Label>
          <Select value={groupBy} onValueChange={(v) => setGroupBy(v as Group)}>
            <SelectTrigger id="billable-group">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {BILLABLE_GROUPS.map((g) => (
                <SelectItem key={g} value={g}>
                  {t(`billable.group.${g}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      }
      exports={{
        csv: apiUrl(billingApi.billableCsv, { query }),
        xlsx: apiUrl(billingApi.billableXlsx, { query }),
      }}
      report={report}
      loading={t('billable.loading')}
      isEmpty={(data) => data.rows.length === 0 && data.budgets.length === 0}
      empty={{
        icon: CircleDollarSign,
        title: t('billable.emptyTitle'),
        description: t('billable.emptyDescription'),
      }}
    >
      {(data) => <BillableTables data={data} />}
    </ReportFrame>
  );
}

function BillableTables({ data }: { data: BillableReport }) {
  const { t } = useTranslation('reports');
  const money = data.moneyVisible;
  const figures = (f: BillableReport['totals']) => (
    <>
      <td className={`${td} ${num}`}>{formatHoursShort(f.billableSeconds)}</td>
      <td className={`${td} ${num} ${wide}`}>{formatHoursShort(f.unbilledSeconds)}</td>
      <td className={`${td} ${num} ${wide}`}>{formatHoursShort(f.billedSeconds)}</td>
      <td className={`${td} ${num} ${wide}`}>{formatHoursShort(f.nonBillableSeconds)}</td>
      {money && <td className={`${td} ${num}`}>{formatMoneyList(f.amounts)}</td>}
      {money && <td className={`${td} ${num} ${wide}`}>{formatMoneyList(f.unbilledAmounts)}</td>}
      {data.costVisible && <td className={`${td} ${num} ${wide}`}>{formatMoneyList(f.costs)}</td>}
    </>
  );
  return (
    <Card className="grid gap-4 p-4 sm:p-5">
      <ReportTable
        caption={t('billable.caption', {
          group: data.groupBy,
          from: formatDate(data.from),
          to: formatDate(data.to),
        })}
        head={
          <tr>
            <th className={th} data-essential>
              {t(`billable.group.${data.groupBy}`)}
            </th>
            <th className={`${th} ${num}`} data-essential>
              {t('billable.billable')}
            </th>
            <th className={`${th} ${num} ${wide}`}>{t('billable.unbilled')}</th>
            <th className={`${th} ${num} ${wide}`}>{t('billable.billed')}</th>
            <th className={`${th} ${num} ${wide}`}>{t('billable.nonBillable')}</th>
            {money && <th className={`${th} ${num}`}>{t('billable.amount')}</th>}
            {money && <th className={`${th} ${num} ${wide}`}>{t('billable.unbilledAmount')}</th>}
            {data.costVisible && <th className={`${th} ${num} ${wide}`}>{t('billable.cost')}</th>}
          </tr>
        }
        foot={
          <tr>
            <th scope="row" className={`${td} text-left`}>
              {t('table.total')}
            </th>
            {figures(data.totals)}
          </tr>
        }
      >
        {data.rows.map((r) => (
          <tr key={r.key}>
            <th scope="row" className={`${td} text-left font-normal`}>
              {r.label || t('billable.none')}
            </th>
            {figures(r)}
          </tr>
        ))}
      </ReportTable>
      {data.budgets.length > 0 && (
        <section aria-labelledby="budget-burn" className="grid gap-3">
          <h2 id="budget-burn" className="text-base font-semibold">
            {t('billable.budgets')}
          </h2>
          {data.budgets.map((b) => (
            <BudgetBar key={b.projectId} share={b.share} label={b.project} />
          ))}
        </section>
      )}
      <p className="text-xs text-muted-foreground">{t('billable.note')}</p>
    </Card>
  );
}
