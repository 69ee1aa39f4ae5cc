import { z } from 'zod';

/** Every error response: `{message}`; validation errors add the spec's per-field messages. */
export const errorBody = z.object({
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** Path ids; one that is not a UUID is answered 404, like any id the caller may not see. */
export const idParam = z.object({ id: z.uuid() });

/** Cursor pagination for lists that grow without bound (decisions §6). */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /** the id of the last item of the previous page */
  before: z.uuid({ message: 'Invalid cursor' }).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD');
export const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use the format HH:MM');
