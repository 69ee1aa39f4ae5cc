import type { Settings } from '@contract/settings';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';
import type { Clock } from '../../lib/clock';

/** Saves the organisation's single settings row (id = 1), creating it on first save. */
export async function saveSettings(
  db: Db,
  clock: Clock,
  input: Settings,
  adminId: string,
): Promise<Settings> {
  const values = { ...input, updatedAt: clock.now(), updatedBy: adminId };
  const [row] = await db
    .insert(settings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: settings.id, set: values })
    .returning();
  return {
    clockIn: row.clockIn,
    clockOut: row.clockOut,
    dailyBreakMinutes: row.dailyBreakMinutes,
    lunchMinutes: row.lunchMinutes,
    lateThresholdMinutes: row.lateThresholdMinutes,
    timeZone: row.timeZone ?? input.timeZone,
  };
}
