/**
 * RFC 4180 quoting; text that a spreadsheet would run as a formula gets a leading apostrophe
 * (CSV injection), since some fields are free text typed by users.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV document: a header line, one line per row, CRLF line ends (RFC 4180). */
export function csvDocument(header: readonly string[], rows: (string | number | null)[][]): string {
  const lines = [header, ...rows].map((fields) => fields.map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
