import type { Language } from '@contract/languages';
import { type Settings, settingsDefaults } from '@contract/settings';
import type { Db } from '../db/types';
import { statement } from '../db/statements';
import { isValidTimeZone } from '@contract/zoned-time';

/**
 * The organisation's default language as last read from each database: an error answer uses it
 * without a query (the database may be the very thing that failed). One organisation per database,
 * so one value per database, never one per process (a process may serve several, as the tests do).
 */
const organisationLanguage = new WeakMap<Db, Language>();
export const lastKnownOrganisationLanguage = (db: Db | undefined): Language =>
  (db && organisationLanguage.get(db)) ?? settingsDefaults.defaultLanguage;

/** The saved settings row, as `SETTINGS_QUERY` reads it. */
export type SavedSettingsRow = Omit<Settings, 'timeZone'> & { timeZone: string | null };

/** The organisation's saved settings (one row, or none while nothing is saved). */
export const SETTINGS_QUERY = `select clock_in as "clockIn", clock_out as "clockOut", daily_break_minutes as "dailyBreakMinutes",
     lunch_minutes as "lunchMinutes", late_threshold_minutes as "lateThresholdMinutes",
     auto_stop_timer_hours as "autoStopTimerHours", two_factor_roles as "twoFactorRoles", time_zone as "timeZone",
     default_language as "defaultLanguage"
   from settings where id = 1`;

// Read by every time-zone-aware request (lists, summaries, the dashboard), so prepared once.
const savedSettings = statement<SavedSettingsRow>('org_settings', SETTINGS_QUERY);

/**
 * The settings row a session's or API token's lookup read along with its user (lib/auth.ts), by that
 * user's object: the request's context takes its settings from there instead of asking again, one
 * round trip fewer for every request that needs them (docs/performance.md). null: no row is saved.
 */
const readWithSession = new WeakMap<object, SavedSettingsRow | null>();
export const rememberSettingsRow = (user: object, row: SavedSettingsRow | null) =>
  readWithSession.set(user, row);

/** The settings the credential's lookup read for this user, or undefined when none did (no user). */
export function settingsReadWith(db: Db, user: object | null, defaultTimeZone: string): Settings | undefined {
  if (!user || !readWithSession.has(user)) return undefined;
  return settingsFrom(db, readWithSession.get(user) ?? undefined, defaultTimeZone);
}

export async function loadSettings(db: Db, defaultTimeZone: string): Promise<Settings> {
  const [row] = await savedSettings(db);
  return settingsFrom(db, row, defaultTimeZone);
}

function settingsFrom(db: Db, row: SavedSettingsRow | undefined, defaultTimeZone: string): Settings {
  const fallbackZone = isValidTimeZone(defaultTimeZone) ? defaultTimeZone : 'UTC';
  organisationLanguage.set(db, row?.defaultLanguage ?? settingsDefaults.defaultLanguage);
  if (!row) return { ...settingsDefaults, twoFactorRoles: [], timeZone: fallbackZone };
  return {
    clockIn: row.clockIn,
    clockOut: row.clockOut,
    dailyBreakMinutes: row.dailyBreakMinutes,
    lunchMinutes: row.lunchMinutes,
    lateThresholdMinutes: row.lateThresholdMinutes,
    autoStopTimerHours: row.autoStopTimerHours,
    twoFactorRoles: row.twoFactorRoles,
    timeZone: row.timeZone && isValidTimeZone(row.timeZone) ? row.timeZone : fallbackZone,
    defaultLanguage: row.defaultLanguage,
  };
}
