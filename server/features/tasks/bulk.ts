import { and, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { BulkRefusal, bulkTasksRequest, Task } from '@contract/tasks';
import { tasks } from '../../db/schema';
import type { Context } from '../../lib/context';
import { AppError, conflict, messageIn } from '../../lib/errors';
import type { BusEvent, EventBus } from '../../lib/events';
import type { Mailer } from '../../lib/mailer';
import { changeStatus, deleteTask, editTask } from './tasks.service';

/**
 * Many tasks, one change, all or none (docs/product/tasks.md#bulk-edit): each task goes through the
 * very function of its single change (changeStatus, editTask, deleteTask), so the same person may do
 * the same things, each in a savepoint of one transaction. A refusal is collected, not thrown at once,
 * so the answer names every refused task; if there is any, the transaction rolls back. Live events and
 * the mail dispatcher's kick are held until the commit, so nobody hears of a change that was undone.
 */
export async function bulkChange(
  ctx: Context,
  body: z.output<typeof bulkTasksRequest>,
): Promise<{ tasks: Task[]; count: number }> {
  const ids = [...new Set(body.ids)];
  // Read before the transaction, whose connection is the only one on PGlite.
  await ctx.settings();
  await ctx.timeZone();
  const language = await ctx.language();
  const held: BusEvent[] = [];
  let kicked = false;
  const events: EventBus = Object.assign(Object.create(ctx.events), {
    publish: async (event: BusEvent) => {
      held.push(event);
    },
  });
  const mailer: Mailer = Object.assign(Object.create(ctx.mailer), {
    kick: () => {
      kicked = true;
    },
  });
  const refused: BulkRefusal[] = [];
  const { status, ...edit } = body.set ?? {};
  const changed = await ctx.db.transaction(async (tx) => {
    const each: Context = { ...ctx, db: tx, events, mailer };
    const out: Task[] = [];
    // A sub-task selected with its parent goes to the Trash with it (docs/product/tasks.md#deleting-sub-tasks).
    const withParent = body.delete
      ? new Set(
          (
            await tx
              .select({ id: tasks.id })
              .from(tasks)
              .where(and(inArray(tasks.id, ids), inArray(tasks.parentId, ids), isNull(tasks.deletedAt)))
          ).map((t) => t.id),
        )
      : new Set<string>();
    for (const id of ids) {
      try {
        if (withParent.has(id)) continue;
        if (body.delete) await deleteTask(each, id);
        else if (status) out.push(await changeStatus(each, id, status));
        else out.push(await editTask(each, id, edit));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        refused.push({ id, code: error.code, message: messageIn(language, error.code, error.values) });
      }
    }
    if (refused.length > 0)
      throw conflict('bulk_refused', { items: refused, values: { count: refused.length } });
    return out;
  });
  for (const event of held) await ctx.events.publish(event);
  if (kicked) ctx.mailer.kick();
  return { tasks: changed, count: ids.length };
}
