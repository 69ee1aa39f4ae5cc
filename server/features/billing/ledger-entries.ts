import { type SQL, sql } from 'drizzle-orm';
import type { Context } from '../../lib/context';
import { ledgerRows } from '../../core/time/ledger';
import { timePeople } from '../../core/time/people';
import type { LedgerEntry } from './money';

/**
 * The entries of a range as billing counts them (docs/product/billing.md#billable): each entry's
 * seconds are its ledger seconds on the days from..to of its person's calendar (overlaps counted
 * once, as the ledger counts them: server/core/time/ledger.ts), on the first of those days. Running
 * timers are not billed until they stop. `where` narrows the entries (on `e` time_entries, `pr`
 * projects); `people` the persons (on `u` users).
 */
export async function ledgerEntries(
  ctx: Pick<Context, 'db' | 'settings' | 'now'>,
  range: { from: string; to: string },
  filters: { people?: SQL; entries?: SQL } = {},
): Promise<LedgerEntry[]> {
  const people = await timePeople(
    ctx.db,
    filters.people ?? sql`true`,
    (await ctx.settings()).timeZone,
    range,
  );
  const rows = await ledgerRows<{
    entry_id: string;
    user_id: string;
    project_id: string | null;
    task_id: string | null;
    client_id: string | null;
    day: string;
    secs: string | number;
    billable: boolean;
    invoice_id: string | null;
    rounding_minutes: number | null;
    rounding_scope: 'entry' | 'day' | null;
  }>(
    ctx.db,
    people.map((person) => ({ person, from: range.from, to: range.to })),
    { now: ctx.now, manyRows: true },
    // Each entry's pieces summed first (one row per entry, not per entry and day). Only entries
    // switched by hand or invoiced have billing columns of their own (the others follow their
    // project): those are read from the small partial index time_entries_marked_idx, not every
    // entry's row from the heap; and only tasks in the Trash are looked up, not every task
    // (docs/performance.md, "The billable report").
    sql`, entry_pieces as (
          select entry_id, user_id, project_id, task_id, min(day) as day, sum(secs) as secs
          from pieces group by entry_id, user_id, project_id, task_id
        )
        select p.entry_id::text as entry_id, p.user_id::text as user_id, p.project_id::text as project_id,
          case when gone.id is null then p.task_id::text end as task_id, pr.client_id::text as client_id, p.day::text as day, p.secs,
          coalesce(e.billable, pr.billable, false) as billable, e.invoice_id::text as invoice_id,
          pr.rounding_minutes, pr.rounding_scope
        from entry_pieces p
        left join time_entries e on e.id = p.entry_id
          and (e.billable is not null or e.invoice_id is not null)
        left join projects pr on pr.id = p.project_id
        -- a task in the Trash is named nowhere (docs/product/tasks.md#deleting)
        left join tasks gone on gone.id = p.task_id and gone.deleted_at is not null
        -- a running timer's time is billed once it stops and is an entry
        where p.secs > 0 and not exists (select 1 from active_timers t where t.id = p.entry_id)
          and ${filters.entries ?? sql`true`}
        order by p.user_id, p.day, p.entry_id`,
  );
  return rows.map((r) => ({
    entryId: r.entry_id,
    userId: r.user_id,
    projectId: r.project_id,
    taskId: r.task_id,
    clientId: r.client_id,
    day: r.day,
    seconds: Number(r.secs),
    billable: r.billable,
    invoiceId: r.invoice_id,
    roundingMinutes: r.rounding_minutes ?? 0,
    roundingScope: r.rounding_scope ?? 'entry',
  }));
}
