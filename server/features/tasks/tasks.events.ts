import { publishLive } from '../../core/live';
import type { Context } from '../../lib/context';

/**
 * A task changed (created, edited, moved, commented, deleted): after the commit, its people (assignee,
 * creator, a previous assignee) and every manager and admin hear of it live; their open screens fetch
 * the lists again.
 */
export function announceTask(
  ctx: Pick<Context, 'events' | 'log'>,
  taskId: string,
  userIds: readonly (string | null | undefined)[],
) {
  return publishLive(ctx, {
    type: 'tasks.changed',
    taskId,
    userIds: userIds.filter((id): id is string => Boolean(id)),
  });
}
