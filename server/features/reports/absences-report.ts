import { rowsOf } from '../../db/rows';
import type { AbsencesReport, AbsencesReportQuery } from '@contract/reports';
import { sql } from 'drizzle-orm';
import { costOf, halves } from '../../core/time/leave-cost';
import type { Context } from '../../lib/context';
import { inScope, reportScope } from './report-scope';

type Row = {
  user_id: string;
  type_id: string;
  start_date: string;
  end_date: string;
  start_half: boolean;
  end_half: boolean;
  hours: string | number | null;
};

/**
 * Approved time off per person and type (docs/product/time-off.md#counting): what each request
 * costs on the days of the range, by the person's own schedule and holidays (the same count as the
 * allowance's), so a request that reaches past the range counts only its days inside it.
 */
export async function absencesReport(ctx: Context, query: AbsencesReportQuery): Promise<AbsencesReport> {
  const s = await reportScope(ctx, query);
  const [requests, types] = await Promise.all([
    s.people.length === 0
      ? []
      : rowsOf<Row>(
          ctx.db,
          sql`select r.user_id::text, r.type_id::text, r.start_date::text, r.end_date::text, r.start_half,
                r.end_half, r.hours
              from leave_requests r
              where r.status = 'approved' and r.start_date <= ${s.to}::date and r.end_date >= ${s.from}::date
                ${inScope(s, sql`r.user_id`)}`,
        ),
    rowsOf<{ id: string; name: string; color: string }>(
      ctx.db,
      sql`select id::text, name, color from leave_types order by sort_order, lower(name)`,
    ),
  ]);
  const personOf = new Map(s.people.map((p) => [p.userId, p]));
  const cells = new Map<string, { days: number; seconds: number }>();
  for (const r of requests) {
    const person = personOf.get(r.user_id);
    if (!person) continue;
    const cost = costOf(person, {
      startDate: r.start_date,
      endDate: r.end_date,
      startHalf: r.start_half,
      endHalf: r.end_half,
      hours: r.hours === null ? null : Number(r.hours),
    });
    const key = `${r.user_id} ${r.type_id}`;
    const cell = cells.get(key) ?? { days: 0, seconds: 0 };
    for (const [day, part] of cost.perDay) {
      if (day < s.from || day > s.to) continue;
      cell.days += part.days;
      cell.seconds += part.seconds;
    }
    cells.set(key, cell);
  }
  const used = types.filter((t) => [...cells.keys()].some((k) => k.endsWith(` ${t.id}`)));
  const rows = s.people.flatMap((p) =>
    used.flatMap((t) => {
      const cell = cells.get(`${p.userId} ${t.id}`);
      return cell
        ? [{ userId: p.userId, name: p.name, typeId: t.id, days: halves(cell.days), seconds: cell.seconds }]
        : [];
    }),
  );
  const typeTotals = used.map((t) => {
    const of = rows.filter((r) => r.typeId === t.id);
    return {
      typeId: t.id,
      days: halves(of.reduce((n, r) => n + r.days, 0)),
      seconds: of.reduce((n, r) => n + r.seconds, 0),
    };
  });
  return {
    from: s.from,
    to: s.to,
    timeZone: s.timeZone,
    scope: s.info,
    types: used,
    rows,
    typeTotals,
    totals: {
      days: halves(rows.reduce((n, r) => n + r.days, 0)),
      seconds: rows.reduce((n, r) => n + r.seconds, 0),
    },
  };
}
