import { eq } from 'drizzle-orm';
import { type Settings, settingsDefaults } from '@contract/settings';
import type { Db } from '../db/client';
import { settings } from '../db/schema';
import { isValidTimeZone } from './zoned-time';

/**
 * The organisation's settings, or the spec's defaults while none are saved. The time zone falls
 * back to the server's TZ, else UTC (decisions §6).
 */
export async function loadSettings(db: Db, defaultTimeZone: string): Promise<Settings> {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1)).limit(1);
  const fallbackZone = isValidTimeZone(defaultTimeZone) ? defaultTimeZone : 'UTC';
  if (!row) return { ...settingsDefaults, timeZone: fallbackZone };
  return {
    clockIn: row.clockIn,
    clockOut: row.clockOut,
    dailyBreakMinutes: row.dailyBreakMinutes,
    lunchMinutes: row.lunchMinutes,
    lateThresholdMinutes: row.lateThresholdMinutes,
    timeZone: row.timeZone && isValidTimeZone(row.timeZone) ? row.timeZone : fallbackZone,
  };
}

/** Just the organisation's time zone, for features that only need calendar days. */
export async function orgTimeZone(db: Db, defaultTimeZone: string): Promise<string> {
  return (await loadSettings(db, defaultTimeZone)).timeZone;
}
