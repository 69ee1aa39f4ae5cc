import {
  activeTimer,
  startTimerBody,
  stopTimerBody,
  stopTimerResponse,
  timerActiveResponse,
} from '@contract/timers';
import type { AppDeps, ZodApp } from '../../app';
import { currentUser } from '../../lib/auth';
import { orgTimeZone } from '../../lib/org-settings';
import { getActiveTimer, startTimer, stopTimer, type TimerContext } from './timers.service';

/** One running timer per user (decisions §7); every role times its own work. */
export async function timersRoutes(app: ZodApp, deps: AppDeps) {
  // preValidation, not preValidation: an anonymous call is 401 before its body is judged.
  const guard = deps.guard();
  const context = async (userId: string): Promise<TimerContext> => ({
    db: deps.db,
    clock: deps.clock,
    userId,
    timeZone: await orgTimeZone(deps.db, deps.config.defaultTimeZone),
  });

  app.get(
    '/api/timer/active',
    { preValidation: guard, schema: { response: { 200: timerActiveResponse } } },
    async (request) => getActiveTimer(deps.db, currentUser(request).id),
  );

  app.post(
    '/api/timer/start',
    { preValidation: guard, schema: { body: startTimerBody, response: { 201: activeTimer } } },
    async (request, reply) => {
      const timer = await startTimer(await context(currentUser(request).id), request.body);
      return reply.status(201).send(timer);
    },
  );

  app.post(
    '/api/timer/stop',
    { preValidation: guard, schema: { body: stopTimerBody, response: { 200: stopTimerResponse } } },
    async (request) => stopTimer(await context(currentUser(request).id), request.body?.timerId),
  );
}
