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

/** A number of minutes from 0 to `max`, with its field's messages (keys of errors.json). */
const minutes = (messages: { number: string; whole: string; range: string }, max: number) =>
  z.number({ message: messages.number }).int(messages.whole).min(0, messages.range).max(max, messages.range);

export const AUTO_STOP_HOURS_MESSAGE = 'auto_stop_hours_range';
/** The forgotten-timer limit (docs/product/time-tracking.md#forgotten-timers). */
const autoStopHours = z
  .number({ message: AUTO_STOP_HOURS_MESSAGE })
  .int('auto_stop_hours_whole')
  .min(1, AUTO_STOP_HOURS_MESSAGE)
  .max(24, AUTO_STOP_HOURS_MESSAGE);

/** Organisation settings (docs/product/attendance.md#settings), with their defaults. */
export const settingsSchema = z.object({
  clockIn: hhmm,
  clockOut: hhmm,
  dailyBreakMinutes: minutes(
    { number: 'daily_break_number', whole: 'daily_break_whole', range: 'daily_break_range' },
    480,
  ),
  lunchMinutes: minutes({ number: 'lunch_number', whole: 'lunch_whole', range: 'lunch_range' }, 480),
  lateThresholdMinutes: minutes(
    { number: 'late_threshold_number', whole: 'late_threshold_whole', range: 'late_threshold_range' },
    720,
  ),
  autoStopTimerHours: autoStopHours,
  /** The roles that must sign in with a second factor (docs/product/admin.md#two-factor); all three: everyone. */
  twoFactorRoles: z.array(z.enum(roles, { message: 'two_factor_roles_invalid' })).max(3),
  timeZone: z
    .string({ message: 'time_zone_required' })
    .min(1, 'time_zone_required')
    .max(64, 'time_zone_invalid'),
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
    message: 'clock_out_after_clock_in',
    path: ['clockOut'],
  })
  .refine((s) => isKnownTimeZone(s.timeZone), {
    message: 'time_zone_invalid_example',
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
