import type { Settings, SettingsInput } from '@contract/settings';
import { settings } from '../../db/schema';
import type { Context } from '../../lib/context';
import { loadSettings } from '../../lib/org-settings';
import { audit, changesBetween } from '../../core/audit';

/** Saves the organisation's single settings row (id = 1), creating it on first save. */
export async function saveSettings(ctx: Context, input: SettingsInput): Promise<Settings> {
  const { db, now, actor } = ctx;
  const before = await ctx.settings();
  // Left out, the forgotten-timer limit and the two-factor roles keep its saved value (or the column's default).
  const { autoStopTimerHours, twoFactorRoles, defaultLanguage, ...rest } = input;
  const values = {
    ...rest,
    ...(defaultLanguage === undefined ? {} : { defaultLanguage }),
    ...(autoStopTimerHours === undefined ? {} : { autoStopTimerHours }),
    ...(twoFactorRoles === undefined ? {} : { twoFactorRoles: [...new Set(twoFactorRoles)] }),
    updatedAt: now,
    updatedBy: actor.id,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: settings.id, set: values });
    // What changed, for the audit log (docs/product/admin.md#audit-log).
    await audit(tx, {
      actorId: actor.id,
      action: 'settings_changed',
      details: { changes: changesBetween(before, input) },
      at: now,
    });
  });
  // Read back the one way settings are read (lib/org-settings.ts), defaults and fallbacks included.
  return loadSettings(db, ctx.config.defaultTimeZone);
}
