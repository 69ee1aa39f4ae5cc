import type { Context } from '../../lib/context';

/**
 * The live event of a task change (created, edited, moved, commented, deleted): its id and the people
 * it concerns (assignee, creator, a previous assignee). The hub pushes it to their sockets and to
 * every manager's and admin's, who see all tasks; their open screens fetch the lists again.
 */
export type TasksBusEvent = { type: 'tasks.changed'; taskId: string; userIds: string[] };

/** After the commit; a lost event only delays the others' screens until their next fetch, so it is logged. */
export async function announceTask(
  ctx: Pick<Context, 'events' | 'log'>,
  taskId: string,
  userIds: readonly (string | null | undefined)[],
) {
  const event: TasksBusEvent = {
    type: 'tasks.changed',
    taskId,
    userIds: [...new Set(userIds.filter((id): id is string => Boolean(id)))],
  };
  await ctx.events.publish(event).catch((err) => ctx.log.warn({ err }, 'task event not published'));
}
