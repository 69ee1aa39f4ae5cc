import { z } from 'zod';
import { idParam } from './common';
import { endpoints } from './endpoint';
import { isKnownTimeZone } from './settings';
import { weekdayOf } from './zoned-time';

/** Monday first, as weeks start on Monday (docs/product/timesheets.md). */
export const weekdayNames = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** The organisation's schedule, every user's until an admin sets theirs: the spec's 8-hour day, Monday–Friday. */
export const ORGANISATION_SCHEDULE: readonly number[] = [480, 480, 480, 480, 480, 0, 0];

export const MINUTES_PER_DAY = 'minutes_per_day';

/**
 * Whose schedule a person follows: their own, a team's default (docs/product/teams.md#team-default-schedules), or
 * the organisation's.
 */
export const scheduleSources = ['own', 'team', 'organisation'] as const;
export type ScheduleSource = (typeof scheduleSources)[number];

export const scheduleSchema = z.object({
  userId: z.string(),
  /** Expected minutes per weekday, Monday (0) to Sunday (6). */
  minutes: z.array(z.number().int()).length(7),
  /** True while the user has no schedule of their own (they follow their team's or the organisation's). */
  isDefault: z.boolean(),
  source: z.enum(scheduleSources),
  /** The team whose default the user follows (source 'team'), else null. */
  team: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The user's own zone; null: the organisation's. */
  timeZone: z.string().nullable(),
  /** The zone the user's days count in. */
  effectiveTimeZone: z.string(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

/** Expected minutes per weekday, Monday first: a person's schedule or a team's default. */
export const weekMinutes = z
  .array(
    z
      .number({ message: MINUTES_PER_DAY })
      .int('expected_whole_minutes')
      .min(0, MINUTES_PER_DAY)
      .max(1440, MINUTES_PER_DAY),
    { message: 'weekday_minutes' },
  )
  .length(7, 'weekday_minutes_seven');

export const putScheduleRequest = z.object({
  minutes: weekMinutes,
  /** Left out: unchanged; null: the organisation's zone. */
  timeZone: z
    .string({ message: 'time_zone_invalid_example' })
    .max(64, 'time_zone_invalid_example')
    .refine(isKnownTimeZone, 'time_zone_invalid_example')
    .nullable()
    .optional(),
});
export type PutScheduleRequest = z.input<typeof putScheduleRequest>;

/** The expected minutes of an ISO date (YYYY-MM-DD) under a schedule. */
export function expectedOn(minutes: readonly number[], date: string): number {
  return minutes[weekdayOf(date)] ?? 0;
}

export const schedulesApi = endpoints('Schedules', {
  get: {
    method: 'GET',
    path: '/api/users/{id}/schedule',
    summary:
      "A user's work schedule and time zone (their own, their team members' for managers, any for admins)",
    access: 'signedIn',
    params: idParam,
    responses: { 200: scheduleSchema },
  },
  put: {
    method: 'PUT',
    path: '/api/users/{id}/schedule',
    summary: "Set a user's work schedule and time zone",
    access: ['admin'],
    params: idParam,
    body: putScheduleRequest,
    responses: { 200: scheduleSchema },
  },
  reset: {
    method: 'DELETE',
    path: '/api/users/{id}/schedule',
    summary: "Remove a user's own work schedule: they follow their team's default, else the organisation's",
    access: ['admin'],
    params: idParam,
    responses: { 200: scheduleSchema },
  },
});

/** The schedule editor's fields: hours per weekday (quarter hours welcome) and a zone, '' for the organisation's. */
export const weekHours = z
  .array(
    z
      .number({ message: 'hours_per_day_number' })
      .min(0, 'hours_per_day_range')
      .max(24, 'hours_per_day_range'),
  )
  .length(7);

export const scheduleForm = z.object({
  hours: weekHours,
  timeZone: z
    .string()
    .trim()
    .max(64, 'time_zone_invalid_example')
    .refine((zone) => zone === '' || isKnownTimeZone(zone), 'time_zone_invalid_example'),
});
export type ScheduleFormValues = z.input<typeof scheduleForm>;
