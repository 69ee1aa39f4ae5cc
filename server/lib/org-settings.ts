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

// Read by every time-zone-aware request (lists, summaries, the dashboard), so prepared once.
const savedSettings = statement<Omit<Settings, 'timeZone'> & { timeZone: string | null }>(
  'org_settings',
  `select clock_in as "clockIn", clock_out as "clockOut", daily_break_minutes as "dailyBreakMinutes",
     lunch_minutes as "lunchMinutes", late_threshold_minutes as "lateThresholdMinutes",
     auto_stop_timer_hours as "autoStopTimerHours", two_factor_roles as "twoFactorRoles", time_zone as "timeZone",
     default_language as "defaultLanguage"
   from settings where id = 1`,
);

/**
 * The organisation's settings, or the defaults (docs/product/attendance.md#settings) while none are saved. The time zone falls
 * back to the server's TZ, else UTC (docs/product/api-conventions.md#org-dates).
 */
export async function loadSettings(db: Db, defaultTimeZone: string): Promise<Settings> {
  const [row] = await savedSettings(db);
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
