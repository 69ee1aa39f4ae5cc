import { platformApi } from '@contract/platform';
import { unreadyReason } from '../../lib/readiness';
import type { AppDeps } from '../../deps';
import { type FeatureRoutes, implement, respond } from '../../lib/routes';

/** Liveness and readiness, for load balancers and orchestrators (docs/decisions/009). */
export const platformRoutes: FeatureRoutes<AppDeps> = {
  register(app, deps) {
    implement(platformApi, {
      health: () => ({ status: 'ok' as const }),
      ready: async (_ctx, _input, { reply }) => {
        reply.header('cache-control', 'no-store');
        const reason = await unreadyReason(deps.database, deps.events);
        return reason
          ? respond(platformApi.ready, 503, { status: 'unavailable', message: reason })
          : { status: 'ok' as const };
      },
    }).register(app, deps);
  },
};
