import { settingsApi } from '@contract/settings';
import { implement } from '../../lib/routes';
import { saveSettings } from './settings.service';

/** Everyone may read the settings (the attendance page shows the expected hours); admins save them. */
export const settingsRoutes = implement(settingsApi, {
  get: (ctx) => ctx.settings(),
  save: (ctx, { body }) => saveSettings(ctx, body),
});
