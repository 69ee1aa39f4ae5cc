import type { Language } from '@contract/languages';
import type { Download } from './routes';
import { csvDocument, csvFormatOf, csvStart } from './csv';

/**
 * One table, written as CSV or as an Excel workbook with typed cells (docs/decisions/012-reports.md):
 * what a report's screen shows, a row per line and a totals row.
 */
export type ColumnKind = 'text' | 'date' | 'hours' | 'percent' | 'number' | 'number2';
export type ExportTable = {
  /** the file name's start (the same in every language) */
  name: string;
  /** the sheet's name, in the requester's language */
  sheet: string;
  /** a report of several tables titles each (its CSV section, its sheet), in the requester's language */
  title?: string;
  columns: { header: string; kind: ColumnKind }[];
  /** 'YYYY-MM-DD' for dates, numbers for hours and percentages */
  rows: (string | number | null)[][];
  totals: (string | number | null)[];
};

/** Hours as the screen shows them: two decimals. */
export const hoursOf = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;
/** A share 0..1 as a percentage with one decimal. */
export const percentOf = (share: number) => Math.round(share * 1000) / 10;

/**
 * One table as CSV; several as sections, each under its title, separated by an empty line. In the
 * requester's format: a German reader's has `;` and decimal commas (lib/csv.ts).
 */
export function tableCsv(
  table: ExportTable | ExportTable[],
  range: { from: string; to: string },
  language: Language,
): Download {
  const format = csvFormatOf(language);
  const tables = Array.isArray(table) ? table : [table];
  const body = tables
    .map((t) => {
      const document = csvDocument(
        t.columns.map((c) => c.header),
        [...t.rows, t.totals],
        format,
      );
      return tables.length > 1 ? `${csvDocument([t.title ?? t.sheet], [], format)}${document}` : document;
    })
    .join('\r\n');
  return {
    filename: `${tables[0].name}-${range.from}-to-${range.to}.csv`,
    body: `${csvStart(format)}${body}`,
  };
}

const NUMBER_FORMATS: Record<ColumnKind, string | undefined> = {
  text: undefined,
  date: 'yyyy-mm-dd',
  hours: '0.00',
  percent: '0.0',
  number: '0',
  number2: '0.00',
};

/**
 * One table as a workbook of one sheet; several as one sheet each, named by their titles. Numbers
 * stay numbers (a spreadsheet shows them in its own locale); only headers and names are translated.
 */
export async function tableXlsx(
  table: ExportTable | ExportTable[],
  range: { from: string; to: string },
): Promise<Download> {
  // Loaded on the first export, not at start-up: it is a large module only downloads need.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Workbench';
  const tables = Array.isArray(table) ? table : [table];
  for (const t of tables) addSheet(workbook, t);
  return {
    filename: `${tables[0].name}-${range.from}-to-${range.to}.xlsx`,
    body: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}

function addSheet(workbook: import('exceljs').Workbook, table: ExportTable) {
  const sheet = workbook.addWorksheet((table.title ?? table.sheet).slice(0, 31));
  sheet.columns = table.columns.map((c, i) => ({
    header: c.header,
    key: String(i),
    width: i === 0 ? 28 : Math.max(12, c.header.length + 2),
    style: NUMBER_FORMATS[c.kind] ? { numFmt: NUMBER_FORMATS[c.kind] } : {},
  }));
  const typed = (values: (string | number | null)[]) =>
    values.map((v, i) =>
      table.columns[i].kind === 'date' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)
        ? new Date(`${v}T00:00:00Z`)
        : v,
    );
  for (const row of table.rows) sheet.addRow(typed(row));
  const totals = sheet.addRow(typed(table.totals));
  totals.font = { bold: true };
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
}
