import { type SQL, sql } from 'drizzle-orm';
import type { TimeGrid, TimeGridQuery, TimeReport, TimeReportQuery, TimeReportRow } from '@contract/reports';
import type { Language } from '@contract/languages';
import { sentenceDay } from '@contract/zoned-time';
import type { Context } from '../../lib/context';
import { localeOf, translator } from '../../lib/i18n';
import { ledgerRows, trackedDaySeconds } from '../../core/time/ledger';
import { type ReportScope, reportScope } from './report-scope';

/**
 * Rows over the scope's ledger (each person's own days from..to), narrowed to the project if one is
 * chosen; `sums` when `rest` sums per person and day only ('day': the ledger's day sums serve) or per
 * person only ('person': their runs of days are summed as they are read).
 */
const ledgerOf = <T>(ctx: Context, s: ReportScope, rest: SQL, sums?: 'day' | 'person') =>
  ledgerRows<T>(
    ctx.db,
    s.ranges,
    { now: ctx.now, projectId: s.projectId, perDay: sums !== undefined, perPerson: sums === 'person' },
    rest,
  );

/** A period's names in the caller's language (English as it always was: en-GB's order). */
function periodNames(language: Language) {
  const locale = language === 'en' ? 'en-GB' : localeOf(language);
  const month = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const day = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return { month, day, locale, t: translator(language) };
}
const asUtc = (day: string) => new Date(`${day}T00:00:00Z`);

/** The Monday of the day's week ('YYYY-MM-DD'). */
export function weekStart(day: string): string {
  const d = asUtc(day);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/** The periods of the range, each once, in order: what a period report lists even when empty. */
function periodsOf(
  s: ReportScope,
  groupBy: 'day' | 'week' | 'month',
  language: Language,
): { key: string; label: string }[] {
  const names = periodNames(language);
  const seen = new Map<string, string>();
  for (const day of s.days) {
    if (groupBy === 'day') seen.set(day, names.day.format(asUtc(day)));
    else if (groupBy === 'week') {
      const monday = weekStart(day);
      seen.set(monday, names.t('exports:reports.week_of', { day: sentenceDay(monday, names.locale) }));
    } else {
      const first = `${day.slice(0, 7)}-01`;
      seen.set(first, names.month.format(asUtc(first)));
    }
  }
  return [...seen].map(([key, label]) => ({ key, label }));
}

type GroupRow = { key: string; label: string; seconds: string | number };

/**
 * Tracked time grouped by project, user, day, week or month, with each group's share; one query
 * over the ledger (a day is each person's own day).
 */
export async function timeReport(ctx: Context, query: TimeReportQuery): Promise<TimeReport> {
  // Tracked time only: no one's days off are needed.
  const s = await reportScope(ctx, query, { off: 'none' });
  const { groupBy } = query;
  // Labels in the caller's language (docs/decisions/035-languages.md).
  const language = await ctx.language();
  const t = translator(language);
  const select: Record<typeof groupBy, SQL> = {
    // Summed by id first, named after: sorting every entry by a text key costs more than the sum.
    project: sql`
      select coalesce(g.project_id::text, 'none') as key, coalesce(p.name, ${t('exports:reports.no_project')}) as label, g.seconds
      from (select project_id, sum(secs)::bigint as seconds from pieces group by project_id) g
        left join projects p on p.id = g.project_id
      order by seconds desc, label`,
    user: sql`
      select g.user_id::text as key, u.first_name || ' ' || u.last_name as label, g.seconds
      from (select user_id, sum(secs)::bigint as seconds from pieces group by user_id) g
        join users u on u.id = g.user_id
      order by seconds desc, label`,
    day: sql`select day::text as key, '' as label, sum(secs)::bigint as seconds from pieces group by 1`,
    week: sql`
      select date_trunc('week', day)::date::text as key, '' as label, sum(secs)::bigint as seconds
      from pieces group by 1`,
    month: sql`
      select date_trunc('month', day)::date::text as key, '' as label, sum(secs)::bigint as seconds
      from pieces group by 1`,
  };
  const byName = groupBy === 'project' || groupBy === 'user';
  const found =
    s.people.length === 0
      ? []
      : await ledgerOf<GroupRow>(
          ctx,
          s,
          select[groupBy],
          groupBy === 'user' ? 'person' : groupBy === 'project' ? undefined : 'day',
        );
  let rows: Omit<TimeReportRow, 'share'>[];
  if (byName) {
    rows = found.map((r) => ({ key: r.key, label: r.label, seconds: Number(r.seconds) }));
  } else {
    const byKey = new Map(found.map((r) => [r.key, Number(r.seconds)]));
    rows = periodsOf(s, groupBy, language).map((p) => ({ ...p, seconds: byKey.get(p.key) ?? 0 }));
  }
  const totalSeconds = rows.reduce((sum, r) => sum + r.seconds, 0);
  return {
    from: s.from,
    to: s.to,
    timeZone: s.timeZone,
    scope: s.info,
    groupBy,
    totalSeconds,
    rows: rows.map((r) => ({ ...r, share: totalSeconds ? r.seconds / totalSeconds : 0 })),
  };
}

/**
 * Tracked time per person and day (each person's own days). Rows: the active, approved people in
 * scope (so a week nobody on the team tracked shows as zeros, not as a blank) and anyone else in
 * scope who tracked time in the range.
 */
export async function timeGrid(ctx: Context, query: TimeGridQuery): Promise<TimeGrid> {
  // Tracked time only: no one's days off are needed.
  const s = await reportScope(ctx, query, { off: 'none' });
  const byPerson = await trackedDaySeconds(
    ctx.db,
    s.ranges,
    { now: ctx.now, projectId: s.projectId },
    s.from,
    s.days.length,
  );
  const rows: TimeGrid['rows'] = s.people
    .filter((p) => p.active || byPerson.has(p.userId))
    .map((p) => {
      const seconds = byPerson.get(p.userId) ?? s.days.map(() => 0);
      return { userId: p.userId, name: p.name, seconds, totalSeconds: seconds.reduce((a, b) => a + b, 0) };
    });
  const dayTotals = s.days.map((_, i) => rows.reduce((sum, r) => sum + r.seconds[i], 0));
  return {
    from: s.from,
    to: s.to,
    timeZone: s.timeZone,
    scope: s.info,
    days: s.days,
    rows,
    dayTotals,
    totalSeconds: dayTotals.reduce((a, b) => a + b, 0),
  };
}
