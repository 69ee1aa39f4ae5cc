import { setupApi } from '@contract/setup';
import { implement } from '../../lib/routes';
import { dismissIntro, dismissSetup, getIntro, getSetup } from './setup.service';

/** The admins' setup checklist and everyone's first-steps card (docs/product/dashboard.md#setup). */
export const setupRoutes = implement(setupApi, {
  get: (ctx) => getSetup(ctx),
  dismiss: (ctx, { body }) => dismissSetup(ctx, body.dismissed),
  intro: (ctx) => getIntro(ctx),
  dismissIntro: (ctx, { body }) => dismissIntro(ctx, body.dismissed),
});
