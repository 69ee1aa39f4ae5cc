import { settingsInput, settingsSchema } from '@contract/settings';
import type { AppDeps, ZodApp } from '../../app';
import { currentUser } from '../../lib/auth';
import { loadSettings } from '../../lib/org-settings';
import { saveSettings } from './settings.service';

export async function settingsRoutes(app: ZodApp, deps: AppDeps) {
  // Everyone may read them: the attendance page shows the expected hours.
  app.get(
    '/api/settings',
    { preValidation: deps.guard(), schema: { response: { 200: settingsSchema } } },
    async () => loadSettings(deps.db, deps.config.defaultTimeZone),
  );

  app.put(
    '/api/settings',
    {
      preValidation: deps.guard('admin'),
      schema: { body: settingsInput, response: { 200: settingsSchema } },
    },
    async (request) => saveSettings(deps.db, deps.clock, request.body, currentUser(request).id),
  );
}
