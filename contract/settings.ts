import { z } from 'zod';
import { hhmm } from './common';

/** Organisation settings (decisions §8, §10); defaults are spec point 9's. */
export const settingsSchema = z.object({
  clockIn: hhmm,
  clockOut: hhmm,
  dailyBreakMinutes: z.number().int().min(0).max(480),
  lunchMinutes: z.number().int().min(0).max(480),
  lateThresholdMinutes: z.number().int().min(0).max(720),
  timeZone: z.string().min(1).max(64),
});
export type Settings = z.infer<typeof settingsSchema>;

export const settingsDefaults = {
  clockIn: '09:00',
  clockOut: '17:00',
  dailyBreakMinutes: 10,
  lunchMinutes: 45,
  lateThresholdMinutes: 15,
} as const;
