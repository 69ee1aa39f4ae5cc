import type { Language } from '@contract/languages';

/**
 * How a reader's spreadsheet reads CSV (docs/decisions/035-languages.md#exports): English as it
 * always was (`,` between fields, `.` in numbers, no byte-order mark); German as Excel in a German
 * locale expects it (`;` between fields, `,` in numbers) and with a UTF-8 byte-order mark, without
 * which Excel reads the file as Windows-1252 and garbles the umlauts of its headers.
 */
export type CsvFormat = { separator: ',' | ';'; decimal: '.' | ','; bom: boolean };
const ENGLISH: CsvFormat = { separator: ',', decimal: '.', bom: false };
const GERMAN: CsvFormat = { separator: ';', decimal: ',', bom: true };
export const csvFormatOf = (language: Language): CsvFormat => (language === 'de' ? GERMAN : ENGLISH);

/**
 * RFC 4180 quoting; text that a spreadsheet would run as a formula gets a leading apostrophe
 * (CSV injection), since some fields are free text typed by users. Numbers are written with the
 * format's decimal mark, never grouped.
 */
export function csvField(value: string | number | null, format: CsvFormat = ENGLISH): string {
  if (value === null) return '';
  let text = typeof value === 'number' ? String(value).replace('.', format.decimal) : value;
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  const special = format.separator === ',' ? /[",\r\n]/ : /[";\r\n]/;
  return special.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV document: a header line, one line per row, CRLF line ends (RFC 4180). */
export function csvDocument(
  header: readonly string[],
  rows: (string | number | null)[][],
  format: CsvFormat = ENGLISH,
): string {
  const lines = [header, ...rows].map((fields) =>
    fields.map((f) => csvField(f, format)).join(format.separator),
  );
  return `${lines.join('\r\n')}\r\n`;
}

/** The byte-order mark a document in this format starts with, if any (once per file). */
export const csvStart = (format: CsvFormat) => (format.bom ? '\uFEFF' : '');
