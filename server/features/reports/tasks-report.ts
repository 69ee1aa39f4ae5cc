import { rowsOf } from '../../db/rows';
import { sql } from 'drizzle-orm';
import type { TasksReport, TasksReportQuery } from '@contract/reports';
import type { Context } from '../../lib/context';
import { zonedDate } from '@contract/zoned-time';
import { inScope, reportScope, viewerRange } from './report-scope';
import { weekStart } from './time-report';
import { readerOf } from '../../core/readers';

const MAX_OVERDUE = 50;

/**
 * The tasks report (docs/decisions/012-reports.md). Reviews are every decision made in the range
 * (task_reviews): a task sent back twice and then approved counts three decisions, two of them
 * rework, each with its own turnaround from the submission it decided.
 */
export async function tasksReport(ctx: Context, query: TasksReportQuery): Promise<TasksReport> {
  // Tasks only: no one's days off are needed.
  const s = await reportScope(ctx, query, { off: 'none' });
  const { t, longDay } = readerOf(await ctx.language());
  const tz = s.timeZone;
  const range = viewerRange(s);
  const lo = sql`${range.lo.toISOString()}::timestamptz`;
  const hi = sql`${range.hi.toISOString()}::timestamptz`;
  // a task in the Trash counts nowhere (docs/product/tasks.md#deleting)
  const scope = sql`${inScope(s, sql.raw('t.assignee_id'))} and t.deleted_at is null
    ${s.projectId ? sql`and t.project_id = ${s.projectId}` : sql``}`;
  const now = sql`${ctx.now.toISOString()}::timestamptz`;

  const [weeks, projects, [reviews], overdue] = await Promise.all([
    rowsOf<{ week: string; completed: string | number }>(
      ctx.db,
      sql`select date_trunc('week', (t.completed_at at time zone ${tz}))::date::text as week, count(*) as completed
        from tasks t where t.status = 'completed' and t.completed_at >= ${lo} and t.completed_at < ${hi} ${scope}
        group by 1`,
    ),
    rowsOf<{
      key: string;
      name: string;
      completed: string | number;
      estimated: string | number;
      spent: string | number;
    }>(
      ctx.db,
      sql`select coalesce(p.id::text, 'none') as key, coalesce(p.name, ${t('exports:reports.no_project')}) as name, count(*) as completed,
          round(sum(t.estimated_hours) * 3600)::bigint as estimated, sum(t.time_spent_seconds)::bigint as spent
        from tasks t left join projects p on p.id = t.project_id
        where t.status = 'completed' and t.completed_at >= ${lo} and t.completed_at < ${hi} ${scope}
        group by 1, 2 order by completed desc, name`,
    ),
    rowsOf<{
      decided: string | number;
      approved: string | number;
      rework: string | number;
      average: number | null;
      median: number | null;
    }>(
      ctx.db,
      sql`select count(*) as decided, count(*) filter (where r.decision = 'approved') as approved,
          count(*) filter (where r.decision = 'rework') as rework,
          avg(extract(epoch from (r.decided_at - r.submitted_at)))::float8 as average,
          percentile_cont(0.5) within group (order by extract(epoch from (r.decided_at - r.submitted_at)))::float8 as median
        from task_reviews r join tasks t on t.id = r.task_id
        where r.decided_at >= ${lo} and r.decided_at < ${hi} and r.submitted_at <= r.decided_at ${scope}`,
    ),
    rowsOf<{
      id: string;
      title: string;
      assignee: string;
      project: string | null;
      due: string;
      total: string | number;
    }>(
      ctx.db,
      sql`select t.id::text, t.title, u.first_name || ' ' || u.last_name as assignee, p.name as project,
          t.due_date::text as due, count(*) over () as total
        from tasks t join users u on u.id = t.assignee_id left join projects p on p.id = t.project_id
        where t.status <> 'completed' and t.due_date < ${now} ${scope}
        order by t.due_date, t.id limit ${MAX_OVERDUE}`,
    ),
  ]);

  const byWeek = new Map(weeks.map((w) => [w.week, Number(w.completed)]));
  const allWeeks = [...new Set(s.days.map(weekStart))];
  const today = zonedDate(ctx.now, tz);
  const decided = Number(reviews.decided);
  return {
    from: s.from,
    to: s.to,
    timeZone: tz,
    completedPerWeek: allWeeks.map((week) => ({
      week,
      label: t('exports:reports.week_of', { day: longDay(week) }),
      completed: byWeek.get(week) ?? 0,
    })),
    projects: projects.map((p) => ({
      key: p.key,
      name: p.name,
      completed: Number(p.completed),
      estimatedSeconds: Number(p.estimated),
      spentSeconds: Number(p.spent),
    })),
    reviews: {
      decided,
      approved: Number(reviews.approved),
      rework: Number(reviews.rework),
      reworkRate: decided ? Number(reviews.rework) / decided : 0,
      averageTurnaroundSeconds: reviews.average === null ? null : Math.round(reviews.average),
      medianTurnaroundSeconds: reviews.median === null ? null : Math.round(reviews.median),
    },
    overdue: {
      count: Number(overdue[0]?.total ?? 0),
      tasks: overdue.map((o) => {
        const due = zonedDate(new Date(o.due), tz);
        return {
          id: o.id,
          title: o.title,
          assignee: o.assignee,
          project: o.project,
          dueDate: due,
          daysOverdue: Math.max(
            0,
            Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${due}T00:00:00Z`)) / 86_400_000),
          ),
        };
      }),
    },
  };
}
