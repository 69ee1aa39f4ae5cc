import type { BillableReport, Money } from '@contract/billing';
import type { TFunction } from 'i18next';
import { type ExportTable, hoursOf } from '../../lib/table-export';

/** An amount as a number of major units (12345 EUR cents → 123.45); exact for two-decimal currencies. */
export const majorOf = (minor: number) => minor / 100;

/** Per-currency amounts as one cell: "EUR 123.45; USD 10.00" (never added together). */
export const moneyCell = (list: Money[] | null) =>
  list === null ? null : list.map((m) => `${m.currency} ${majorOf(m.minor).toFixed(2)}`).join('; ');

/** The billable report as a table: the screen's rows, then the totals (docs/product/billing.md#reports). */
export function billableTable(report: BillableReport, t: TFunction): ExportTable {
  const money = report.moneyVisible;
  const cost = report.costVisible;
  const columns: ExportTable['columns'] = [
    { header: t(`exports:billing.columns.${report.groupBy}`), kind: 'text' },
    { header: t('exports:billing.columns.billable_hours'), kind: 'hours' },
    { header: t('exports:billing.columns.unbilled_hours'), kind: 'hours' },
    { header: t('exports:billing.columns.billed_hours'), kind: 'hours' },
    { header: t('exports:billing.columns.non_billable_hours'), kind: 'hours' },
    ...(money
      ? [
          { header: t('exports:billing.columns.amount'), kind: 'text' as const },
          { header: t('exports:billing.columns.unbilled_amount'), kind: 'text' as const },
          { header: t('exports:billing.columns.billed_amount'), kind: 'text' as const },
        ]
      : []),
    ...(cost ? [{ header: t('exports:billing.columns.cost'), kind: 'text' as const }] : []),
  ];
  const line = (f: BillableReport['totals']) => [
    hoursOf(f.billableSeconds),
    hoursOf(f.unbilledSeconds),
    hoursOf(f.billedSeconds),
    hoursOf(f.nonBillableSeconds),
    ...(money ? [moneyCell(f.amounts), moneyCell(f.unbilledAmounts), moneyCell(f.billedAmounts)] : []),
    ...(cost ? [moneyCell(f.costs)] : []),
  ];
  return {
    name: `billable-by-${report.groupBy}`,
    sheet: t(`exports:billing.sheets.billable_by_${report.groupBy}`),
    columns,
    rows: report.rows.map((r) => [r.label || t('exports:billing.none'), ...line(r)]),
    totals: [t('exports:reports.total'), ...line(report.totals)],
  };
}
