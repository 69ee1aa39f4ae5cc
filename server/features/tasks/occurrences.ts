import { and, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { REPEAT_NEEDS_DUE_DATE, type Repeat } from '@contract/tasks';
import { zonedDate, zonedInstant } from '@contract/zoned-time';
import type { Db } from '../../db/types';
import { rowsOf } from '../../db/rows';
import { taskSeries, tasks } from '../../db/schema';
import type { PublicContext } from '../../lib/context';
import { badRequest } from '../../lib/errors';
import { nextOccurrence, ruleText } from './repeat';
import { announceTask } from './tasks.events';

/**
 * The occurrences of repeating tasks (docs/product/tasks.md#repeat,
 * docs/decisions/045-trash-and-recurring-tasks.md, docs/decisions/048-task-gaps.md):
 * a series is made with its first task; the next task of a series is made when the current one is
 * completed, or on its date by the minute sweep, whichever comes first. Both insert with
 * `ON CONFLICT DO NOTHING` on the unique (series, occurrence) index, so an occurrence is made once
 * however many instances sweep or complete at the same time.
 */

type TaskRow = typeof tasks.$inferSelect;

/** How many series one sweep looks at; the rest wait for the next minute. */
const SWEEP_BATCH = 500;

/**
 * A new series for a task due at `first`: its rule counted in the zone of the person who sets it.
 * Refused without a due date, or with an end before it.
 */
export async function newSeries(tx: Db, repeat: Repeat, first: Date | null, zone: string, actorId: string) {
  if (!first) throw badRequest(REPEAT_NEEDS_DUE_DATE, 'dueDate');
  if (repeat.end.type === 'on' && repeat.end.date < zonedDate(first, zone))
    throw badRequest('repeat_ends_before_start', 'repeat');
  const [series] = await tx
    .insert(taskSeries)
    .values({ rule: ruleText(repeat, first, zone), zone, repeat, createdById: actorId })
    .returning({ id: taskSeries.id });
  return { seriesId: series.id, occurrenceAt: first };
}

/** An edit stopped the rule or gave the task a new one: the old series makes no more tasks. */
export async function endSeries(tx: Db, seriesId: string, now: Date) {
  await tx
    .update(taskSeries)
    .set({ endedAt: now })
    .where(and(eq(taskSeries.id, seriesId), isNull(taskSeries.endedAt)));
}

/** A copy of `row` due at `at`, unless that occurrence of its series exists already. */
async function insertOccurrence(tx: Db, row: TaskRow, at: Date, now: Date): Promise<string | null> {
  const [created] = await tx
    .insert(tasks)
    .values({
      title: row.title,
      description: row.description,
      priority: row.priority,
      projectId: row.projectId,
      assigneeId: row.assigneeId,
      assignedById: row.assignedById,
      estimatedHours: row.estimatedHours,
      dueDate: at,
      seriesId: row.seriesId,
      occurrenceAt: at,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [tasks.seriesId, tasks.occurrenceAt] })
    .returning({ id: tasks.id });
  return created?.id ?? null;
}

/**
 * The next occurrence of a repeating task that was just completed, in the completing transaction:
 * the first date of its rule after this one that has not passed yet, a copy of the task due then.
 * Nothing when the series has ended (an edit stopped it) or already has a later occurrence (the
 * sweep made it on its date while this one was open).
 */
export async function createNextOccurrence(tx: Db, row: TaskRow, now: Date): Promise<string | null> {
  if (!row.seriesId || !row.occurrenceAt) return null;
  const [series] = await tx.select().from(taskSeries).where(eq(taskSeries.id, row.seriesId));
  if (!series || series.endedAt) return null;
  const [later] = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.seriesId, row.seriesId), gt(tasks.occurrenceAt, row.occurrenceAt)))
    .limit(1);
  if (later) return null;
  const [{ made }] = await tx.select({ made: count() }).from(tasks).where(eq(tasks.seriesId, row.seriesId));
  const next = nextOccurrence(series.rule, series.zone, row.occurrenceAt, now, made);
  return next ? insertOccurrence(tx, row, next, now) : null;
}

type Due = { id: string; rule: string; zone: string; made: number };

/**
 * The minute sweep's part for repeating tasks: each series whose latest task is still open (not
 * completed, not in the Trash) and of an earlier day than today in the series' zone gets its next
 * occurrence when that falls on today, a copy of the latest task. An occurrence of a day the sweep
 * did not run on (the app was down) is skipped, as a completion done late skips them: one task a
 * day at most, never a trail of overdue copies. Returns how many tasks were made.
 */
export async function createDueOccurrences(ctx: Pick<PublicContext, 'db' | 'now' | 'events' | 'log'>) {
  const { db, now } = ctx;
  const at = now.toISOString();
  const due = await rowsOf<Due>(
    db,
    sql`select t.id, s.rule, s.zone,
          (select count(*) from tasks c where c.series_id = t.series_id)::int as made
        from (select distinct on (series_id) id, series_id, occurrence_at, status, deleted_at
              from tasks where series_id is not null
              order by series_id, occurrence_at desc) t
        join task_series s on s.id = t.series_id
        where s.ended_at is null and t.deleted_at is null and t.status <> 'completed'
          and (t.occurrence_at at time zone s.zone)::date < (${at}::timestamptz at time zone s.zone)::date
        limit ${SWEEP_BATCH}`,
  );
  if (due.length === 0) return 0;
  const rows = await db
    .select()
    .from(tasks)
    .where(
      inArray(
        tasks.id,
        due.map((d) => d.id),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  let made = 0;
  for (const { id, rule, zone, made: count } of due) {
    const row = byId.get(id);
    if (!row?.occurrenceAt) continue;
    const today = zonedDate(now, zone);
    // the first occurrence after the latest one that falls on today or later
    const startOfToday = zonedInstant(today, '00:00', zone);
    const next = nextOccurrence(
      rule,
      zone,
      row.occurrenceAt,
      new Date(startOfToday.getTime() - 60_000),
      count,
    );
    if (!next || zonedDate(next, zone) !== today) continue;
    const created = await insertOccurrence(db, row, next, now);
    if (!created) continue;
    made++;
    await announceTask(ctx, created, [row.assigneeId, row.assignedById]);
  }
  return made;
}
