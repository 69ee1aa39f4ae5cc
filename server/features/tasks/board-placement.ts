import { and, eq, sql } from 'drizzle-orm';
import type { TaskPosition, TaskStatus } from '@contract/tasks';
import { tasks } from '../../db/schema';
import type { Db } from '../../db/types';
import { visibleAssignee } from '../../core/visibility';
import type { Context } from '../../lib/context';
import { badRequest, conflict } from '../../lib/errors';

/**
 * A card's place in its board column (docs/product/tasks.md#board,
 * docs/decisions/044-task-board-and-bulk-edit.md): a numeric rank, a new one between the neighbours
 * the mover saw.
 */

type Actor = Context['actor'];

/** Ranks start this far apart, so about fifty drops fit between two neighbours before a renumbering. */
export const RANK_STEP = 1024;

/** The rank of a neighbour the mover named; one they may not see, or the moved task itself, is a 400. */
async function neighbourRank(tx: Db, actor: Actor, taskId: string, id: string | null, status: TaskStatus) {
  if (!id) return undefined;
  const [row] = await tx
    .select({ rank: tasks.rank, status: tasks.status, assigneeId: tasks.assigneeId })
    .from(tasks)
    .where(eq(tasks.id, id))
    .limit(1);
  const own = visibleAssignee(actor);
  if (!row || id === taskId || (own && row.assigneeId !== own))
    throw badRequest('position_invalid', 'position');
  // The neighbour left the column meanwhile: the mover's picture of the board is out of date.
  if (row.status !== status) throw conflict('task_changed');
  return { id, rank: row.rank };
}

/** The rank next to `from` in column `status` (the next one below it, or above it), the moved task aside. */
async function adjacentRank(
  tx: Db,
  taskId: string,
  status: TaskStatus,
  from: { id: string; rank: number },
  below: boolean,
): Promise<number | undefined> {
  const [row] = await tx
    .select({ rank: tasks.rank })
    .from(tasks)
    .where(
      and(
        eq(tasks.status, status),
        sql`${tasks.id} <> ${taskId}`,
        below
          ? sql`(${tasks.rank}, ${tasks.id}) > (${from.rank}, ${from.id})`
          : sql`(${tasks.rank}, ${tasks.id}) < (${from.rank}, ${from.id})`,
      ),
    )
    .orderBy(below ? sql`${tasks.rank} asc, ${tasks.id} asc` : sql`${tasks.rank} desc, ${tasks.id} desc`)
    .limit(1);
  return row?.rank;
}

/** Spreads a column's ranks RANK_STEP apart again, keeping its order. */
async function renumberColumn(tx: Db, status: TaskStatus) {
  await tx.execute(sql`update ${tasks} set rank = ordered.n * ${RANK_STEP}
    from (select id, row_number() over (order by rank, id) as n from ${tasks} where status = ${status}) ordered
    where ${tasks.id} = ordered.id`);
}

/**
 * Puts a dropped card between the neighbours its mover saw (docs/product/tasks.md#board): the
 * midpoint of their ranks; at a column's end, a step beyond the last. When two neighbours' ranks
 * leave no room (about fifty drops into the same gap), the column is renumbered first.
 */
export async function placeTask(
  tx: Db,
  actor: Actor,
  taskId: string,
  status: TaskStatus,
  position: TaskPosition,
) {
  for (let attempt = 0; attempt < 2; attempt++) {
    const after = await neighbourRank(tx, actor, taskId, position.afterId, status);
    const before = await neighbourRank(tx, actor, taskId, position.beforeId, status);
    if (!after && !before) return;
    const low = after ? after.rank : before && (await adjacentRank(tx, taskId, status, before, false));
    const high = before ? before.rank : after && (await adjacentRank(tx, taskId, status, after, true));
    const rank =
      low === undefined
        ? (high as number) - RANK_STEP
        : high === undefined
          ? low + RANK_STEP
          : (low + high) / 2;
    if ((low === undefined || low < rank) && (high === undefined || rank < high)) {
      await tx.update(tasks).set({ rank }).where(eq(tasks.id, taskId));
      return;
    }
    await renumberColumn(tx, status);
  }
  // Even with room made, the named neighbours are not next to each other any more.
  throw conflict('task_changed');
}
