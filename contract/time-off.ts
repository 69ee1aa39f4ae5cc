import { z } from 'zod';
import { calendarDay, errorBody, idParam, isoDate, text } from './common';
import { endpoints } from './endpoint';

/**
 * Time off (docs/product/time-off.md): leave types, allowances, requests and decisions, public
 * holidays, the absence calendar and its iCalendar feeds.
 */

export const LEAVE_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export const leaveStatus = z.enum(LEAVE_STATUSES, {
  message: 'leave_status_invalid',
});
export type LeaveStatus = z.infer<typeof leaveStatus>;

// Messages the server and the forms share.
export const TYPE_IN_USE = 'type_in_use';
export const TYPE_NAME_TAKEN = 'type_name_taken';
export const UNKNOWN_TYPE = 'unknown_type';
export const NO_HALF_DAYS = 'no_half_days';
export const NO_HOURS = 'no_hours';
export const HOURS_NEEDED = 'hours_needed';
export const HOURS_ONE_DAY = 'hours_one_day';
export const END_BEFORE_START = 'end_before_start';
export const ONE_YEAR = 'one_year';
export const OVERLAPS_OWN = 'overlaps_own';
/** With `{remaining}`, the days left (a conflict's `values`). */
export const OVER_BALANCE = 'over_balance';
export const OVER_OVERTIME = 'over_overtime';
export const NOTHING_TO_TAKE = 'nothing_to_take';
export const COMMENT_REQUIRED = 'leave_comment_required';
export const LEAVE_NOT_FOUND = 'leave_not_found';

const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'colour_invalid');

export const leaveTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  paid: z.boolean(),
  /** counts against the yearly allowance */
  allowance: z.boolean(),
  approval: z.boolean(),
  halfDays: z.boolean(),
  hours: z.boolean(),
  /** peers see only "Out" */
  privateReason: z.boolean(),
  /** takes its hours from the overtime balance */
  compensation: z.boolean(),
  allowNegative: z.boolean(),
  archived: z.boolean(),
  /** requests of it exist: it can only be archived */
  inUse: z.boolean(),
});
export type LeaveType = z.infer<typeof leaveTypeSchema>;

const typeFields = {
  name: text({
    required: 'type_name_required',
    max: 60,
    tooLong: 'name_too_long_60',
  }),
  color: hex,
  paid: z.boolean(),
  allowance: z.boolean(),
  approval: z.boolean(),
  halfDays: z.boolean(),
  hours: z.boolean(),
  privateReason: z.boolean(),
  compensation: z.boolean(),
  allowNegative: z.boolean(),
};
const oneUnit = (v: { halfDays?: boolean; hours?: boolean }) => !(v.halfDays && v.hours);
export const createLeaveTypeRequest = z
  .object(typeFields)
  .refine(oneUnit, { message: 'half_days_or_hours', path: ['hours'] });
export const updateLeaveTypeRequest = z
  .object({ ...typeFields, archived: z.boolean() })
  .partial()
  .refine(oneUnit, { message: 'half_days_or_hours', path: ['hours'] });

export const typesQuery = z.object({
  /** include archived types (the settings screen); requests offer only active ones */
  archived: z.enum(['true', 'false']).optional(),
});

/** A person's allowance of a year, in days (docs/product/time-off.md#allowances). */
export const leaveBalance = z.object({
  userId: z.string(),
  userName: z.string(),
  year: z.number().int(),
  /** the year's entitlement, pro rata from the day they joined */
  entitlementDays: z.number(),
  /** the person's own days a year (an admin set them), instead of the organisation's; null: the organisation's */
  ownEntitlementDays: z.number().nullable(),
  /** unused days of last year, up to the limit */
  carriedOverDays: z.number(),
  /** carried-over days not taken by the carry-over date, once it has passed */
  expiredDays: z.number(),
  /** the day carried-over days expire, 'YYYY-MM-DD' */
  carryOverUntil: z.string(),
  adjustmentDays: z.number(),
  /** approved, up to today */
  takenDays: z.number(),
  /** approved, after today */
  plannedDays: z.number(),
  /** waiting for a decision */
  requestedDays: z.number(),
  /** entitlement + carried over − expired + adjustments − taken − planned */
  remainingDays: z.number(),
});
export type LeaveBalance = z.infer<typeof leaveBalance>;

export const balancesQuery = z.object({
  userId: z.uuid('person_required').optional(),
  year: z.coerce
    .number({ message: 'year_required' })
    .int('year_required')
    .min(1900, 'year_range')
    .max(2999, 'year_range')
    .optional(),
  teamId: z.uuid('team_required').optional(),
});

export const adjustmentRequest = z.object({
  year: z
    .number({ message: 'year_required' })
    .int('year_required')
    .min(1900, 'year_range')
    .max(2999, 'year_range'),
  days: z
    .number({ message: 'adjustment_days_required' })
    .multipleOf(0.5, 'days_in_halves')
    .min(-366, 'at_most_366_days')
    .max(366, 'at_most_366_days')
    .refine((d) => d !== 0, 'adjustment_days_required'),
  reason: text({ required: 'reason_required', max: 300, tooLong: 'reason_too_long_300' }),
});

export const policySchema = z.object({
  entitlementDays: z
    .number({ message: 'entitlement_number' })
    .multipleOf(0.5, 'days_in_halves')
    .min(0, 'entitlement_range')
    .max(366, 'entitlement_range'),
  carryOverMaxDays: z
    .number({ message: 'carry_over_number' })
    .multipleOf(0.5, 'days_in_halves')
    .min(0, 'carry_over_range')
    .max(366, 'carry_over_range'),
  /** 'MM-DD' */
  carryOverUntil: z.string().regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'month_day_format'),
});
export type LeavePolicy = z.infer<typeof policySchema>;
export const entitlementRequest = z.object({
  /** the person's own entitlement in days; null: the organisation's */
  days: policySchema.shape.entitlementDays.nullable(),
});

/** Who is out, as the viewer may see it: a private type shows as "Out" to peers. */
export const leaveRequestSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  /** null when the reason is private and the viewer may not see it */
  typeId: z.string().nullable(),
  typeName: z.string(),
  color: z.string(),
  startDate: calendarDay,
  endDate: calendarDay,
  startHalf: z.boolean(),
  endHalf: z.boolean(),
  hours: z.number().nullable(),
  /** null when private to the viewer */
  note: z.string().nullable(),
  status: leaveStatus,
  /** working days it costs, by the person's schedule less holidays (0 for an hourly request) */
  days: z.number(),
  /** the seconds it takes off the expected time (or, for Overtime compensation, off the balance) */
  seconds: z.number().int(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  comment: z.string().nullable(),
  createdAt: z.string(),
  /** what the caller may do with it */
  can: z.object({ decide: z.boolean(), cancel: z.boolean() }),
});
export type LeaveRequest = z.infer<typeof leaveRequestSchema>;

export const requestsQuery = z.object({
  status: leaveStatus.optional(),
  userId: z.uuid('person_required').optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** only the requests the caller may decide (the approval queue) */
  decidable: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

export const createRequestBody = z
  .object({
    typeId: z.uuid(UNKNOWN_TYPE),
    startDate: isoDate,
    endDate: isoDate,
    startHalf: z.boolean().default(false),
    endHalf: z.boolean().default(false),
    hours: z
      .number({ message: 'hours_number' })
      .multipleOf(0.25, 'hours_in_quarters')
      .min(0.25, 'at_least_quarter_hour')
      .max(24, 'at_most_24_hours')
      .optional(),
    note: text({ max: 500, tooLong: 'note_too_long_500', multiline: true }).default(''),
  })
  .refine((v) => v.endDate >= v.startDate, { message: END_BEFORE_START, path: ['endDate'] })
  .refine((v) => v.startDate.slice(0, 4) === v.endDate.slice(0, 4), { message: ONE_YEAR, path: ['endDate'] })
  .refine((v) => !(v.startDate === v.endDate && v.startHalf && v.endHalf), {
    message: 'one_half_only',
    path: ['endHalf'],
  });
export type CreateRequestBody = z.input<typeof createRequestBody>;

/** What a request would cost, before it is made (the form shows it at once). */
export const previewResponse = z.object({
  days: z.number(),
  seconds: z.number().int(),
  /** the allowance's remaining days after it (allowance types), else null */
  remainingAfterDays: z.number().nullable(),
  /** the overtime balance after it (Overtime compensation), else null */
  overtimeAfterSeconds: z.number().int().nullable(),
  /** why it would be refused, or null */
  problem: z.string().nullable(),
});
export type LeavePreview = z.infer<typeof previewResponse>;

export const rejectRequestBody = z.object({
  comment: text({
    required: COMMENT_REQUIRED,
    max: 500,
    tooLong: 'comment_too_long_500',
    multiline: true,
  }),
});
export const approveRequestBody = z
  .object({
    comment: text({
      max: 500,
      tooLong: 'comment_too_long_500',
      multiline: true,
    }).optional(),
  })
  .default({});

export const calendarQuery = z
  .object({ from: isoDate, to: isoDate, teamId: z.uuid('team_required').optional() })
  .refine((v) => v.to >= v.from, { message: END_BEFORE_START, path: ['to'] })
  .refine((v) => (Date.parse(`${v.to}T00:00:00Z`) - Date.parse(`${v.from}T00:00:00Z`)) / 86_400_000 <= 62, {
    message: 'calendar_two_months',
    path: ['to'],
  });

export const holidaySchema = z.object({
  /** a company day's or removal's id; null for the data set's own holidays */
  id: z.string().nullable(),
  date: calendarDay,
  name: z.string(),
  halfDay: z.boolean(),
  /** 'public' from the data set, 'company' an organisation's own day, 'removed' a public one taken off */
  source: z.enum(['public', 'company', 'removed']),
  teamId: z.string().nullable(),
});
export type Holiday = z.infer<typeof holidaySchema>;

export const absenceCalendar = z.object({
  from: calendarDay,
  to: calendarDay,
  people: z.array(z.object({ userId: z.string(), name: z.string(), teamNames: z.array(z.string()) })),
  absences: z.array(leaveRequestSchema),
  holidays: z.array(holidaySchema),
});
export type AbsenceCalendar = z.infer<typeof absenceCalendar>;

export const holidaysQuery = z.object({
  year: z.coerce.number().int().min(1900, 'year_range').max(2999, 'year_range'),
  teamId: z.uuid('team_required').optional(),
});
export const regionSchema = z.object({
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'country_required')
    .nullable(),
  region: z.string().max(10, 'region_required').nullable(),
});
export type HolidayRegion = z.infer<typeof regionSchema>;
/** A team's region (teamId) instead of the organisation's; a team's null country follows the organisation. */
export const regionRequest = regionSchema.extend({ teamId: z.uuid('team_required').optional() });
export const regionResponse = regionSchema.extend({
  teamId: z.string().nullable(),
  countries: z.array(z.object({ code: z.string(), name: z.string() })),
  regions: z.array(z.object({ code: z.string(), name: z.string() })),
});
/** 'added': a company day; 'removed': a public holiday the organisation works. */
export const HOLIDAY_OVERRIDE_KINDS = ['added', 'removed'] as const;
export const holidayOverrideRequest = z.object({
  date: isoDate,
  /** 'added': a company day; 'removed': a public holiday the organisation works */
  kind: z.enum(HOLIDAY_OVERRIDE_KINDS, { message: 'holiday_kind_invalid' }),
  name: text({ required: 'holiday_name_required', max: 80, tooLong: 'name_too_long_80' }),
  halfDay: z.boolean().default(false),
  teamId: z.uuid('team_required').optional(),
});

export const FEED_SCOPES = ['mine', 'team'] as const;
export const feedSchema = z.object({
  id: z.string(),
  scope: z.enum(FEED_SCOPES),
  teamId: z.string().nullable(),
  teamName: z.string().nullable(),
  createdAt: z.string(),
});
export const createdFeed = feedSchema.extend({ url: z.string() });
export const createFeedRequest = z.object({
  scope: z.enum(FEED_SCOPES, { message: 'calendar_scope_invalid' }),
  teamId: z.uuid('team_required').optional(),
});

/** "Who's out today" for the dashboard: the day in the caller's zone. */
export const outToday = z.object({ date: calendarDay, people: z.array(leaveRequestSchema) });

const signedIn = 'signedIn' as const;
const admins = ['admin'] as const;

export const timeOffApi = endpoints('Time off', {
  types: {
    method: 'GET',
    path: '/api/leave/types',
    summary: 'The leave types (active ones; `archived=true` for all)',
    access: signedIn,
    query: typesQuery,
    responses: { 200: z.array(leaveTypeSchema) },
  },
  createType: {
    method: 'POST',
    path: '/api/leave/types',
    summary: 'Add a leave type',
    access: admins,
    body: createLeaveTypeRequest,
    responses: { 201: leaveTypeSchema, 409: errorBody },
  },
  updateType: {
    method: 'PATCH',
    path: '/api/leave/types/{id}',
    summary: 'Change or archive a leave type',
    access: admins,
    params: idParam,
    body: updateLeaveTypeRequest,
    responses: { 200: leaveTypeSchema, 409: errorBody },
  },
  deleteType: {
    method: 'DELETE',
    path: '/api/leave/types/{id}',
    summary: 'Delete a leave type no request uses (a type in use can only be archived)',
    access: admins,
    params: idParam,
    responses: { 204: null, 409: errorBody },
  },
  policy: {
    method: 'GET',
    path: '/api/leave/policy',
    summary: "The organisation's entitlement and carry-over rules",
    access: signedIn,
    responses: { 200: policySchema },
  },
  savePolicy: {
    method: 'PUT',
    path: '/api/leave/policy',
    summary: "Save the organisation's entitlement and carry-over rules (audited)",
    access: admins,
    body: policySchema,
    responses: { 200: policySchema },
  },
  balances: {
    method: 'GET',
    path: '/api/leave/balances',
    summary: "Allowances of a year: the caller's own; a manager's people; an admin's everyone",
    access: signedIn,
    query: balancesQuery,
    responses: { 200: z.array(leaveBalance), 404: errorBody },
  },
  setEntitlement: {
    method: 'PUT',
    path: '/api/leave/allowances/{userId}/entitlement',
    summary: "A person's own yearly entitlement in days (null: the organisation's); audited",
    access: admins,
    params: z.object({ userId: z.uuid() }),
    body: entitlementRequest,
    responses: { 200: leaveBalance },
  },
  adjust: {
    method: 'POST',
    path: '/api/leave/allowances/{userId}/adjustments',
    summary: "Add or remove days of a person's allowance of a year, with a reason (audited)",
    access: admins,
    params: z.object({ userId: z.uuid() }),
    body: adjustmentRequest,
    responses: { 201: leaveBalance },
  },
  requests: {
    method: 'GET',
    path: '/api/leave/requests',
    summary: "Requests: the caller's own; a manager also their people's; an admin everyone's",
    access: signedIn,
    query: requestsQuery,
    responses: { 200: z.array(leaveRequestSchema), 404: errorBody },
  },
  preview: {
    method: 'POST',
    path: '/api/leave/requests/preview',
    summary: 'What a request would cost and the balance after it, without making it',
    access: signedIn,
    body: createRequestBody,
    responses: { 200: previewResponse, 404: errorBody },
  },
  request: {
    method: 'POST',
    path: '/api/leave/requests',
    summary: 'Ask for time off (approved at once for types that need no approval)',
    access: signedIn,
    body: createRequestBody,
    responses: { 201: leaveRequestSchema, 404: errorBody, 409: errorBody },
  },
  approve: {
    method: 'POST',
    path: '/api/leave/requests/{id}/approve',
    summary: "Approve a pending request of someone the caller manages (admins: anyone's)",
    access: ['manager', 'admin'],
    params: idParam,
    body: approveRequestBody,
    responses: { 200: leaveRequestSchema, 409: errorBody },
  },
  reject: {
    method: 'POST',
    path: '/api/leave/requests/{id}/reject',
    summary: 'Reject a pending request with a comment',
    access: ['manager', 'admin'],
    params: idParam,
    body: rejectRequestBody,
    responses: { 200: leaveRequestSchema, 409: errorBody },
  },
  cancel: {
    method: 'POST',
    path: '/api/leave/requests/{id}/cancel',
    summary:
      'Cancel a request: its owner while pending or not yet begun; a manager of theirs or an admin also once begun',
    access: signedIn,
    params: idParam,
    responses: { 200: leaveRequestSchema, 409: errorBody },
  },
  calendar: {
    method: 'GET',
    path: '/api/leave/calendar',
    summary: "Absences and holidays of the caller's team (a team's; admins any) over at most two months",
    access: signedIn,
    query: calendarQuery,
    responses: { 200: absenceCalendar, 404: errorBody },
  },
  outToday: {
    method: 'GET',
    path: '/api/leave/out-today',
    summary: "Who of the caller's teams is out today",
    access: signedIn,
    responses: { 200: outToday },
  },
  holidays: {
    method: 'GET',
    path: '/api/holidays',
    summary: "A year's holidays of the organisation (or a team's region), with its own days and removals",
    access: signedIn,
    query: holidaysQuery,
    responses: { 200: z.array(holidaySchema), 404: errorBody },
  },
  region: {
    method: 'GET',
    path: '/api/holidays/region',
    summary: "The organisation's (or a team's) holiday region, and the countries and regions to choose from",
    access: signedIn,
    query: z.object({
      /** the regions of this country instead of the saved one's (the picker, before saving) */
      country: z
        .string()
        .regex(/^[A-Z]{2}$/, 'country_required')
        .optional(),
      teamId: z.uuid('team_required').optional(),
    }),
    responses: { 200: regionResponse, 404: errorBody },
  },
  saveRegion: {
    method: 'PUT',
    path: '/api/holidays/region',
    summary: "Choose the organisation's (or a team's) country and region for public holidays (audited)",
    access: admins,
    body: regionRequest,
    responses: { 200: regionResponse, 404: errorBody },
  },
  addHoliday: {
    method: 'POST',
    path: '/api/holidays',
    summary: 'Add a company day, or remove a public holiday (for everyone, or a team)',
    access: admins,
    body: holidayOverrideRequest,
    responses: { 201: holidaySchema, 404: errorBody, 409: errorBody },
  },
  removeHoliday: {
    method: 'DELETE',
    path: '/api/holidays/{id}',
    summary: 'Undo a company day or a removal',
    access: admins,
    params: idParam,
    responses: { 204: null },
  },
  feeds: {
    method: 'GET',
    path: '/api/calendar/feeds',
    summary: "The caller's calendar feeds (their URLs are shown only when made)",
    access: signedIn,
    sessionOnly: true,
    responses: { 200: z.array(feedSchema) },
  },
  createFeed: {
    method: 'POST',
    path: '/api/calendar/feeds',
    summary: 'Make a secret iCalendar URL of your own absences or of a team of yours (shown this once)',
    access: signedIn,
    sessionOnly: true,
    body: createFeedRequest,
    responses: { 201: createdFeed, 404: errorBody, 409: errorBody },
  },
  revokeFeed: {
    method: 'DELETE',
    path: '/api/calendar/feeds/{id}',
    summary: 'Revoke a calendar feed: its URL stops working',
    access: signedIn,
    sessionOnly: true,
    params: idParam,
    responses: { 204: null },
  },
  feed: {
    method: 'GET',
    path: '/api/calendar/{token}.ics',
    summary: 'An iCalendar (RFC 5545) feed: no session, the token is the secret',
    access: 'public',
    params: z.object({ token: z.string().max(100) }),
    responses: { 200: z.string(), 404: errorBody },
    produces: 'text/calendar; charset=utf-8',
  },
});
