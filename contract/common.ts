import { z } from 'zod';
import { languages, timeFormats } from './languages';

/** The years the API takes in a date (docs/product/api-conventions.md#dates). */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2999;

/**
 * Every error response: `{code, message}`, plus what a kind of refusal adds (docs/product/api-conventions.md#errors):
 * per-field messages on a 400 (or a 409 that one field is to blame for) and the seconds to wait on a
 * 429. Server errors are mapped to it in one place (server/lib/errors.ts).
 */
export const errorBody = z.object({
  /**
   * The refusal's stable name, for programs: the message's key in locales/<language>/errors.json
   * (`task_not_found`, `title_required`), which lists them all; PASSWORD_CHANGE_REQUIRED on the 403
   * of a pending password change.
   */
  code: z.string(),
  /** why, in the caller's language (their own, else Accept-Language, else the organisation's) */
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  /** 429: seconds until another attempt is accepted (also in the Retry-After header) */
  retryAfter: z.number().int().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** Path ids; one that is not a UUID is answered 404, like any id the caller may not see. */
export const idParam = z.object({ id: z.uuid() });

/** Cursor pagination for lists that grow without bound (docs/product/api-conventions.md#pagination). */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /** the id of the last item of the previous page */
  before: z.uuid({ message: 'invalid_cursor' }).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

/**
 * PostgreSQL refuses NUL in text, no other C0 control character belongs in what people type, and a
 * lone UTF-16 surrogate (broken Unicode) cannot be stored as UTF-8. Multi-line text keeps tab, line
 * feed and carriage return.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
const SINGLE_LINE = /^(?:[^\u0000-\u001F\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;
const MULTI_LINE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
  /^(?:[^\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;
export const INVALID_CHARACTERS = 'invalid_characters';

/**
 * The one type of every free-text field the API takes: trimmed, at most `max` characters, free of
 * control characters and broken Unicode. Messages: `required` for a missing, non-text or blank value (or one shorter
 * than `min`, default 1); `notText` for a non-text value of a field that may be blank; `tooLong`
 * beyond `max`. Each defaults to zod's own.
 */
export function text(options: {
  max: number;
  tooLong?: string;
  required?: string;
  min?: number;
  notText?: string;
  multiline?: boolean;
}) {
  const typeMessage = options.required ?? options.notText;
  let schema = z.string(typeMessage ? { message: typeMessage } : undefined).trim();
  if (options.required) schema = schema.min(options.min ?? 1, options.required);
  return schema
    .max(options.max, options.tooLong)
    .regex(options.multiline ? MULTI_LINE : SINGLE_LINE, INVALID_CHARACTERS);
}

/**
 * A date-time the API takes. With an offset ('…Z', '…+02:00', seconds required) it names an instant;
 * without one ('2026-03-29T14:30', seconds optional: what a date-time input gives) it is a wall-clock
 * time, which the server reads in the organisation's time zone.
 */
export const dateTimeInput = (message: string) =>
  z.iso
    .datetime({ offset: true, local: true, message, abort: true })
    // The format allows 30 February and the year 0001: only a real day of years 1900–2999 is taken.
    .refine((value) => isCalendarDate(value.slice(0, 10)), message);

export const DATE_FORMAT = 'date_format';
export const NOT_A_DATE = 'not_a_date';
export const DATE_OUT_OF_RANGE = 'date_out_of_range';

/**
 * True for a day that exists ('2026-02-28', not '2026-02-30' or '2026-13-45') in the years the API
 * takes: before 1900 or after 2999 a date is a typing mistake, and beyond them the arithmetic of
 * weeks and time zones leaves what the database and `Intl` handle alike.
 */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * A calendar day the API takes, 'YYYY-MM-DD': checked as a date, once, here (never a 500, never a
 * silent roll-over of 30 February into March).
 */
export const isoDate = z
  .string({ message: DATE_FORMAT })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: DATE_FORMAT, abort: true })
  .superRefine((value, ctx) => {
    const year = Number(value.slice(0, 4));
    if (year < MIN_YEAR || year > MAX_YEAR) ctx.addIssue({ code: 'custom', message: DATE_OUT_OF_RANGE });
    else if (!isCalendarDate(value)) ctx.addIssue({ code: 'custom', message: NOT_A_DATE });
  });

/** A calendar day in an answer, 'YYYY-MM-DD' (inputs take `isoDate`, which also checks the range). */
export const calendarDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time_format_hhmm');

/** A language of ours (contract/languages.ts). */
export const language = z.enum(languages, { message: 'language_invalid' });
/** A person's clock: '12h' or '24h'. */
export const timeFormat = z.enum(timeFormats, { message: 'time_format_invalid' });
