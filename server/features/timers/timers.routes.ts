import { timersApi } from '@contract/timers';
import { implement } from '../../lib/routes';
import { stopForgottenTimers } from './forgotten-timers';
import { getActiveTimer, startTimer, stopTimer, updateTimer } from './timers.service';

/** One running timer per user; every role times its own work. */
export const timersRoutes = implement(timersApi, {
  // A timer past the limit is stopped before it is shown, not up to a sweep later.
  active: (ctx) => stopForgottenTimers(ctx, ctx.actor.id).then(() => getActiveTimer(ctx)),
  start: (ctx, { body }) => startTimer(ctx, body),
  update: (ctx, { body }) => updateTimer(ctx, body),
  stop: (ctx, { body }) => stopTimer(ctx, body?.timerId),
});
