import { z } from 'zod';
import { hhmm } from './common';

/** True for a time zone name this runtime knows (IANA names such as 'Europe/Berlin'). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const minutes = (label: string, max: number) =>
  z
    .number({ message: `${label} must be a number` })
    .int(`${label} must be a whole number of minutes`)
    .min(0, `${label} must be between 0 and ${max} minutes`)
    .max(max, `${label} must be between 0 and ${max} minutes`);

/** Organisation settings (decisions §8, §10); defaults are spec point 9's. */
export const settingsSchema = z.object({
  clockIn: hhmm,
  clockOut: hhmm,
  dailyBreakMinutes: minutes('Daily break', 480),
  lunchMinutes: minutes('Lunch', 480),
  lateThresholdMinutes: minutes('Late threshold', 720),
  timeZone: z
    .string({ message: 'Time zone is required' })
    .min(1, 'Time zone is required')
    .max(64, 'Enter a valid time zone'),
});
export type Settings = z.infer<typeof settingsSchema>;

/** What PUT /api/settings accepts: the same fields, checked together. */
export const settingsInput = settingsSchema
  .refine((s) => s.clockOut > s.clockIn, {
    message: 'Clock-out must be after clock-in',
    path: ['clockOut'],
  })
  .refine((s) => isKnownTimeZone(s.timeZone), {
    message: 'Enter a valid time zone, such as Europe/Berlin',
    path: ['timeZone'],
  });

export const settingsDefaults = {
  clockIn: '09:00',
  clockOut: '17:00',
  dailyBreakMinutes: 10,
  lunchMinutes: 45,
  lateThresholdMinutes: 15,
} as const;
