import { publishLive } from '../../core/live';
import { managersOf } from '../../core/scope';
import type { Context } from '../../lib/context';

/**
 * A week moved (submitted, withdrawn, approved, rejected, reopened): after the commit, the people who
 * may see it hear of it live: its owner and the managers of their teams (every admin hears it by
 * role, core/live.ts). Their open timesheets, review queue and overtime are fetched again.
 */
export async function announceWeek(ctx: Pick<Context, 'db' | 'events' | 'log'>, ownerId: string) {
  const managers = await managersOf(ctx.db, ownerId).catch((err) => {
    ctx.log.warn({ err }, 'live event recipients not loaded');
    return [];
  });
  await publishLive(ctx, { type: 'timesheets.changed', userIds: [ownerId, ...managers] });
}
