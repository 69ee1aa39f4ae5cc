export type Row = Record<string, string | number>;

/** A Markdown table, so the output pastes straight into docs/performance.md. */
export function table(rows: Row[]): string {
  if (!rows.length) return '(no rows)';
  const headers = Object.keys(rows[0]);
  const cell = (v: string | number | undefined) => (typeof v === 'number' ? fmt(v) : (v ?? ''));
  return [
    `| ${headers.join(' | ')} |`,
    `|${headers.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${headers.map((h) => cell(r[h])).join(' | ')} |`),
  ].join('\n');
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n >= 100 ? n.toFixed(0) : n.toFixed(1));
