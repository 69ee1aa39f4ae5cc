import { z } from 'zod';
import { hhmm, language } from './common';
import { endpoints } from './endpoint';

import { roles } from './roles';

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

export const AUTO_STOP_HOURS_MESSAGE = 'Stop forgotten timers after must be between 1 and 24 hours';
/** The forgotten-timer limit (docs/product/time-tracking.md#forgotten-timers). */
const autoStopHours = z
  .number({ message: AUTO_STOP_HOURS_MESSAGE })
  .int('Stop forgotten timers after must be a whole number of hours')
  .min(1, AUTO_STOP_HOURS_MESSAGE)
  .max(24, AUTO_STOP_HOURS_MESSAGE);

/** Organisation settings (docs/product/attendance.md#settings), with their defaults. */
export const settingsSchema = z.object({
  clockIn: hhmm,
  clockOut: hhmm,
  dailyBreakMinutes: minutes('Daily break', 480),
  lunchMinutes: minutes('Lunch', 480),
  lateThresholdMinutes: minutes('Late threshold', 720),
  autoStopTimerHours: autoStopHours,
  /** The roles that must sign in with a second factor (docs/product/admin.md#two-factor); all three: everyone. */
  twoFactorRoles: z.array(z.enum(roles, { message: 'Choose roles from admin, manager, employee' })).max(3),
  timeZone: z
    .string({ message: 'Time zone is required' })
    .min(1, 'Time zone is required')
    .max(64, 'Enter a valid time zone'),
  /** The language of people who chose none and whose browser asks for none of ours (docs/product/profile.md#language). */
  defaultLanguage: language,
});
export type Settings = z.infer<typeof settingsSchema>;

/**
 * What PUT /api/settings accepts: the same fields, checked together. A client that does not know the
 * forgotten-timer limit may leave it out; the saved value then stays.
 */
export const settingsInput = settingsSchema
  .extend({
    autoStopTimerHours: autoStopHours.optional(),
    twoFactorRoles: settingsSchema.shape.twoFactorRoles.optional(),
    defaultLanguage: language.optional(),
  })
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
  autoStopTimerHours: 10,
  twoFactorRoles: [],
  defaultLanguage: 'en',
} as const;
export type SettingsInput = z.infer<typeof settingsInput>;

export const settingsApi = endpoints('Settings', {
  get: {
    method: 'GET',
    path: '/api/settings',
    summary: "The organisation's attendance settings and time zone",
    access: 'signedIn',
    responses: { 200: settingsSchema },
  },
  save: {
    method: 'PUT',
    path: '/api/settings',
    summary: "Save the organisation's settings",
    access: ['admin'],
    body: settingsInput,
    responses: { 200: settingsSchema },
  },
});
