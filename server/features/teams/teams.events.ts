import { publishLive } from '../../core/live';
import type { Context } from '../../lib/context';

/**
 * A team was created, changed or deleted: after the commit, its members before and after hear of it
 * live (every admin hears it by role, core/live.ts). Who manages whom moves with a team's people, so
 * their open team views, schedules, review queues and overtime are fetched again.
 */
export function announceTeam(ctx: Pick<Context, 'events' | 'log'>, memberIds: Iterable<string>) {
  return publishLive(ctx, { type: 'teams.changed', userIds: [...memberIds] });
}
